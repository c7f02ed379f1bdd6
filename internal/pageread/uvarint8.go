package pageread

import (
	"math/bits"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// uvarint8 is checkedWordUvarint for a varint known to be two bytes or
// longer (w&0x80 != 0), as the integer renderers read one after their
// one-byte case: the value and length of the canonical varint of 2 to 8
// bytes that starts w, or n = 0 for one of nine bytes or more or one whose
// last byte is zero. It spends fewer instructions on the way:
//
//   - stop^(stop-1), the bits up to the lowest stop bit, is the mask of the
//     varint's bytes, with no shift by a variable count;
//   - the last byte is zero when the masked varint is no greater than the
//     mask of the bytes before it (mask>>8), one comparison;
//   - the 7-bit groups are joined in place, the upper group of each lane
//     lowered by subtracting the difference of its two weights, with one
//     mask a step where gather7's take two.
//
// It inlines.
func uvarint8(w uint64) (v uint64, n int) {
	stop := ^w & jsonwire.SWARHi
	mask := stop ^ (stop - 1) // all ones when stop is 0
	x := w & mask
	if stop == 0 || x <= mask>>8 {
		return 0, 0
	}
	x &= 0x7F7F7F7F7F7F7F7F
	x -= x & 0x7F007F007F007F00 >> 1     // 14-bit groups in 16-bit lanes: the upper 2^8 times less 2^7
	x -= x & 0x3FFF00003FFF0000 >> 2 * 3 // 28-bit groups in 32-bit lanes: 2^16 less 2^14
	x = x&0xFFFFFFFF | x>>32<<28         // the whole value
	return x, bits.TrailingZeros64(stop)>>3 + 1
}
