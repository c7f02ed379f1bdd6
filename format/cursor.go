package format

import "encoding/binary"

// Cell is one decoded value. Tag says which fields hold it: TagNull,
// TagFalse and TagTrue carry nothing; TagInt uses Int; TagUint uses Uint;
// TagFloat uses Float; TagString uses Str (a string-table index); TagTime uses
// Time; TagBytes, TagNumber and TagRaw use Data; TagArray and TagObject use
// Len (element count) and Data (the encoded elements, read with
// ValueReader). Data aliases the page.
type Cell struct {
	Tag   uint8
	Int   int64
	Uint  uint64
	Float FloatCell
	Str   uint32
	Time  Timestamp
	Data  []byte
	Len   int
	// Flat marks an array whose Data holds bare uvarint string-table
	// indexes (a string-list cell) instead of tagged values.
	Flat bool
}

// Cursor walks one column's cells in row order. It must only be used on a
// Layout that Parse accepted: it trusts the validation and does no checks of
// its own beyond Go's bounds checks. For each present cell call TakeNull
// first; when it returns false, call exactly one Take method matching the
// column's encoding (or TakeCell).
type Cursor struct {
	enc  uint8 // encoding without the bitmap bit
	data []byte
	pos  int
	bits []byte // null bitmap or nil
	i    int    // index of the current present cell
	vi   int    // index of the current value (non-null cell)
	acc  int64  // running value: delta sum, frame minimum, time seconds, sequence base
	off  int32  // shared time offset
	mode uint8  // time mode
}

// Cursor returns a cursor at the first cell of column c.
func (l *Layout) Cursor(c int) Cursor {
	col := &l.Columns[c]
	cur := Cursor{enc: col.Enc &^ EncNullBitmap, data: col.Payload}
	if col.Enc&EncNullBitmap != 0 {
		nb := (col.Count + 7) / 8
		cur.bits = col.Payload[:nb]
		cur.pos = nb
	}
	switch cur.enc {
	case EncIntFOR:
		v, n := ConsumeVarint(cur.data[cur.pos:])
		cur.acc, cur.pos = v, cur.pos+n
	case EncStrSeq:
		v, n := ConsumeUvarint(cur.data[cur.pos:])
		cur.acc, cur.pos = int64(v), cur.pos+n
	case EncTime:
		cur.mode = cur.data[cur.pos]
		cur.pos++
		if cur.mode == TimeShared {
			v, n := ConsumeVarint(cur.data[cur.pos:])
			cur.off, cur.pos = int32(v), cur.pos+n
		}
	}
	return cur
}

// Encoding returns the column encoding without the null-bitmap bit.
func (c *Cursor) Encoding() uint8 { return c.enc }

// TakeNull reports whether the current cell is null, and if so moves past it.
func (c *Cursor) TakeNull() bool {
	if c.enc == EncNull {
		c.i++
		return true
	}
	if c.bits != nil && c.bits[c.i>>3]&(1<<(c.i&7)) != 0 {
		c.i++
		return true
	}
	return false
}

// TakeBool reads an EncBool cell.
func (c *Cursor) TakeBool() bool {
	v := c.data[c.pos+c.vi>>3]&(1<<(c.vi&7)) != 0
	c.vi++
	c.i++
	return v
}

// uv reads the uvarint at the cursor, with the one-byte case inline.
// It inlines; longer varints take uvSlow.
func (c *Cursor) uv() uint64 {
	if b := c.data[c.pos]; b < 0x80 {
		c.pos++
		return uint64(b)
	}
	return c.uvSlow()
}

//go:noinline
func (c *Cursor) uvSlow() uint64 {
	v, n := ConsumeUvarint(c.data[c.pos:])
	c.pos += n
	return v
}

