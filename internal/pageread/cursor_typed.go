package pageread

import (
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// UvarintAt decodes the uvarint at b[pos:], which Parse validated, and
// returns it with the position after it: with eight bytes left, from one
// load (the end from the continuation bits, the groups with shifts, as
// Cursor.uvSlow does), else with format.ConsumeUvarint. For readers of
// tagged values outside this package (rowpage's Elems) whose varints of
// three bytes or more cost a ConsumeUvarint call and its checks.
func UvarintAt(b []byte, pos int) (uint64, int) {
	if pos+8 <= len(b) {
		w := jsonwire.Load64(b, pos)
		if stop := ^w & jsonwire.SWARHi; stop != 0 {
			n := bits.TrailingZeros64(stop)>>3 + 1
			w &= ^uint64(0) >> (64 - 8*n) // n = 8 keeps all
			return gather7(w), pos + n
		}
	}
	v, n := format.ConsumeUvarint(b[pos:])
	return v, pos + n
}
