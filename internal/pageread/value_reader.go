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
	// The open container element, if any: its tag, element count, and
	// where its tag byte is (its elements start at pos).
	open    bool
	openTag uint8
	openN   int
	openAt  int
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
	if r.open {
		r.pos += r.openLen(cell)
		r.open = false
	}
	if r.n == 0 {
		return 0, false
	}
	r.n--
	if r.flat {
		v, n := format.ConsumeUvarint(r.b[r.pos:])
		r.pos += n
		*cell = Cell{Tag: format.TagString, Str: uint32(v)}
		return 0, true
	}
	if r.obj {
		k, n := format.ConsumeUvarint(r.b[r.pos:])
		r.pos += n
		key = uint32(k)
	}
	tag := r.b[r.pos]
	if tag != format.TagArray && tag != format.TagObject {
		r.pos += ReadValue(r.b[r.pos:], cell)
		return key, true
	}
	at := r.pos
	cnt, n := format.ConsumeUvarint(r.b[r.pos+1:])
	r.pos += 1 + n
	*cell = Cell{Tag: tag, Len: int(cnt), Data: r.b[r.pos:r.pos:r.pos]}
	if cnt > 0 {
		cell.Data, cell.Open = r.b[r.pos:], true
		r.open, r.openTag, r.openN, r.openAt = true, tag, int(cnt), at
	}
	return key, true
}

// openLen returns the encoded length of the elements of the open container
// at r.pos: the length it was closed with, when cell is that container
// closed, else by walking them (format.SkipValue over the whole container,
// less its header).
func (r *ValueReader) openLen(cell *Cell) int {
	if !cell.Open && cell.Tag == r.openTag && cell.Len == r.openN && len(cell.Data) > 0 && &cell.Data[0] == &r.b[r.pos] {
		return len(cell.Data)
	}
	return format.SkipValue(r.b[r.openAt:]) - (r.pos - r.openAt)
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