// TakeInt reads an EncInt, EncIntDelta or EncIntFOR cell.
func (c *Cursor) TakeInt() int64 {
	c.i++
	switch c.enc {
	case EncInt:
		return DecodeZigZag(c.uv())
	case EncIntDelta:
		c.acc = int64(uint64(c.acc) + uint64(DecodeZigZag(c.uv())))
		return c.acc
	default: // EncIntFOR
		return int64(uint64(c.acc) + c.uv())
	}
}

// TakeUint reads an EncUint cell.
func (c *Cursor) TakeUint() uint64 {
	c.i++
	v, n := ConsumeUvarint(c.data[c.pos:])
	c.pos += n
	return v
}

// TakeFloat reads an EncFloat cell.
// Parse validated the cell, so it is decoded here without the checks of
// ConsumeFloatCell.
func (c *Cursor) TakeFloat() FloatCell {
	c.i++
	s := c.data[c.pos]
	if s == floatRawSelector {
		b := c.data[c.pos+1 : c.pos+floatRawSize]
		c.pos += floatRawSize
		return FloatCell{Raw: true, Bits: binary.LittleEndian.Uint64(b)}
	}
	c.pos++
	return FloatCell{Dec: Decimal{Neg: s&0x80 != 0, Mant: c.uv(), Exp: int(s&0x7F) - floatExpBias}}
}

// TakeStr reads an EncStrRef or EncStrSeq cell as a string-table index.
func (c *Cursor) TakeStr() uint32 {
	c.i++
	if c.enc == EncStrSeq {
		v := c.acc
		c.acc++
		return uint32(v)
	}
	return uint32(c.uv())
}

// TakeTime reads an EncTime cell.
func (c *Cursor) TakeTime() Timestamp {
	c.i++
	c.acc += DecodeZigZag(c.uv())
	f := c.uv()
	off := c.off
	if c.mode == TimePerValue {
		off = int32(DecodeZigZag(c.uv()))
	}
	return Timestamp{Local: c.acc, Frac: uint32(f / 10), Digits: uint8(f % 10), Offset: off}
}

// TakeBlob reads an EncBytes or EncNumber cell. The slice aliases the page.
func (c *Cursor) TakeBlob() []byte {
	c.i++
	l, n := ConsumeUvarint(c.data[c.pos:])
	c.pos += n
	b := c.data[c.pos : c.pos+int(l) : c.pos+int(l)]
	c.pos += int(l)
	return b
}

// AnyBytes returns the bytes from the current EncAny cell to the end of the
// payload; after reading n bytes of it, call Advance(n).
func (c *Cursor) AnyBytes() []byte { return c.data[c.pos:] }

// Advance moves past an EncAny cell of n bytes.
func (c *Cursor) Advance(n int) {
	c.pos += n
	c.i++
}

// TakeCell reads the current cell, null or not, into cell.
func (c *Cursor) TakeCell(cell *Cell) {
	if c.TakeNull() {
		cell.Tag = TagNull
		return
	}
	switch c.enc {
	case EncBool:
		cell.Tag = TagFalse
		if c.TakeBool() {
			cell.Tag = TagTrue
		}
	case EncInt, EncIntDelta, EncIntFOR:
		cell.Tag, cell.Int = TagInt, c.TakeInt()
	case EncUint:
		if v := c.TakeUint(); v > 1<<63-1 {
			cell.Tag, cell.Uint = TagUint, v
		} else {
			cell.Tag, cell.Int = TagInt, int64(v)
		}
	case EncFloat:
		cell.Tag, cell.Float = TagFloat, c.TakeFloat()
	case EncStrRef, EncStrSeq:
		cell.Tag, cell.Str = TagString, c.TakeStr()
	case EncTime:
		cell.Tag, cell.Time = TagTime, c.TakeTime()
	case EncBytes:
		cell.Tag, cell.Data = TagBytes, c.TakeBlob()
	case EncNumber:
		cell.Tag, cell.Data = TagNumber, c.TakeBlob()
	case EncAny:
		n := ReadValue(c.data[c.pos:], cell)
		c.Advance(n)
	case EncStrList:
		cell.Tag, cell.Flat = TagArray, true
		cell.Len, cell.Data = c.TakeStrList()
	}
}

