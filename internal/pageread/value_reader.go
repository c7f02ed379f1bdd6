package pageread

import "github.com/rowpage/rowpage/format"

// Reading tagged values (SPEC.md 5.5) in one pass: ReadValue and SkipValue
// for a value whose end the caller needs, ValueReader for the elements of
// an array or object, handing nested containers back open (see Cell) so
// that recursive readers never walk the same bytes twice.

// ReadValue decodes the tagged value at the start of b (validated by Parse)
// into cell and returns its encoded length. For an array or object that
// means walking all of it, nested values included: one pass over its bytes.
func ReadValue(b []byte, cell *Cell) int {
	tag := b[0]
	cell.Tag = tag
	cell.Flat = false
	cell.Open = false
	pos := 1
	switch tag {
	case format.TagInt:
		if x := b[1]; x < 0x80 { // a one-byte integer, without a call
			cell.Int = format.DecodeZigZag(uint64(x))
			return 2
		}
		v, n := format.ConsumeVarint(b[1:])
		cell.Int, pos = v, pos+n
	case format.TagUint:
		v, n := format.ConsumeUvarint(b[1:])
		cell.Uint, pos = v, pos+n
	case format.TagFloat:
		v, n := format.ConsumeFloatCell(b[1:])
		cell.Float, pos = v, pos+n
	case format.TagFloatInt: // read as the float it is
		v, n := format.ConsumeVarint(b[1:])
		cell.Tag, cell.Float, pos = format.TagFloat, intFloatCell(v), pos+n
	case format.TagString:
		// One- and two-byte indexes without a call; a validated varint
		// with the high bit set has a byte after it.
		if x := b[1]; x < 0x80 {
			cell.Str = uint32(x)
			return 2
		} else if y := b[2]; y < 0x80 {
			cell.Str = uint32(x&0x7F) | uint32(y)<<7
			return 3
		}
		v, n := format.ConsumeUvarint(b[1:])
		cell.Str, pos = uint32(v), pos+n
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		s, n := format.ConsumeVarint(b[pos:])
		pos += n
		f, n := format.ConsumeUvarint(b[pos:])
		pos += n
		o, n := format.ConsumeVarint(b[pos:])
		pos += n
		cell.Time = format.Timestamp{Local: s, Frac: uint32(f / 10), Digits: uint8(f % 10), Offset: int32(o),
			ZeroPlus: b[0] == format.TagTextTimePlus}
	case format.TagBytes, format.TagNumber, format.TagRaw:
		l, n := format.ConsumeUvarint(b[1:])
		pos += n
		cell.Data = b[pos : pos+int(l) : pos+int(l)]
		pos += int(l)
	case format.TagArray, format.TagObject:
		cnt, n := format.ConsumeUvarint(b[1:])
		start := pos + n
		pos = format.SkipValue(b)
		cell.Len = int(cnt)
		cell.Data = b[start:pos:pos]
	}
	return pos
}

// Close records that the elements of c, an open container, take n bytes,
// as End of a reader over them returned: it trims Data to them, so that the
// reader of the enclosing value moves past c without walking it again. It
// does nothing to a cell that is not open.
func (c *Cell) Close(n int) {
	if c.Open {
		// Reslicing c.Data itself is a self-assignment to escape analysis:
		// closing a cell does not move it to the heap.
		c.Data = c.Data[:n:n]
		c.Open = false
	}
}

// ValueReader walks the elements of an array or object cell, once: a
// nested container comes back open (see Cell), and the reader moves past it
// at the next call to Next by the length its reader found (when the cell
// was closed with it), or else by walking it then.
type ValueReader struct {
	b    []byte
	pos  int // where the next element starts, or the open element's elements
	n    int // elements left
	obj  bool
	flat bool
	open openMark // the open container element, if any
}

// openMark records a container left open (see Cell) by a reader of the
// bytes b it lives in: its tag, element count, and where its tag byte is.
// Its elements start at the reader's position.
type openMark struct {
	open bool
	tag  uint8
	n    int
	at   int
}

