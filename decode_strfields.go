package rowpage

import (
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Decoding string cells into string and []string fields, and the blocks of
// strings copied out of the page for them.

// setStrings writes c into f, a slice of strings, when c is null or an
// array of strings and nulls, and reports whether it did.
func (d *decodeState) setStrings(f fieldRef, c *pageread.Cell) bool {
	switch c.Tag {
	case format.TagNull:
		f.setStrings(nil)
		return true
	case format.TagArray:
		if c.Flat {
			d.fillFlatStrings(f, c.Data, c.Len)
			return true
		}
		_, ok := d.fillStrings(f, c.Data, c.Len)
		return ok
	}
	return false
}

// setInt64s writes c into f, a []int64, when c is null or an array of
// integers that fit, and reports whether it did. Like json.Unmarshal it
// reuses the slice's array when it has room.
func (d *decodeState) setInt64s(f fieldRef, c *pageread.Cell) bool {
	p := f.int64s()
	switch c.Tag {
	case format.TagNull:
		*p = nil
		return true
	case format.TagArray:
	default:
		return false
	}
	out := (*p)[:0]
	if out == nil || cap(out) < c.Len {
		out = d.newInt64s(c.Len)[:0]
	}
	r := pageread.Elements(c)
	var e pageread.Cell
	for {
		if _, ok := r.Next(&e); !ok {
			break
		}
		if e.Tag != format.TagInt {
			return false // the reflect path decodes it, or says why not
		}
		out = append(out, e.Int)
	}
	c.Close(r.End(&e))
	*p = out
	return true
}

// fillFlatStrings decodes a string-list cell's n bare string indexes at the
// start of b into f, reusing its array when it has room, as fillStrings
// does, and returns the bytes they take.
func (d *decodeState) fillFlatStrings(f fieldRef, b []byte, n int) int {
	out := f.strings()
	if out == nil || cap(out) < n {
		out = d.newStrings(n)
	} else {
		out = out[:n]
	}
	pos := 0
	for i := range n {
		x, m := uint64(b[pos]), 1
		if x >= 0x80 {
			if y := b[pos+1]; y < 0x80 { // two bytes, without a call
				x, m = x&0x7F|uint64(y)<<7, 2
			} else {
				x, m = format.ConsumeUvarint(b[pos:])
			}
		}
		out[i] = d.str(uint32(x))
		pos += m
	}
	f.setStrings(out)
	return pos
}

// fillStrings decodes the n tagged values at the start of b, the elements
// of an array, into f, a slice of strings, when they are all strings and
// nulls, and returns the bytes they take. Like the reflect path it reuses
// the slice's array when it has room, and null elements become "" (a null
// leaves a string alone, and the element starts zero). At any other element
// it reports false with f itself unchanged, and the reflect path starts
// over.
func (d *decodeState) fillStrings(f fieldRef, b []byte, n int) (int, bool) {
	out := f.strings()
	if out == nil || cap(out) < n {
		out = d.newStrings(n)
	} else {
		out = out[:n]
		clear(out)
	}
	pos := 0
	for i := range n {
		switch b[pos] {
		case format.TagString:
			x, next := uint64(b[pos+1]), pos+2
			if x >= 0x80 {
				x, next = uvarintLong(b, pos+1)
			}
			out[i] = d.str(uint32(x))
			pos = next
		case format.TagNull:
			pos++
		default:
			return 0, false
		}
	}
	f.setStrings(out)
	return pos, true
}

// newStrings returns a new []string of length and capacity n, non-nil even
// when n is 0. Small slices are cut from a shared slab, so the []string
// fields of a page cost a few allocations rather than one each; capacity
// equals length, so appending to one never writes into another.
func (d *decodeState) newStrings(n int) []string {
	if n == 0 {
		return []string{}
	}
	return d.strs.cut(n, 1024) // arrays of at most 16 KiB, well within small-object sizes
}

// strBlock holds the copied strings of a string-seq column: the column's
// values are consecutive string-table entries that occur nowhere else, and
// its cells take them in order, so they are copied a chunk of consecutive
// strings at a time, one allocation per chunk.
type strBlock struct {
	s    string // the current chunk: strings next to end-1, concatenated
	off  int    // where string next starts in s
	next uint32 // the string-table index the next cell should hold
	end  uint32 // one past the last index in s
	stop uint32 // one past the column's last index; 0 until the first cell
}

// blockChunk is the most bytes of strings a chunk holds (one longer string
// gets a chunk of its own). Chunks stay small-object sized, which the
// runtime recycles more cheaply than large ones.
const blockChunk = 16 << 10

// colStr returns a copy of string-table entry i, read from a cell of
// column d.col: see seqStr for string-seq columns, str for the others.
func (d *decodeState) colStr(i uint32) string {
	if d.col < 0 || d.l.Columns[d.col].Enc&^format.EncNullBitmap != format.EncStrSeq {
		return d.str(i)
	}
	return d.seqStr(d.col, i)
}

// seqStr returns a copy of string-table entry i, read from a cell of col,
// a string-seq column: from the column's chunk when the cells are read in
// order, as they are, else from str. With d.compat it is made as copyStr
// makes it. The common case, the next entry of the current chunk outside
// JSON-compatible decoding, is a slice of the chunk; seqStrSlow does the
// rest.
func (d *decodeState) seqStr(col int, i uint32) string {
	if d.blocks != nil && !d.compat {
		if b := &d.blocks[col]; i == b.next && i < b.end { // (b.end <= b.stop)
			t := &d.l.Strings
			end := b.off + t.Start(int(i)+1) - t.Start(int(i))
			s := b.s[b.off:end]
			b.off, b.next = end, i+1
			return s
		}
	}
	return d.seqStrSlow(col, i)
}

// seqStrColumn decodes the n cells of string-seq column c, which has no
// nulls, from its cursor k into the string fields of fs, outside
// JSON-compatible decoding: the cells hold n consecutive entries of the
// string table, taken at once (TakeStrRun), each the next slice of the
// column's chunk as seqStr cuts it. The first cell of each chunk goes
// through seqStr, which fills the chunk; the rest of the chunk is cut here
// in one loop over the entries' starts, without seqStr's call and tests
// for each cell (about 100 instructions a cell on baas-25 become 25 or so).
func (d *decodeState) seqStrColumn(fs *colFields, n, c int, k *pageread.Cursor) {
	i := k.TakeStrRun(n)
	for r := 0; r < n; {
		fs.at(r).setString(d.seqStr(c, i))
		r, i = r+1, i+1
		b := &d.blocks[c] // seqStr made d.blocks, outside compat
		if b.next != i || b.end <= i {
			continue // out of order (str's copy), or the chunk's last
		}
		m := min(n-r, int(b.end-i)) // cells left in the chunk
		starts := d.l.Strings.Starts(int(i), int(i)+m)
		s, off := b.s, b.off
		for j, e := range starts[1:] {
			end := off + int(e-starts[j])
			fs.at(r + j).setString(s[off:end])
			off = end
		}
		b.off, b.next = off, i+uint32(m)
		r, i = r+m, i+uint32(m)
	}
}

// seqStrSlow is seqStr for the first cell of a column, a cell past its
// chunk, a cell out of order, and JSON-compatible decoding.
func (d *decodeState) seqStrSlow(col int, i uint32) string {
	if d.blocks == nil {
		d.blocks = d.takeBlocks()
	}
	b := &d.blocks[col]
	if b.stop == 0 {
		c := &d.l.Columns[col]
		stop := min(int(i)+c.Count-c.Nulls, d.l.Strings.Len())
		*b = strBlock{next: i, end: i, stop: uint32(stop)}
	}
	if i != b.next || i >= b.stop {
		return d.str(i)
	}
	n := len(d.l.Strings.Bytes(int(i)))
	if i >= b.end {
		d.fillBlock(b)
	}
	s := b.s[b.off : b.off+n]
	b.off += n
	b.next++
	if d.compat && !utf8.ValidString(s) {
		return jsonString(d.l.Strings.Bytes(int(i)))
	}
	return s
}

// takeBlocks returns zeroed blocks for the page's columns: d.blockMem
// when it holds enough, else a new array, kept in d.blockMem for the
// call's scratch.
func (d *decodeState) takeBlocks() []strBlock {
	n := len(d.l.Columns)
	if cap(d.blockMem) < n {
		d.blockMem = make([]strBlock, n)
	}
	return d.blockMem[:n]
}

// fillBlock copies the next chunk of b's strings, starting with entry
// b.next: the entries are consecutive in the table's data, so the chunk is
// one slice of it, found from the entries' starts and copied at once. Cost:
// one load per entry, one allocation and one copy per chunk.
func (d *decodeState) fillBlock(b *strBlock) {
	starts := d.l.Strings.Starts(int(b.next), int(b.stop)) // b.next < b.stop
	first := starts[0]
	k := 1 // the chunk holds entries b.next to b.next+k-1
	for k+1 < len(starts) && starts[k+1]-first <= blockChunk {
		k++
	}
	end := int(b.next) + k
	b.s, b.off, b.end = string(d.l.Strings.Run(int(b.next), end)), 0, uint32(end)
}