// TakeStrList reads an EncStrList cell: the element count and the bytes of
// its uvarint string indexes (aliasing the page).
func (c *Cursor) TakeStrList() (int, []byte) {
	c.i++
	cnt, n := ConsumeUvarint(c.data[c.pos:])
	c.pos += n
	start := c.pos
	for i := uint64(0); i < cnt; i++ {
		_, n := ConsumeUvarint(c.data[c.pos:])
		c.pos += n
	}
	return int(cnt), c.data[start:c.pos:c.pos]
}

// ReadValue decodes the tagged value at the start of b (validated by Parse)
// into cell and returns its encoded length.
func ReadValue(b []byte, cell *Cell) int {
	tag := b[0]
	cell.Tag = tag
	cell.Flat = false
	pos := 1
	switch tag {
	case TagInt:
		v, n := ConsumeVarint(b[1:])
		cell.Int, pos = v, pos+n
	case TagUint:
		v, n := ConsumeUvarint(b[1:])
		cell.Uint, pos = v, pos+n
	case TagFloat:
		v, n := ConsumeFloatCell(b[1:])
		cell.Float, pos = v, pos+n
	case TagString:
		v, n := ConsumeUvarint(b[1:])
		cell.Str, pos = uint32(v), pos+n
	case TagTime:
		s, n := ConsumeVarint(b[pos:])
		pos += n
		f, n := ConsumeUvarint(b[pos:])
		pos += n
		o, n := ConsumeVarint(b[pos:])
		pos += n
		cell.Time = Timestamp{Local: s, Frac: uint32(f / 10), Digits: uint8(f % 10), Offset: int32(o)}
	case TagBytes, TagNumber, TagRaw:
		l, n := ConsumeUvarint(b[1:])
		pos += n
		cell.Data = b[pos : pos+int(l) : pos+int(l)]
		pos += int(l)
	case TagArray, TagObject:
		cnt, n := ConsumeUvarint(b[1:])
		pos += n
		start := pos
		for i := 0; i < int(cnt); i++ {
			if tag == TagObject {
				_, n := ConsumeUvarint(b[pos:])
				pos += n
			}
			pos += SkipValue(b[pos:])
		}
		cell.Len = int(cnt)
		cell.Data = b[start:pos:pos]
	}
	return pos
}

// SkipValue returns the encoded length of the tagged value at the start of b.
func SkipValue(b []byte) int {
	var c Cell
	switch b[0] {
	case TagNull, TagFalse, TagTrue:
		return 1
	case TagInt, TagUint, TagString:
		_, n := ConsumeUvarint(b[1:])
		return 1 + n
	}
	return ReadValue(b, &c)
}

// ValueReader walks the elements of an array or object cell.
type ValueReader struct {
	b    []byte
	pos  int
	obj  bool
	flat bool
	n    int
}

// Elements returns a reader over cell's elements (cell.Tag must be TagArray or TagObject).
func Elements(cell *Cell) ValueReader {
	return ValueReader{b: cell.Data, obj: cell.Tag == TagObject, flat: cell.Flat, n: cell.Len}
}

// Next reads the next element into cell and, for objects, returns its key's
// string-table index. It returns false after the last element.
func (r *ValueReader) Next(cell *Cell) (key uint32, ok bool) {
	if r.n == 0 {
		return 0, false
	}
	r.n--
	if r.flat {
		v, n := ConsumeUvarint(r.b[r.pos:])
		r.pos += n
		*cell = Cell{Tag: TagString, Str: uint32(v)}
		return 0, true
	}
	if r.obj {
		k, n := ConsumeUvarint(r.b[r.pos:])
		r.pos += n
		key = uint32(k)
	}
	r.pos += ReadValue(r.b[r.pos:], cell)
	return key, true
}