// openAt reads the header of the array or object whose tag byte is b[at]
// into cell, open over the rest of b when it has elements, marks it, and
// returns where its elements start.
func (m *openMark) openAt(b []byte, at int, cell *Cell) int {
	tag := b[at]
	cnt, n := uint64(b[at+1]), 1
	if cnt >= 0x80 {
		cnt, n = format.ConsumeUvarint(b[at+1:])
	}
	pos := at + 1 + n
	// Only the fields a container uses are set (see Cell), as ReadValue
	// sets only a scalar's: clearing all of Cell cost more than the rest.
	cell.Tag, cell.Len, cell.Flat = tag, int(cnt), false
	if cnt == 0 {
		cell.Data, cell.Open = b[pos:pos:pos], false
		return pos
	}
	cell.Data, cell.Open = b[pos:], true
	*m = openMark{open: true, tag: tag, n: int(cnt), at: at}
	return pos
}

// skip returns the position after the open container whose elements start
// at b[pos], and clears the mark: by the length cell was closed with, when
// cell is that container closed, else by walking it (format.SkipValue, less
// its header). Without a mark it returns pos.
func (m *openMark) skip(b []byte, pos int, cell *Cell) int {
	if !m.open {
		return pos
	}
	m.open = false
	if !cell.Open && cell.Tag == m.tag && cell.Len == m.n && len(cell.Data) > 0 && &cell.Data[0] == &b[pos] {
		return pos + len(cell.Data)
	}
	return m.at + format.SkipValue(b[m.at:])
}

// Elements returns a reader over cell's elements (cell.Tag must be
// TagArray or TagObject).
func Elements(cell *Cell) ValueReader {
	return ValueReader{b: cell.Data, obj: cell.Tag == format.TagObject, flat: cell.Flat, n: cell.Len}
}

// Next reads the next element into cell and, for objects, returns its key's
// string-table index. It returns false after the last element. An array or
// object element comes back open, costing only its header; pass the same
// cell to the next call, so that if it was closed meanwhile Next moves past
// it in O(1) instead of walking it.
func (r *ValueReader) Next(cell *Cell) (key uint32, ok bool) {
	if r.open.open {
		r.pos = r.open.skip(r.b, r.pos, cell)
	}
	if r.n == 0 {
		return 0, false
	}
	r.n--
	if r.flat {
		v, n := format.ConsumeUvarint(r.b[r.pos:])
		r.pos += n
		// Only the fields a string uses, as ReadValue sets them.
		cell.Tag, cell.Str, cell.Flat, cell.Open = format.TagString, uint32(v), false, false
		return 0, true
	}
	if r.obj {
		// One- and two-byte key indexes without a call, as in ReadValue.
		if k := r.b[r.pos]; k < 0x80 {
			key = uint32(k)
			r.pos++
		} else if k2 := r.b[r.pos+1]; k2 < 0x80 {
			key = uint32(k&0x7F) | uint32(k2)<<7
			r.pos += 2
		} else {
			k, n := format.ConsumeUvarint(r.b[r.pos:])
			r.pos += n
			key = uint32(k)
		}
	}
	// Strings and short integers, the most common elements, are read here
	// as ReadValue reads them, without its call.
	switch tag := r.b[r.pos]; tag {
	case format.TagString:
		// One- and two-byte indexes; a validated varint with the high
		// bit set has a byte after it.
		if x := r.b[r.pos+1]; x < 0x80 {
			cell.Tag, cell.Str, cell.Flat, cell.Open = tag, uint32(x), false, false
			r.pos += 2
			return key, true
		} else if y := r.b[r.pos+2]; y < 0x80 {
			cell.Tag, cell.Str, cell.Flat, cell.Open = tag, uint32(x&0x7F)|uint32(y)<<7, false, false
			r.pos += 3
			return key, true
		}
	case format.TagInt:
		// One- and two-byte integers (to ±8191), as strings above.
		if x := r.b[r.pos+1]; x < 0x80 {
			cell.Tag, cell.Int, cell.Flat, cell.Open = tag, format.DecodeZigZag(uint64(x)), false, false
			r.pos += 2
			return key, true
		} else if y := r.b[r.pos+2]; y < 0x80 {
			cell.Tag, cell.Int, cell.Flat, cell.Open = tag, format.DecodeZigZag(uint64(x&0x7F)|uint64(y)<<7), false, false
			r.pos += 3
			return key, true
		}
	case format.TagArray, format.TagObject:
		r.pos = r.open.openAt(r.b, r.pos, cell)
		return key, true
	}
	r.pos += ReadValue(r.b[r.pos:], cell)
	return key, true
}

// End moves past the elements not yet read, using cell as Next does, and
// returns the encoded length of all the elements: what Close needs. After
// Next has returned false it costs O(1).
func (r *ValueReader) End(cell *Cell) int {
	for {
		if _, ok := r.Next(cell); !ok {
			return r.pos
		}
	}
}
