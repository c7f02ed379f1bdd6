package pageread

import (
	"encoding/binary"
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

// uvFrac reads a time cell's fraction, a varint Parse checked: one byte
// inline, as uv does, and a longer one with uvLoad, which decodes the
// four or five bytes of a microsecond or nanosecond fraction from one
// load straight away, where uv's uvSlow first tests for two bytes (about
// 20 instructions a cell more). It inlines.
func (c *Cursor) uvFrac() uint64 {
	if b := c.data[c.pos]; b < 0x80 {
		c.pos++
		return uint64(b)
	}
	return c.uvLoad()
}

// uvLoad reads a varint of two or more bytes that Parse checked: from one
// load when eight bytes are left and it ends within them, else with
// uvSlow.
func (c *Cursor) uvLoad() uint64 {
	p := c.pos
	if uint(p)+8 <= uint(len(c.data)) {
		w := binary.LittleEndian.Uint64(c.data[p:])
		if n := bits.TrailingZeros64(^w&jsonwire.SWARHi)>>3 + 1; n <= 8 {
			c.pos = p + n
			return gather7(w & (^uint64(0) >> (64 - 8*n)))
		}
	}
	return c.uvSlow()
}
