package pagewalk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rowpage/rowpage"
)

// Walk calls every accessor of rowpage.Row on every column of every row of
// p, and every accessor of rowpage.Elems on every element of every array or
// object cell, at every depth. It checks that:
//   - AppendJSON of a cell, and of an element, either returns valid JSON or
//     fails with an error wrapping rowpage.ErrLimit (the JSON budget of the
//     page); any other error is a failure;
//   - an Elems iterator yields exactly Len elements.
//
// It returns nil, or an error naming the row, the column and the path of
// element indexes where the first check failed. The error does not wrap
// the reader's error: a failed check is a bug, not one of rowpage's
// sentinel errors.
//
// Value and AppendJSON are called on every cell but only on the elements
// that are not themselves arrays or objects: on nested containers they
// would cost the square of the depth, which is the walk's cost, not the
// reader's. Walk reuses its string list and JSON buffers for the whole
// page, so it adds no allocation per cell to what the accessors allocate.
func Walk(p *rowpage.Page) error {
	var w walker
	for r := range p.Rows() {
		for c := 0; c < p.NumColumns(); c++ {
			if err := w.cell(r, c); err != nil {
				return fmt.Errorf("row %d, column %d (%.64q): %w", r.Index(), c, p.ColumnName(c), err)
			}
		}
	}
	return nil
}

// WalkElems is Walk for one Elems iterator, such as a cell's: every
// accessor on every element, the elements of nested arrays and objects
// included, with the same checks. It returns nil or an error naming the
// path of element indexes where the first check failed.
func WalkElems(e rowpage.Elems) error {
	var w walker
	return w.elems(e)
}

// walker holds the buffers a walk reuses: the list Strings fills, the JSON
// AppendJSON writes, and a copy of the last JSON found valid (never empty
// once set, as valid JSON is never empty).
type walker struct {
	strs  []string
	js    []byte
	valid []byte
}

// cell calls every Row accessor on column c of r, and walks the cell's
// elements when it is an array or an object.
func (w *walker) cell(r *rowpage.Row, c int) error {
	r.Has(c)
	r.IsNullAt(c)
	r.Int(c)
	r.Uint(c)
	r.Float(c)
	r.Bool(c)
	r.String(c)
	r.Bytes(c)
	r.Time(c)
	r.Number(c)
	w.strs, _ = r.Strings(c, w.strs[:0])
	r.Value(c)
	if e, ok := r.Elems(c); ok {
		if err := w.elems(e); err != nil {
			return err
		}
	}
	var err error
	w.js, err = r.AppendJSON(w.js[:0], c)
	return w.checkJSON(err)
}

// elems walks every element of e and checks that they number e.Len().
func (w *walker) elems(e rowpage.Elems) error {
	n := 0
	for e.Next() {
		if err := w.elem(&e); err != nil {
			return fmt.Errorf("element %d: %w", n, err)
		}
		n++
	}
	if n != e.Len() {
		return fmt.Errorf("Elems yielded %d elements of %d", n, e.Len())
	}
	return nil
}

// elem calls every Elems accessor on e's current element; when it is an
// array or an object it walks its elements instead of calling Value and
// AppendJSON.
func (w *walker) elem(e *rowpage.Elems) error {
	e.Key()
	e.IsNull()
	e.Int()
	e.Uint()
	e.Float()
	e.Bool()
	e.String()
	e.Bytes()
	e.Time()
	e.Number()
	w.strs, _ = e.Strings(w.strs[:0])
	if sub, ok := e.Elems(); ok {
		return w.elems(sub)
	}
	e.Value()
	var err error
	w.js, err = e.AppendJSON(w.js[:0])
	return w.checkJSON(err)
}

// checkJSON is the check on what AppendJSON returned into w.js: valid
// JSON, or an error wrapping rowpage.ErrLimit. JSON equal to the last JSON
// found valid is not validated again. Hostile pages repeat one long string
// thousands of times: validating every copy would cost the walk far more
// than rendering it costs the reader (minutes under the race detector),
// while comparing is cheap.
func (w *walker) checkJSON(err error) error {
	switch {
	case errors.Is(err, rowpage.ErrLimit):
		return nil
	case err != nil:
		return fmt.Errorf("AppendJSON failed on a page Open accepted: %v", err)
	case len(w.valid) > 0 && bytes.Equal(w.js, w.valid):
		return nil
	case !json.Valid(w.js):
		return fmt.Errorf("AppendJSON wrote invalid JSON: %.200q", w.js)
	}
	w.valid = append(w.valid[:0], w.js...)
	return nil
}
