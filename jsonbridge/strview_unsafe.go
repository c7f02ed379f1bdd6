//go:build !purego

package jsonbridge

import (
	"unsafe"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// view returns b as a string without copying. The Builder keeps the strings
// it is given until the next Start or Finish: b must hold still until then.
// Every b given here is part of the caller's JSON text or of the tokenizer's
// scratch buffer, and neither changes before the page is finished or
// abandoned.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// sink is the Builder as the tokenizer's PageSink: keys, strings and number
// text are handed over as views of the JSON text, without copying.
type sink struct {
	*rowpage.Builder
	st pagebuild.Stream // the Builder's Stream, for CheckedNumber
}

// Key adds a key; the Builder keeps it until the page is done.
func (s *sink) Key(k []byte) { s.Builder.Key(view(k)) }

// String adds a string value without copying it.
func (s *sink) String(v []byte) { s.Builder.String(view(v)) }

// Number adds number text, which the Builder does not keep.
// The tokenizer has checked text is a JSON number: the Builder does not
// check it again.
func (s *sink) Number(text []byte) { s.st.CheckedNumber(view(text)) }
