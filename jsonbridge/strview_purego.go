//go:build purego

package jsonbridge

import (
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// view copies b into a string: the safe twin of the unsafe view.
func view(b []byte) string { return string(b) }

// sink is the Builder as the tokenizer's PageSink, copying what it keeps.
type sink struct {
	*rowpage.Builder
	st pagebuild.Stream // the Builder's Stream, for CheckedNumber
}

// Key adds a key, copying it: the Builder keeps the keys it is given.
func (s *sink) Key(k []byte) { s.Builder.Key(string(k)) }

// String adds a string value; the Builder copies it the first time it sees
// it.
func (s *sink) String(v []byte) { s.Builder.StringBytes(v) }

// Number adds number text, which the Builder does not keep.
// The tokenizer has checked text is a JSON number: the Builder does not
// check it again.
func (s *sink) Number(text []byte) { s.st.CheckedNumber(string(text)) }
