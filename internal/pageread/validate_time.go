package pageread

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
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
		var d uint64
		if w&0x80 == 0 { // a one-byte step
			d = w & 0x7F
			p++
		} else {
			var m int
			if d, m = checkedWordUvarint(w); m == 0 {
				break
			}
			p += m
		}
		l := local + format.DecodeZigZag(d)
		w = binary.LittleEndian.Uint64(b[p:])
		var f uint64
		if w&0x80 == 0 {
			f = w & 0x7F
			p++
		} else {
			var m int
			if f, m = checkedWordUvarint(w); m == 0 {
				break
			}
			p += m
		}
		if l < format.TimeMinLocal || l > format.TimeMaxLocal || !fracValid(f) {
			break
		}
		pos, local = p, l
	}
	return i, pos, local
}

// fracValid reports whether f, a time cell's fraction varint (the
// fraction's digits times ten plus their count), is in range: at most
// nine digits, the fraction below ten to the power of their count. It is
// timeCellValid's check of the fraction.
func fracValid(f uint64) bool {
	if f > 9_999_999_999 {
		return false
	}
	q := f / 10
	return q < pow10frac[f-q*10]
}

// pow10frac[k] = 10^k, for fracValid.
var pow10frac = [10]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000}
