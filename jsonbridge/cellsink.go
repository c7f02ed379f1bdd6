package jsonbridge

import (
	"strconv"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsontext"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// cellSink is the tokenizer's PageSink for pages of rows and one-object
// pages: it writes each cell straight into its column of the page the
// Builder writes (pagebuild.Builder), as the Builder's own methods would,
// but without the Builder's state machine around every value (which
// checks, for each cell, the order of calls the tokenizer already
// guarantees). The page is byte for byte the one the Builder's methods
// build. A one-value page goes through the Builder (sink): StartValue
// returns it.
//
// The tokenizer calls the methods in a valid order only: keys in objects,
// balanced arrays and objects no deeper than the page's MaxDepth allows.
// So the only error a cellSink reports is a row that repeats a key, which
// sends the tokenizer back to read the text as a one-value page.
type cellSink struct {
	b     *rowpage.Builder
	pb    *pagebuild.Builder // the page b writes
	value sink               // b as the sink of a one-value page
	col   *pagebuild.Column  // the column of the cell being written
	stack []openFrame        // the arrays and objects open in the cell
	err   error              // a row's repeated key, or nil
	// Short keys: column indexes of row keys under the page's Page, and
	// string ids of nested objects' keys under the interner's Epoch.
	rowKeys, nestedKeys pagebuild.KeyMemo
}

// openFrame is an array or object open in a cell: where its container tag
// sits in the column's tagged values, and how many elements or members it
// has so far.
type openFrame struct {
	at, n int
}

// newCellSink returns the cellSink of b.
func newCellSink(b *rowpage.Builder) *cellSink {
	st := pagebuild.StreamOf(b)
	return &cellSink{b: b, pb: st.Page(), value: sink{b, st}}
}

// start forgets the cell and error of an earlier attempt.
func (s *cellSink) start() {
	s.col, s.err = nil, nil
	s.stack = s.stack[:0]
}

// StartRows begins a page of rows.
func (s *cellSink) StartRows() { s.b.StartRows(); s.start() }

// StartObject begins a one-object page.
func (s *cellSink) StartObject() { s.b.StartObject(); s.start() }

// StartValue begins a one-value page and returns the Builder as its sink.
func (s *cellSink) StartValue() jsontext.Sink {
	s.b.StartValue()
	s.start()
	return &s.value
}

// BeginRow starts a row.
func (s *cellSink) BeginRow() { s.pb.BeginRow() }

// EndRow finishes a row.
func (s *cellSink) EndRow() { s.pb.EndRow() }

// NullRow adds a null row.
func (s *cellSink) NullRow() { s.pb.NullRow() }

// Err returns the error of a row that repeats a key, or nil.
func (s *cellSink) Err() error { return s.err }

// Key opens the column of a row's key, or adds the key of a nested object.
// A key of up to 16 bytes that the page has met before is found by its
// bytes in a KeyMemo, which gives what pagebuild.Builder.ColumnIndex or
// Interner.InternKey would: the same column or id, counted once more.
func (s *cellSink) Key(k []byte) {
	w0, w1, short := pagebuild.KeyWords(k)
	if len(s.stack) > 0 {
		in := &s.pb.In
		id, ok := uint32(0), false
		if short {
			id, ok = s.nestedKeys.Get(w0, w1, len(k), in.Epoch)
		}
		if ok {
			in.Counts[id]++
		} else {
			id = nestedKey(in, k)
			if short {
				s.nestedKeys.Put(w0, w1, len(k), in.Epoch, id)
			}
		}
		c := s.col
		c.Tagged = format.AppendUvarint(c.Tagged, uint64(id))
		return
	}
	var c *pagebuild.Column
	var fresh bool
	ci, ok := uint32(0), false
	if short {
		ci, ok = s.rowKeys.Get(w0, w1, len(k), s.pb.Page)
	}
	if ok {
		c, fresh = s.pb.Use(int32(ci))
		s.pb.In.Counts[c.Name]++
	} else {
		ci := s.pb.ColumnIndex(view(k))
		if short {
			s.rowKeys.Put(w0, w1, len(k), s.pb.Page, uint32(ci))
		}
		c, fresh = s.pb.Use(ci)
	}
	if !fresh {
		name := string(k)
		s.err = &rowpage.Error{Err: rowpage.ErrDuplicateKey, Msg: "duplicate key " + strconv.Quote(name), Offset: -1, Row: -1, Column: -1, ColumnName: name}
		return
	}
	s.col = c
}

// elem counts one more element of the innermost open array or object and
// reports whether there is one: whether the value is nested in the cell.
func (s *cellSink) elem() bool {
	n := len(s.stack)
	if n == 0 {
		return false
	}
	s.stack[n-1].n++
	return true
}

// Null adds null.
func (s *cellSink) Null() {
	c := s.col
	if s.elem() {
		c.Tagged = append(c.Tagged, format.TagNull)
		return
	}
	c.AppendNull()
}

// Bool adds a bool.
func (s *cellSink) Bool(v bool) {
	c := s.col
	if s.elem() {
		t := byte(format.TagFalse)
		if v {
			t = format.TagTrue
		}
		c.Tagged = append(c.Tagged, t)
		return
	}
	c.AppendBool(v)
}

// Int adds an integer.
func (s *cellSink) Int(v int64) {
	c := s.col
	if s.elem() {
		c.Tagged = pagebuild.AppendTaggedInt(c.Tagged, v)
		return
	}
	c.AppendInt(v)
}

// String adds a string: a text time if it is one, else a string id.
func (s *cellSink) String(v []byte) {
	if s.elem() {
		nestedString(s.pb, s.col, v)
		return
	}
	cellString(s.pb, s.col, v)
}

// Number adds number text, as Builder.Number does: natively when the
// native form writes the same text, as text otherwise.
func (s *cellSink) Number(text []byte) {
	c, nested := s.col, s.elem()
	t := view(text)
	if v, ok := pagebuild.CanonicalInt(t); ok {
		if nested {
			c.Tagged = pagebuild.AppendTaggedInt(c.Tagged, v)
		} else {
			c.AppendInt(v)
		}
		return
	}
	if v, ok := pagebuild.CanonicalUint(t); ok {
		if nested {
			c.Tagged = pagebuild.AppendTaggedUint(c.Tagged, v)
		} else {
			c.AppendUint(v)
		}
		return
	}
	f, d, ok := pagebuild.CanonicalFloat(t)
	putDecimal(c, nested, f, d, ok, text)
}

// putDecimal adds a decimal number as a float cell when ok (the float
// writes back the same text), as its text otherwise: in the column, or as a
// tagged value inside an array or object when nested.
func putDecimal(c *pagebuild.Column, nested bool, f float64, d format.Decimal, ok bool, text []byte) {
	if ok {
		if nested {
			c.Tagged = format.AppendDecimalCell(append(c.Tagged, format.TagFloat), d, f)
		} else {
			c.AppendDecimal(d, f)
		}
		return
	}
	if nested {
		c.Tagged = format.AppendUvarint(append(c.Tagged, format.TagNumber), uint64(len(text)))
		c.Tagged = append(c.Tagged, text...)
		return
	}
	c.AppendBlob(pagebuild.KindNumber, text)
}

// open opens an array or object.
func (s *cellSink) open(tag byte) {
	c := s.col
	if !s.elem() {
		c.BeginAny()
	}
	s.stack = append(s.stack, openFrame{at: len(c.Tagged)})
	c.Tagged = pagebuild.AppendContainer(c.Tagged, tag, 0)
}

// close closes the innermost array or object, writing its count.
func (s *cellSink) close() {
	n := len(s.stack) - 1
	f := s.stack[n]
	pagebuild.PatchContainer(s.col.Tagged, f.at, f.n)
	s.stack = s.stack[:n]
}

// empty adds an empty array or object: what open and close would write,
// without the frame they push and pop.
func (s *cellSink) empty(tag byte) {
	c := s.col
	if !s.elem() {
		c.BeginAny()
	}
	c.Tagged = pagebuild.AppendContainer(c.Tagged, tag, 0)
}

// EmptyArray adds an empty array (jsontext.EmptySink).
func (s *cellSink) EmptyArray() { s.empty(format.TagArray) }

// EmptyObject adds an empty object (jsontext.EmptySink).
func (s *cellSink) EmptyObject() { s.empty(format.TagObject) }

// BeginArray opens an array.
func (s *cellSink) BeginArray() { s.open(format.TagArray) }

// EndArray closes an array.
func (s *cellSink) EndArray() { s.close() }

// BeginObject opens an object.
func (s *cellSink) BeginObject() { s.open(format.TagObject) }

// EndObject closes an object.
func (s *cellSink) EndObject() { s.close() }

// Decimal adds number text with a fraction or exponent whose digits the
// tokenizer has read (jsontext.DecimalSink): as a float cell when the
// float writes the same text, as text otherwise, as Number does, without
// reading the digits again.
func (s *cellSink) Decimal(text []byte, neg bool, mant uint64, nd, exp int) {
	f, d, ok := pagebuild.CanonicalDecimal(view(text), neg, mant, nd, exp)
	putDecimal(s.col, s.elem(), f, d, ok, text)
}
