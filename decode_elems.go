package rowpage

import (
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Elems iterates over the elements of an array cell or the members of an
// object cell, in order. Call Next before reading each element with the
// typed accessors, which behave like Row's for a column. An Elems is a
// small value that reads straight from the page; strings and slices it
// returns alias the page. It stays valid after the row iteration moves on,
// as long as the page does. An Elems is not safe for concurrent use.
//
//	e, _ := row.Elems(c)
//	for e.Next() {
//		if n, ok := e.Int(); ok { ... }
//	}
//
// Iterating costs one pass over the elements' bytes: an iterator over a
// nested array or object (from Elems), once it has read every element,
// tells this one where the element ends, and so do an element's Value and
// AppendJSON; only an element left unread or read part way is skipped by a
// decoding-free walk. Next decodes an element only as far as its tag
// needs (an integer, a string index, an array's or object's count); a
// float, time, byte string or number is decoded by the accessor that asks
// for it, at each call. It allocates nothing, however deep the nesting.
//
// To walk nesting of any depth, pass Elems by value to the recursive
// function, as in walk(inner). A recursive function that takes *Elems makes
// Go's escape analysis move every nested iterator to the heap: one
// allocation per nested value.
type Elems struct {
	p *Page
	// b holds the elements, from the first on; for a cell left open (see
	// pageread.Cell) it runs on past the last one.
	b []byte
	// The current element, decoded only as far as its tag calls for: val
	// holds an integer (as its bits), a string-table index, or an array's
	// or object's element count.
	val uint64
	// up is the row's cell an iterator made by Row.Elems (depth 0) came
	// from, which finish closes once it has read every element, when it
	// is still open at the elements; nil deeper down, where an iterator
	// reports through its slot of deep instead.
	up *pageread.Cell
	// deep holds the report slots of nested iterators, owned by the row
	// iteration (Row.deep); nil when its page has no any column.
	deep *[deepSlots]elemsEnd
	// Positions in b and counts fit 32 bits: b lies within one page or
	// section, at most MaxPageBytes (below 2^31) long. Keeping the
	// iterator small matters: it is copied whenever it is passed by value.
	pos uint32 // where the next element starts, unless open
	at  uint32 // where the current element's bytes after its tag start (after the count, for an array or object: its elements)
	// left is the number of elements not yet reached by Next (below
	// 2^31, as every element takes a byte), with elemOpen set while the
	// current element is open: a non-empty array or object whose end is
	// not known yet, which Next finds from the report of the iterator
	// over its elements or by walking it. While elemOpen is clear pos is
	// where the current element ends. One word for both lets Next test
	// for either with one comparison.
	left uint32
	n    uint32 // elements in all
	key  uint32 // the current member's key, a string-table index
	tag  uint8  // the current element's tag
	kind uint8  // kindArray, kindObject or kindFlat
	// depth is 0 for an iterator made by Row.Elems, whose up is the row's
	// cell; else how many Elems calls led to it, counted from 1 to
	// deepSlots and round again: it reports through slot depth-1 of deep.
	depth uint8
}

// elemOpen is the bit of Elems.left that marks the current element open.
const elemOpen = 1 << 31

// The kinds of Elems: what its elements are. An array's and an object's
// are their tags less format.TagArray.
const (
	kindArray  = iota // tagged values
	kindObject        // keys and tagged values
	kindFlat          // bare string indexes: a string-list cell
)

// isContainer reports whether x is present and an array or object.
func isContainer(x *pageread.Cell) bool {
	return x != nil && (x.Tag == format.TagArray || x.Tag == format.TagObject)
}

// Len returns the number of elements (or object members) in all.
func (e *Elems) Len() int { return int(e.n) }

// IsObject reports whether the cell is an object, whose elements have keys.
func (e *Elems) IsObject() bool { return e.kind == kindObject }

// Next moves to the next element, reporting false after the last one. It
// decodes the element's tag and, for the common integers, strings, arrays
// and objects, the one varint after it; other values are only stepped
// over, and decoded by the accessor that asks for them.
func (e *Elems) Next() bool {
	pos := int(e.pos)
	if int32(e.left) <= 0 {
		// The current element is open (elemOpen), or none is left: the
		// common element costs one test of left for both.
		if e.left&elemOpen != 0 {
			// The open element ends where the report of the iterator
			// over its elements says, when the report names its
			// elements (in line: a call here cost about ten
			// instructions an element), else it is walked.
			e.left &^= elemOpen
			at := int(e.at)
			if d := e.deep; d != nil && d[e.depth%deepSlots].start == &e.b[at] {
				pos = at + d[e.depth%deepSlots].n
			} else {
				pos = at + skipElems(e.b[at:], int(e.val), e.tag == format.TagObject)
			}
		}
		if e.left == 0 {
			return e.finish(pos)
		}
	}
	e.left--
	b := e.b
	if e.kind != kindArray {
		if e.kind == kindFlat { // a string-list cell: bare string indexes
			v := uint64(b[pos])
			if v < 0x80 {
				pos++
			} else {
				var n int
				v, n = format.ConsumeUvarint(b[pos:])
				pos += n
			}
			e.tag, e.val, e.pos = format.TagString, v, uint32(pos)
			return true
		}
		// One- and two-byte key indexes without a call; a validated
		// varint with the high bit set has a byte after it.
		if k := b[pos]; k < 0x80 {
			e.key = uint32(k)
			pos++
		} else if k2 := b[pos+1]; k2 < 0x80 {
			e.key = uint32(k&0x7F) | uint32(k2)<<7
			pos += 2
		} else {
			k, n := format.ConsumeUvarint(b[pos:])
			e.key = uint32(k)
			pos += n
		}
	}
	tag := b[pos]
	pos++
	e.tag, e.at = tag, uint32(pos)
	switch tag {
	case format.TagString:
		// Indexes of one and two bytes, the most common elements,
		// return here.
		if v := b[pos]; v < 0x80 {
			e.val, e.pos = uint64(v), uint32(pos+1)
			return true
		} else if y := b[pos+1]; y < 0x80 {
			e.val, e.pos = uint64(v&0x7F)|uint64(y)<<7, uint32(pos+2)
			return true
		}
		v, p := longUvarint(b, pos)
		e.val, e.pos = v, uint32(p)
		return true
	case format.TagInt:
		// As strings: one and two bytes (to ±8191) return here.
		if v := b[pos]; v < 0x80 {
			e.val, e.pos = uint64(format.DecodeZigZag(uint64(v))), uint32(pos+1)
			return true
		} else if y := b[pos+1]; y < 0x80 {
			e.val, e.pos = uint64(format.DecodeZigZag(uint64(v&0x7F)|uint64(y)<<7)), uint32(pos+2)
			return true
		}
		v, p := longUvarint(b, pos)
		e.val, e.pos = uint64(format.DecodeZigZag(v)), uint32(p)
		return true
	case format.TagArray, format.TagObject:
		cnt := uint64(b[pos])
		if cnt < 0x80 {
			pos++
		} else {
			var n int
			cnt, n = format.ConsumeUvarint(b[pos:])
			pos += n
		}
		e.val, e.at = cnt, uint32(pos)
		if cnt != 0 {
			e.left |= elemOpen // its end is found when it is needed
			return true
		}
	case format.TagNull, format.TagFalse, format.TagTrue:
	default: // stepped over here, decoded by the accessor that asks
		pos += format.SkipValue(b[pos-1:]) - 1
	}
	e.pos = uint32(pos)
	return true
}

// longUvarint reads the uvarint of three bytes or more at b[pos]
// (validated), for Next: its value and the position after it. Large
// integers and ids, and string indexes on a table past 16,384 strings,
// come from one load, without UvarintAt's call; it is apart from Next so
// that Next's common elements, which return before it, need no call.
func longUvarint(b []byte, pos int) (uint64, int) {
	if pos+8 <= len(b) {
		if v, n := pageread.WordUvarint(jsonwire.Load64(b, pos)); n != 0 {
			return v, pos + n
		}
	}
	return pageread.UvarintAt(b, pos)
}

// elemsEnd is a report slot (see deepSlots): where the elements of an
// array or object an iterator read to its end start, which names them, and
// their length. A slot with a nil start names no elements.
type elemsEnd struct {
	start *byte
	n     int
}

// finish ends the iteration at pos, the end of the last element: it
// reports the elements' length through its slot to the iterator e came
// from, or closes the row's cell with it, so that the column's cursor
// moves past the cell without walking it again. A report slot is shared by
// the iterators at its depth, which overwrite it; a report names the
// elements by where they start, so that the iterator over the enclosing
// value takes it only for the element it is at, and a report of any other
// elements, or one made again by a call of Next past the end, misleads no
// one. This iterator may outlive its row, whose cell then holds a later
// row's: that cell is closed only if it is open at the same bytes (a
// repeat of this one). It inlines.
func (e *Elems) finish(pos int) bool {
	e.pos = uint32(pos)
	if len(e.b) == 0 { // no elements: nothing to report, nor to close
		return false
	}
	if x := e.up; x != nil {
		if x.Open && &x.Data[0] == &e.b[0] {
			x.Data, x.Open = x.Data[:pos:pos], false
		}
	} else if d := e.deep; d != nil {
		d[(e.depth-1)%deepSlots] = elemsEnd{&e.b[0], pos}
	}
	return false
}

// skipElems returns the encoded length of the n elements that b starts
// with, keyed when obj is set (validated): one pass over them.
func skipElems(b []byte, n int, obj bool) int {
	pos := 0
	for range n {
		if obj {
			for b[pos] >= 0x80 {
				pos++
			}
			pos++
		}
		pos += format.SkipValue(b[pos:])
	}
	return pos
}

// Key returns the current object member's key without copying (it aliases
// the page), or "" for an array element.
func (e *Elems) Key() string {
	if e.kind != kindObject {
		return ""
	}
	return e.p.l.Strings.String(int(e.key))
}

// IsNull reports whether the current element is null.
func (e *Elems) IsNull() bool { return e.tag == format.TagNull }

// Int returns the current element as an int64, as Row.Int.
func (e *Elems) Int() (int64, bool) {
	if e.tag != format.TagInt {
		return 0, false
	}
	return int64(e.val), true
}

// Uint returns the current element as a uint64, as Row.Uint.
func (e *Elems) Uint() (uint64, bool) {
	switch e.tag {
	case format.TagUint:
		v, _ := format.ConsumeUvarint(e.b[e.at:])
		return v, true
	case format.TagInt:
		if int64(e.val) >= 0 {
			return e.val, true
		}
	}
	return 0, false
}

// elemNumberTags are the tags of elements that read as floats: an
// integral float (TagFloatInt) is a float, as it is in a cell.
const elemNumberTags = numberTags | 1<<format.TagFloatInt

// Float returns the current element as a float64, as Row.Float. A
// non-number costs no call: probing each type in turn stays cheap.
func (e *Elems) Float() (v float64, ok bool) {
	if tagIn(elemNumberTags, e.tag) {
		v, ok = e.float(), true
	}
	return
}

// float is Float for an element of a number tag (elemNumberTags).
func (e *Elems) float() float64 {
	switch e.tag {
	case format.TagInt:
		return float64(int64(e.val))
	case format.TagFloat:
		f, _ := format.ConsumeFloatCell(e.b[e.at:])
		return f.Float64()
	}
	var c pageread.Cell // TagUint, TagFloatInt: as a cell reads them
	pageread.ReadValue(e.b[e.at-1:], &c)
	v, _ := cellFloat(&c)
	return v
}

// Bool returns the current element as a bool, as Row.Bool.
func (e *Elems) Bool() (v, ok bool) {
	if e.tag != format.TagTrue && e.tag != format.TagFalse {
		return false, false
	}
	return e.tag == format.TagTrue, true
}

// elemStringTags are the tags of elements that read as strings: a text
// time reads as its text.
const elemStringTags = 1<<format.TagString | 1<<format.TagTextTime | 1<<format.TagTextTimePlus

// String returns the current element's string without copying, as
// Row.String. As with Float and Time, a value that is no string costs no
// call: it inlines.
func (e *Elems) String() (s string, ok bool) {
	if tagIn(elemStringTags, e.tag) {
		s, ok = e.string(), true
	}
	return
}

// string is String for an element of a string tag (elemStringTags).
func (e *Elems) string() string {
	if e.tag == format.TagString {
		return e.p.l.Strings.String(int(e.val))
	}
	return string(jsonwire.AppendTimestampText(nil, e.timestamp()))
}

// Bytes returns the current element's byte string without copying, as
// Row.Bytes.
func (e *Elems) Bytes() ([]byte, bool) {
	switch e.tag {
	case format.TagBytes:
		return e.blob(), true
	case format.TagString:
		return e.p.l.Strings.Bytes(int(e.val)), true
	}
	return nil, false
}

// blob returns the bytes of the current element, a byte string or number
// text, as pageread.ReadValue slices them.
func (e *Elems) blob() []byte {
	l, n := format.ConsumeUvarint(e.b[e.at:])
	s := int(e.at) + n
	return e.b[s : s+int(l) : s+int(l)]
}

// Time returns the current element's timestamp, as Row.Time. A value that
// is no time costs no call: probing each type in turn stays cheap.
func (e *Elems) Time() (t time.Time, ok bool) {
	if tagIn(timeTags, e.tag) {
		t, ok = e.time(), true
	}
	return
}

// time is Time for an element of a time tag (isTimeTag).
func (e *Elems) time() time.Time {
	if e.tag == format.TagTime {
		return timeOf(e.timestamp())
	}
	return jsonTime(e.timestamp()) // as time.Time.UnmarshalText reads the text
}

// timestamp decodes the current element, a time or text time, as
// pageread.ReadValue does.
func (e *Elems) timestamp() format.Timestamp {
	b, pos := e.b, int(e.at)
	s, n := format.ConsumeVarint(b[pos:])
	pos += n
	f, n := format.ConsumeUvarint(b[pos:])
	pos += n
	o, _ := format.ConsumeVarint(b[pos:])
	return format.Timestamp{Local: s, Frac: uint32(f / 10), Digits: uint8(f % 10), Offset: int32(o),
		ZeroPlus: e.tag == format.TagTextTimePlus}
}

// Number returns the current element's exact number text, as Row.Number.
func (e *Elems) Number() ([]byte, bool) {
	if e.tag != format.TagNumber {
		return nil, false
	}
	return e.blob(), true
}

// Strings appends the current element's strings, when it is an array of
// strings, as Row.Strings.
func (e *Elems) Strings(dst []string) ([]string, bool) {
	if e.tag != format.TagArray {
		return dst, false
	}
	var c pageread.Cell
	e.cell(&c)
	return appendCellStrings(dst, e.p.l, &c)
}

// deepSlots is how many report slots the row iteration keeps (Row.deep):
// an iterator at depth d below a row's cell reports its end through slot
// d modulo deepSlots. A walk that reads each nested value to its end
// before moving on reads every report before any other iterator can
// overwrite it, however deep it goes: an iterator's own report comes
// after those of everything below it.
const deepSlots = 16

// Elems returns an iterator over the current element's own elements, when
// it is an array or object. Once that iterator has read every element it
// tells e where the element ends, so that e's Next moves past it without
// walking it again. Its report slot is shared by every iterator at its
// depth (modulo deepSlots) below the row: a report names the elements it
// is for (where they start), and a report that another one overwrote
// before e read it only costs that walk. It allocates nothing.
func (e *Elems) Elems() (sub Elems, ok bool) {
	k := e.tag - format.TagArray // kindArray or kindObject, else no container
	if k > kindObject {
		return sub, false
	}
	// Set field by field, as in Row.Elems, to spare a copy.
	sub.p, sub.n, sub.left, sub.kind = e.p, uint32(e.val), uint32(e.val), k
	sub.depth, sub.deep = e.depth%deepSlots+1, e.deep
	if e.left&elemOpen == 0 { // empty, or closed by Value or AppendJSON
		sub.b = e.b[e.at:e.pos:e.pos]
		return sub, true
	}
	// Nothing need mark the slot as waiting: whatever report it holds
	// names the elements it is for, and is true of them.
	sub.b = e.b[e.at:]
	return sub, true
}

// cell sets c to the current element as a pageread.Cell, for the readers
// that take one: an array or object still open comes back open (its Data
// running on past its end), so that a reader that walks it can close it.
func (e *Elems) cell(c *pageread.Cell) {
	switch e.tag {
	case format.TagNull, format.TagFalse, format.TagTrue:
		c.Tag = e.tag
	case format.TagString:
		c.Tag, c.Str = e.tag, uint32(e.val)
	case format.TagInt:
		c.Tag, c.Int = e.tag, int64(e.val)
	case format.TagArray, format.TagObject:
		c.Tag, c.Len = e.tag, int(e.val)
		if e.left&elemOpen != 0 {
			c.Data, c.Open = e.b[e.at:], true
		} else {
			c.Data = e.b[e.at:e.pos:e.pos]
		}
	default:
		pageread.ReadValue(e.b[e.at-1:], c)
	}
}

// closed takes the end of the current element from c, the cell that cell
// made of it, when a reader of c found it (closing c): Next then moves past
// the element without walking it again.
func (e *Elems) closed(c *pageread.Cell) {
	if e.left&elemOpen != 0 && !c.Open {
		e.pos = e.at + uint32(len(c.Data))
		e.left &^= elemOpen
	}
}

// Value returns the current element as a Go value, as Row.Value.
func (e *Elems) Value() any {
	var c pageread.Cell
	e.cell(&c)
	v := e.p.value(&c)
	e.closed(&c)
	return v
}

// AppendJSON appends the current element's JSON text, as Row.AppendJSON,
// with the same ErrLimit error past the page's MaxJSONBytes.
func (e *Elems) AppendJSON(dst []byte) ([]byte, error) {
	var c pageread.Cell
	e.cell(&c)
	out, err := e.p.appendCellJSON(dst, &c, -1, -1)
	e.closed(&c)
	return out, err
}
