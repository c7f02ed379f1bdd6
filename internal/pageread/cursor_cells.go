package pageread

import "github.com/rowpage/rowpage/format"

// CellTake pairs a column's cursor with the cell TakeCells reads its
// current cell into.
type CellTake struct {
	Cur  *Cursor
	Cell *Cell
}

// TakeCells is TakeCell for each pair of ts in turn: a row reader's loop
// over the columns of a row. The cells that need no call, a string index
// or an integer of one byte in a column without a null bitmap, are read
// here, which spares each of them TakeCell's call (Go keeps no register
// across a call, so the loop reloads its state after each); the others
// take TakeCell.
func TakeCells(ts []CellTake) {
	for _, t := range ts {
		c, cell := t.Cur, t.Cell
		if c.bits == nil {
			switch c.enc {
			case format.EncStrSeq:
				c.i++
				cell.Tag, cell.Str = format.TagString, uint32(c.acc)
				c.acc++
				continue
			case format.EncStrRef:
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
			case format.EncIntFOR:
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
			case format.EncIntDelta:
				if v := c.data[c.pos]; v < 0x80 {
					c.i++
					c.pos++
					c.acc = int64(uint64(c.acc) + uint64(format.DecodeZigZag(uint64(v))))
					cell.Tag, cell.Int = format.TagInt, c.acc
					continue
				}
			}
		}
		c.TakeCell(cell)
	}
}
