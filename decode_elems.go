package rowpage

import (
	"time"

	"github.com/rowpage/rowpage/format"
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
// Iterating costs one pass over the elements' bytes, plus a decoding-free
// skip over each nested array or object read through its own Elems, at
// most a few levels deep. An element's Value and AppendJSON tell this
// iterator where the element ends; so does an iterator from Elems below
// those first levels, which makes the cost linear at any depth. It
// allocates nothing for nesting up to that depth, and 16 bytes per nested
// value below it.
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
	n   int
	obj bool
	// depth is how many Elems calls led to this iterator: 0 for one made
	// by Row.Elems.
	depth int
	// sub is where the iterator over the current element reports its end;
	// up is where this iterator reports its own, to the iterator or row it
	// came from, with start, where its elements start. Both are nil unless
	// made by Elems.Elems or Row.Elems.
	sub, up *elemsEnd
	start   *byte
}

// elemsEnd is the end of a nested Elems, as it reports it to the Elems of
// the enclosing value: where its elements start, and their encoded length
// once it has read them all (-1 until then).
type elemsEnd struct {
	start *byte
	n     int
}

// elemsOf returns an iterator over x's elements, or false if x is absent or
// not an array or object.
func elemsOf(p *Page, x *pageread.Cell) (Elems, bool) {
	if x == nil || (x.Tag != format.TagArray && x.Tag != format.TagObject) {
		return Elems{}, false
	}
	return Elems{p: p, r: pageread.Elements(x), n: x.Len, obj: x.Tag == format.TagObject}, true
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

// Float returns the current element as a float64, as Row.Float.
func (e *Elems) Float() (float64, bool) { return cellFloat(&e.cur) }

// Bool returns the current element as a bool, as Row.Bool.
func (e *Elems) Bool() (v, ok bool) { return cellBool(&e.cur) }

// String returns the current element's string without copying, as
// Row.String.
func (e *Elems) String() (string, bool) { return cellString(e.p.l, &e.cur) }

// Bytes returns the current element's byte string without copying, as
// Row.Bytes.
func (e *Elems) Bytes() ([]byte, bool) { return cellBytes(e.p.l, &e.cur) }

// Time returns the current element's timestamp, as Row.Time.
func (e *Elems) Time() (time.Time, bool) { return cellTime(&e.cur) }

// Number returns the current element's exact number text, as Row.Number.
func (e *Elems) Number() ([]byte, bool) { return cellNumber(&e.cur) }

// Strings appends the current element's strings, when it is an array of
// strings, as Row.Strings.
func (e *Elems) Strings(dst []string) ([]string, bool) {
	return appendCellStrings(dst, e.p.l, &e.cur)
}

// linkedDepth is the depth of nesting below which an iterator from
// Elems.Elems tells its parent where it ends (at the cost of a 16-byte
// allocation). Above it the parent skips the element again, so a byte of
// the page is walked at most linkedDepth+1 times.
const linkedDepth = 4

// Elems returns an iterator over the current element's own elements, when
// it is an array or object. It allocates nothing unless e is itself
// nested several levels deep (see Elems).
func (e *Elems) Elems() (Elems, bool) {
	sub, ok := elemsOf(e.p, &e.cur)
	sub.depth = e.depth + 1
	if ok && e.cur.Open && sub.depth >= linkedDepth {
		e.sub = &elemsEnd{start: &e.cur.Data[0], n: -1}
		sub.up, sub.start = e.sub, e.sub.start
	}
	return sub, ok
}

// Value returns the current element as a Go value, as Row.Value.
func (e *Elems) Value() any { return e.p.value(&e.cur) }

// AppendJSON appends the current element's JSON text, as Row.AppendJSON,
// with the same ErrLimit error past the page's MaxJSONBytes.
func (e *Elems) AppendJSON(dst []byte) ([]byte, error) {
	return e.p.appendCellJSON(dst, &e.cur, -1, -1)
}
