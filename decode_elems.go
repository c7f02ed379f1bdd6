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
// decoding-free walk. It allocates nothing for nesting up to 16 levels
// below a row's cell, and 16 bytes per nested value deeper than that.
//
// To walk nesting of any depth, pass Elems by value to the recursive
// function, as in walk(inner). A recursive function that takes *Elems makes
// Go's escape analysis move every nested iterator to the heap: one
// allocation per nested value.
type Elems struct {
	p   *Page
	r   pageread.ValueReader
	cur pageread.Cell
	key uint32
	obj bool // beside key, in one word
	n   int
	// depth is how many Elems calls led to this iterator: 0 for one made
	// by Row.Elems.
	depth int
	// sub is where the iterator over the current element reports its end;
	// up is where this iterator reports its own, to the iterator or row it
	// came from, with start, where its elements start. Both are nil unless
	// made by Elems.Elems or Row.Elems.
	sub, up *elemsEnd
	start   *byte
	// deep holds the report slots of nested iterators by depth, owned by
	// the row iteration (Row.deep); nil when its page has no any column.
	deep *[deepSlots]elemsEnd
}

// elemsEnd is the end of a nested Elems, as it reports it to the Elems of
// the enclosing value: where its elements start, and their encoded length
// once it has read them all (-1 until then).
type elemsEnd struct {
	start *byte
	n     int
}

// isContainer reports whether x is present and an array or object.
func isContainer(x *pageread.Cell) bool {
	return x != nil && (x.Tag == format.TagArray || x.Tag == format.TagObject)
}

// Len returns the number of elements (or object members) in all.
func (e *Elems) Len() int { return e.n }

// IsObject reports whether the cell is an object, whose elements have keys.
func (e *Elems) IsObject() bool { return e.obj }

// Next moves to the next element, reporting false after the last one.
func (e *Elems) Next() bool {
	if s := e.sub; s != nil {
		if s.n >= 0 && e.cur.Open && &e.cur.Data[0] == s.start {
			e.cur.Close(s.n)
		}
		e.sub = nil
	}
	k, ok := e.r.Next(&e.cur)
	e.key = k
	if !ok && e.up != nil {
		// The start goes with the length: a Row's report slot is reused
		// by the iterator of the next row's cell, and this iterator may
		// outlive its row.
		*e.up = elemsEnd{start: e.start, n: e.r.End(&e.cur)}
		e.up = nil
	}
	return ok
}

// Key returns the current object member's key without copying (it aliases
// the page), or "" for an array element.
func (e *Elems) Key() string {
	if !e.obj {
		return ""
	}
	return e.p.l.Strings.String(int(e.key))
}

// IsNull reports whether the current element is null.
func (e *Elems) IsNull() bool { return e.cur.Tag == format.TagNull }

// Int returns the current element as an int64, as Row.Int.
func (e *Elems) Int() (int64, bool) { return cellInt(&e.cur) }

// Uint returns the current element as a uint64, as Row.Uint.
func (e *Elems) Uint() (uint64, bool) { return cellUint(&e.cur) }

// Float returns the current element as a float64, as Row.Float. A
// non-number costs no call: probing each type in turn stays cheap.
func (e *Elems) Float() (v float64, ok bool) {
	if isNumberTag(e.cur.Tag) {
		v, ok = cellFloat(&e.cur)
	}
	return
}

// Bool returns the current element as a bool, as Row.Bool.
func (e *Elems) Bool() (v, ok bool) { return cellBool(&e.cur) }

// String returns the current element's string without copying, as
// Row.String, whose body it repeats to spare a call.
func (e *Elems) String() (string, bool) {
	switch e.cur.Tag {
	case format.TagString:
		return e.p.l.Strings.String(int(e.cur.Str)), true
	case format.TagTextTime, format.TagTextTimePlus:
		return string(jsonwire.AppendTimestampText(nil, e.cur.Time)), true
	}
	return "", false
}

// Bytes returns the current element's byte string without copying, as
// Row.Bytes.
func (e *Elems) Bytes() ([]byte, bool) { return cellBytes(e.p.l, &e.cur) }

// Time returns the current element's timestamp, as Row.Time. A value that
// is no time costs no call: probing each type in turn stays cheap.
func (e *Elems) Time() (t time.Time, ok bool) {
	if isTimeTag(e.cur.Tag) {
		t, ok = cellTime(&e.cur)
	}
	return
}

// Number returns the current element's exact number text, as Row.Number.
func (e *Elems) Number() ([]byte, bool) { return cellNumber(&e.cur) }

// Strings appends the current element's strings, when it is an array of
// strings, as Row.Strings.
func (e *Elems) Strings(dst []string) ([]string, bool) {
	return appendCellStrings(dst, e.p.l, &e.cur)
}

// deepSlots is how many levels of nesting below a row's cell report their
// ends through the row's table (Row.deep) rather than a slot of their own,
// which costs a 16-byte allocation per nested value.
const deepSlots = 16

// Elems returns an iterator over the current element's own elements, when
// it is an array or object. Once that iterator has read every element it
// tells e where the element ends, so that e's Next moves past it without
// walking it again. Its report slot is shared by every iterator at its
// depth below the row: a report names the elements it is for (where they
// start), and a report that a later one at the same depth overwrote before
// e read it only costs that walk. It allocates nothing unless e is nested
// deeper than deepSlots levels (see Elems).
func (e *Elems) Elems() (sub Elems, ok bool) {
	x := &e.cur
	if !isContainer(x) {
		return sub, false
	}
	// Set field by field, as in Row.Elems, to spare a copy.
	sub.p, sub.r, sub.n, sub.obj = e.p, pageread.Elements(x), x.Len, x.Tag == format.TagObject
	sub.depth, sub.deep = e.depth+1, e.deep
	if x.Open {
		var slot *elemsEnd
		if e.deep != nil && sub.depth < deepSlots {
			slot = &e.deep[sub.depth]
		} else {
			slot = new(elemsEnd)
		}
		*slot = elemsEnd{start: &x.Data[0], n: -1}
		e.sub, sub.up, sub.start = slot, slot, slot.start
	}
	return sub, true
}

// Value returns the current element as a Go value, as Row.Value.
func (e *Elems) Value() any { return e.p.value(&e.cur) }

// AppendJSON appends the current element's JSON text, as Row.AppendJSON,
// with the same ErrLimit error past the page's MaxJSONBytes.
func (e *Elems) AppendJSON(dst []byte) ([]byte, error) {
	return e.p.appendCellJSON(dst, &e.cur, -1, -1)
}
