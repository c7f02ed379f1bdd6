package pageread

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// timeRun checks, from b[pos:], up to n cells of a time or text-time
// column whose mode fixes the offset (not TimePerValue, whose offset
// timeHead has checked), as timeColumn checks them, local being the
// seconds before the first. It stops before the first cell it cannot
// take so, which timeColumn then reads on its own: a cell that is bad
// (its varints cut short or not minimal, its time out of range), that
// has a varint of more than eight bytes, or that starts within 16 bytes
// of the payload's end. It returns the cells it checked, where they end
// and the last one's local seconds.
//
// It is timeColumn's loop without a call: each varint comes from one
// 64-bit load, and the checks of timeCellValid that the offset does not
// need. In timeColumn's loop, the calls of its rare paths had Go keep the
// loop's state on the stack; here it stays in registers. Cost: about half
// of timeColumn's instructions a cell.
func timeRun(b []byte, pos, n int, local int64) (int, int, int64) {
	i := 0
	for ; i < n && pos <= len(b)-16; i++ {
		p := pos
		w := binary.LittleEndian.Uint64(b[p:])
		var d, f uint64
		// Both varints from the one load when both end within it, with
		// one gather7, as Cursor.TakeTimeJSON reads them; a zero byte
		// after a continuation byte ends a varint that is not minimal.
		stops := ^w & jsonwire.SWARHi
		rest := stops & (stops - 1)
		cells := w & (rest ^ (rest - 1))
		zero := stops &^ (cells&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F)
		if w&0x8080 == 0 { // two one-byte varints (whole seconds): no gather
			d, f = w&0x7F, w>>8&0x7F
			p += 2
		} else if rest != 0 && zero&(cells<<8) == 0 {
			v := gather7(cells)
			s := uint(bits.TrailingZeros64(stops)+1) * 7 / 8 & 63 // the step's bits
			d, f = v&(1<<s-1), v>>s
			p += bits.TrailingZeros64(rest)>>3 + 1
		} else {
			// A cell whose varints do not both end within the word (a
			// step of 4 bytes or more before a nanosecond fraction: the
			// first cell of a column, whose step is its seconds), or one
			// not minimal, is left to timeColumn: a call here, even one
			// not taken, had Go keep the loop's state on the stack.
			break
		}
		l := local + format.DecodeZigZag(d)
		if uint64(l-format.TimeMinLocal) > format.TimeMaxLocal-format.TimeMinLocal || !fracValid(f) {
			break
		}
		pos, local = p, l
	}
	return i, pos, local
}

// fracValid reports whether f, a time cell's fraction varint (the
// fraction's digits times ten plus their count), is in range: at most
// nine digits, the fraction below ten to the power of their count. It is
// timeCellValid's check of the fraction, in one compare: with c = f%10
// and q = f/10, q < 10^c holds exactly when f = 10q+c < 10^(c+1) (10q and
// 10^(c+1) are multiples of ten and c < 10), which also rules out ten
// digits or more (f < 10^10).
func fracValid(f uint64) bool {
	return f < pow10frac[f%10]
}

// pow10frac[c] = 10^(c+1), for fracValid.
var pow10frac = [10]uint64{10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000}
