package pageread

import (
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// timeRun checks, from b[pos:], up to n cells of a time or text-time
// column whose mode fixes the offset (not TimePerValue, whose offset
// timeHead has checked), as timeColumn checks them, local being the
// seconds before the first. It stops before the first cell it cannot
// take so, which timeColumn then reads on its own: a cell that is bad
// (its varints cut short or not minimal, its time out of range), whose
// varints do not both end within the eight bytes it starts, or that
// starts within eight bytes of the payload's end (where that word is not
// there to load). It returns the cells it checked, where they end
// and the last one's local seconds.
//
// With out of n cells or more (see timeCell), it writes the i-th cell it
// takes into out[i]. Otherwise (a text-time column, whose cells Parse
// does not keep) it lets timeRunInto write them to a scratch array on its
// stack, timeRunChunk at a time: one loop for both.
func timeRun(b []byte, pos, n int, local int64, out []timeCell) (int, int, int64) {
	if len(out) >= n {
		return timeRunInto(b, pos, local, out[:n])
	}
	var tmp [timeRunChunk]timeCell
	i := 0
	for i < n {
		want := min(n-i, len(tmp))
		k, p, l := timeRunInto(b, pos, local, tmp[:want])
		i, pos, local = i+k, p, l
		if k < want {
			break
		}
	}
	return i, pos, local
}

// timeRunChunk is how many cells timeRun takes a call of timeRunInto when
// it does not keep them: a call per eight cells, and 128 bytes of stack
// to clear a timeRun.
const timeRunChunk = 8

// timeRunInto is timeRun's loop: it checks up to len(out) cells and
// writes each into out. It is timeColumn's loop without a call: each
// cell's two varints come from one 64-bit load, with the checks of
// timeCellValid that the offset does not need. In timeColumn's loop, the
// calls of its rare paths had Go keep the loop's state on the stack; here
// it stays in registers. Looping over out, with the word loaded without a
// bounds check, it keeps no count of its own and tests no length of out
// a cell: about 12 instructions a cell less (108 a cell of the analytics
// set's nanosecond times, from 120), and about half of timeColumn's.
func timeRunInto(b []byte, pos int, local int64, out []timeCell) (int, int, int64) {
	for i := range out {
		if pos > len(b)-8 {
			return i, pos, local
		}
		w := load8(b, pos)
		var d, f uint64
		var m int
		// Both varints from the one load when both end within it, with
		// one gather7, as Cursor.TakeTimeJSON reads them; a zero byte
		// after a continuation byte ends a varint that is not minimal.
		stops := ^w & jsonwire.SWARHi
		rest := stops & (stops - 1)
		cells := w & (rest ^ (rest - 1))
		zero := stops &^ (cells&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F)
		if w&0x8080 == 0 { // two one-byte varints (whole seconds): no gather
			d, f, m = w&0x7F, w>>8&0x7F, 2
		} else if rest != 0 && zero&(cells<<8) == 0 {
			v := gather7(cells)
			s := uint(bits.TrailingZeros64(stops)+1) * 7 / 8 & 63 // the step's bits
			d, f, m = v&(1<<s-1), v>>s, bits.TrailingZeros64(rest)>>3+1
		} else {
			// A cell whose varints do not both end within the word (a
			// step of 4 bytes or more before a nanosecond fraction: the
			// first cell of a column, whose step is its seconds), or one
			// not minimal, is left to timeColumn: a call here, even one
			// not taken, had Go keep the loop's state on the stack.
			return i, pos, local
		}
		l := local + format.DecodeZigZag(d)
		if uint64(l-format.TimeMinLocal) > format.TimeMaxLocal-format.TimeMinLocal || !fracValid(f) {
			return i, pos, local
		}
		out[i] = keptTime(l, f, m)
		pos, local = pos+m, l
	}
	return len(out), pos, local
}

// timeCell is a cell of a time column (EncTime) as Parse decoded it while
// checking it: its local seconds, fraction and digits, and its size in
// the payload. Parse keeps them (Column.times) for the columns whose mode
// fixes the offset, and TakeCells reads a cell from them with a few loads
// instead of decoding its two varints again (gather7, a division by ten:
// about 50 instructions a cell). Its 16 bytes index with a shift.
type timeCell struct {
	local  int64
	frac   uint32
	size   uint8 // the cell's bytes: two varints, 15 bytes at most
	digits uint8
}

// keptTime is the timeCell of a cell of size bytes whose local seconds
// are local and whose fraction varint is f (digits times ten plus their
// count). Inlines.
func keptTime(local int64, f uint64, size int) timeCell {
	return timeCell{local: local, frac: uint32(f / 10), size: uint8(size), digits: uint8(f % 10)}
}

// timeCells returns n cells of l.times for a time column's checks to
// fill, or nil when n is more than the payload of plen bytes can hold
// (each cell takes two bytes at least): the checks then fail, and a
// hostile cell count costs no memory.
func (l *Layout) timeCells(n, plen int) []timeCell {
	if n > plen/2 {
		return nil
	}
	at := len(l.times)
	l.times = slices.Grow(l.times, n)[:at+n]
	return l.times[at : at+n : at+n]
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
