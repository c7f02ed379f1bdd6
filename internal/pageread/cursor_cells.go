package pageread

import (
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// CellTake pairs a column's cursor with the cell TakeCells reads its
// current cell into.
type CellTake struct {
	Cur  *Cursor
	Cell *Cell
}

// The cases of TakeCells, one a cursor (Cursor.take, set by StartCursor
// and KeepOpen): the encoding with its null-bitmap bit, numbered from 0
// so that Go switches on them through a table of jumps (five
// instructions a cell, where comparisons by the encoding took seven on
// average on the analytics rows). takeCall is every other column, whose
// cells take TakeCell: past the table, it costs no test of its own.
const (
	takeStrSeqNulls = iota
	takeStrSeq
	takeStrRefNulls
	takeStrRef
	takeIntFOR
	takeTime
	takeFloat
	takeIntDelta
	takeAny
	takeCall
)

// takeCases maps a column's encoding with its null-bitmap bit to its
// TakeCells case. An any column takes its case only once KeepOpen.
var takeCases = func() (t [256]uint8) {
	for e := range t {
		t[e] = takeCall
	}
	t[format.EncStrSeq|format.EncNullBitmap] = takeStrSeqNulls
	t[format.EncStrSeq] = takeStrSeq
	t[format.EncStrRef|format.EncNullBitmap] = takeStrRefNulls
	t[format.EncStrRef] = takeStrRef
	t[format.EncIntFOR] = takeIntFOR
	t[format.EncTime] = takeTime
	t[format.EncFloat] = takeFloat
	t[format.EncIntDelta] = takeIntDelta
	return t
}()

// TakeCells is TakeCell for each pair of ts in turn: a row reader's loop
// over the columns of a row. The cells that need no call are read here:
// in a column without a null bitmap, a string of a sequence, a string
// index or a delta or frame-of-reference integer of one or two bytes, a
// decimal float whose mantissa takes one or two, and a time that Parse
// kept decoded (Column.times) or whose two varints end within eight bytes
// in a column of one offset; in a column of string indexes with a null
// bitmap, a null and an index of one or two bytes; in a column of a string
// sequence with a null bitmap, every cell; in an any column read open
// (KeepOpen), an array or object of a one-byte count, and a repeat of one.
// That spares each of them TakeCell's call, and a time the call of
// takeTimeTo too. The other cells take TakeCell. The switch is on the
// cursor's case (Cursor.take), its encoding with its null-bitmap bit: a
// column with a bitmap takes its own case or TakeCell, without a test of
// the bitmap in the other columns' cases.
//
// Cost: some 10 instructions a cell besides its case's (the loop, the
// table of jumps, and the two stores Go makes at each cell of the values
// that live across TakeCell's call). A loop of the cases apart from the
// call, which TakeCells called again after each TakeCell, saved the
// stores on the analytics rows but cost some 30 instructions a call on
// rows whose floats, times or string lists take TakeCell (rows-25 +5.5%).
func TakeCells(ts []CellTake) {
	for _, t := range ts {
		c, cell := t.Cur, t.Cell
		switch c.take {
		case takeStrSeqNulls:
			// A column of distinct strings and nulls (a *string field
			// on a small page): a null as TakeCell reads it, a string
			// as below.
			if c.bits[c.i>>3]&(1<<(c.i&7)) != 0 {
				c.i++
				cell.Tag = format.TagNull
				continue
			}
			fallthrough
		case takeStrSeq:
			c.i++
			cell.Tag, cell.Str = format.TagString, uint32(c.acc)
			c.acc++
			continue
		case takeStrRefNulls:
			// A column of strings and nulls (a *string field): a
			// null as TakeCell reads it, a string as below.
			if c.bits[c.i>>3]&(1<<(c.i&7)) != 0 {
				c.i++
				cell.Tag = format.TagNull
				continue
			}
			fallthrough
		case takeStrRef:
			if v := c.data[c.pos]; v < 0x80 {
				c.i++
				c.pos++
				cell.Tag, cell.Str = format.TagString, uint32(v)
				continue
			} else if p := c.pos + 1; p < len(c.data) && c.data[p] < 0x80 {
				c.i++
				c.pos += 2
				cell.Tag, cell.Str = format.TagString, uint32(v&0x7F)|uint32(c.data[p])<<7
				continue
			}
		case takeIntFOR:
			if v := c.data[c.pos]; v < 0x80 {
				c.i++
				c.pos++
				cell.Tag, cell.Int = format.TagInt, int64(uint64(c.acc)+uint64(v))
				continue
			} else if p := c.pos + 1; p < len(c.data) && c.data[p] < 0x80 {
				c.i++
				c.pos += 2
				cell.Tag, cell.Int = format.TagInt, int64(uint64(c.acc)+(uint64(v&0x7F)|uint64(c.data[p])<<7))
				continue
			}
		case takeTime:
			// The cell as Parse decoded it, when it kept the column's
			// cells (its mode fixes the offset): takeTimeTo's result,
			// cursor included, from a few loads.
			if uint(c.i) < uint(len(c.times)) {
				x := &c.times[c.i]
				c.i++
				c.pos += int(x.size)
				cell.Tag = format.TagTime
				t := &cell.Time
				t.Local, t.Frac, t.Digits, t.Offset, t.ZeroPlus = x.local, x.frac, x.digits, c.off, false
				c.acc = x.local
				continue
			}
			// Else takeTimeTo's way when both varints end within one
			// word, in a column whose cells carry no offset.
			if c.mode != format.TimePerValue && c.pos+8 <= len(c.data) {
				w := jsonwire.Load64(c.data, c.pos)
				stops := ^w & jsonwire.SWARHi // the last byte of each varint
				if rest := stops & (stops - 1); rest != 0 {
					v := gather7(w & (rest ^ (rest - 1)))
					s := uint(bits.TrailingZeros64(stops)+1) * 7 / 8 & 63 // the step's bits
					f := v >> s
					c.i++
					c.pos += bits.TrailingZeros64(rest)>>3 + 1
					c.acc += format.DecodeZigZag(v & (1<<s - 1))
					cell.Tag = format.TagTime
					t := &cell.Time
					t.Local, t.Frac, t.Digits, t.Offset, t.ZeroPlus = c.acc, uint32(f/10), uint8(f%10), c.off, false
					continue
				}
			}
		case takeFloat:
			// TakeFloat's decimal with a mantissa of one or two bytes.
			if p := c.pos + 2; p < len(c.data) && c.data[c.pos] != format.FloatRawSelector {
				sel, m, n := c.data[c.pos], uint64(c.data[c.pos+1]), 2
				if m >= 0x80 {
					m, n = m&0x7F|uint64(c.data[p])<<7, 3
				}
				if c.data[c.pos+n-1] < 0x80 {
					c.i++
					c.pos += n
					// Field by field: a FloatCell literal is built
					// on the stack and copied (12 instructions more).
					cell.Tag = format.TagFloat
					f := &cell.Float
					f.Raw, f.Bits, f.Dec.Neg, f.Dec.Mant, f.Dec.Exp = false, 0, sel&0x80 != 0, m, int(sel&0x7F)-format.FloatExpBias
					continue
				}
			}
		case takeIntDelta:
			if v := c.data[c.pos]; v < 0x80 {
				c.i++
				c.pos++
				c.acc = int64(uint64(c.acc) + uint64(format.DecodeZigZag(uint64(v))))
				cell.Tag, cell.Int = format.TagInt, c.acc
				continue
			}
		case takeAny:
			// takeAnyOpen's common cell without its calls: an array
			// or object with a one-byte count of 1 to 127, after a
			// cell the reader closed (or none left open).
			b, pos := c.data, c.pos
			if m := &c.open; m.open {
				// openMark.skip's test that cell is the open
				// container, closed.
				if cell.Open || cell.Tag != m.tag || cell.Len != m.n || len(cell.Data) == 0 || &cell.Data[0] != &b[pos] {
					break
				}
				pos += len(cell.Data)
			}
			if p := pos + 2; p <= len(b) {
				if tag, cnt := b[pos], b[pos+1]; (tag == format.TagArray || tag == format.TagObject) && cnt-1 < 0x7F {
					c.pos = p
					c.i++
					cell.Tag, cell.Len, cell.Flat, cell.Data, cell.Open = tag, int(cnt), false, b[p:], true
					c.open = openMark{open: true, tag: tag, n: int(cnt), at: pos}
					continue
				}
			}
			// takeAnyOpen's repeat without its calls: an offset of one
			// to three bytes naming an array or object with a one-byte
			// count of 1 to 127, opened where it is, as takeAnyOpen
			// opens it; the cursor moves past the repeat now.
			if p := pos + 4; p <= len(b) && b[pos] == format.TagRepeat {
				off, n := int(b[pos+1]), 1
				if off >= 0x80 {
					if y := b[pos+2]; y < 0x80 {
						off, n = off&0x7F|int(y)<<7, 2
					} else if z := b[pos+3]; z < 0x80 {
						off, n = off&0x7F|int(y&0x7F)<<7|int(z)<<14, 3
					} else {
						off = len(b) // four bytes or more: TakeCell's
					}
				}
				// Parse checked that off names an earlier cell, so
				// off+2 <= pos; the test spares the bounds checks.
				if q := off + 2; q <= pos {
					if tag, cnt := b[off], b[off+1]; (tag == format.TagArray || tag == format.TagObject) && cnt-1 < 0x7F {
						c.pos = pos + 1 + n
						c.i++
						c.open.open = false
						cell.Tag, cell.Len, cell.Flat, cell.Data, cell.Open = tag, int(cnt), false, b[q:], true
						continue
					}
				}
			}
		}
		c.TakeCell(cell)
	}
}
