//go:build purego

package jsonbridge

import (
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// view copies b into a string: the safe twin of the unsafe view.
func view(b []byte) string { return string(b) }

// sink is the Builder as the tokenizer's Sink for the value of a one-value
// page (cellSink.StartValue), copying what it keeps.
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

// nestedKey interns the key k of a nested object, copying it.
func nestedKey(in *pagebuild.Interner, k []byte) uint32 { return in.InternKey(string(k)) }

// String adds a string cell (jsontext.Sink): a text time if it is one,
// else the id of v, copied the first time the page sees it. It does not
// use the memo of short strings of the view of strview_unsafe.go.
func (s *cellSink) String(v []byte) {
	c := s.cell()
	if pagebuild.CellTextTime(c, v) {
		return
	}
	c.AppendStr(s.pb.In.InternBytes(v))
}

// nestedID returns the id of v, a string nested in a cell
// (cellSink.TaggedString), copied the first time the page sees it.
func nestedID(in *pagebuild.Interner, v []byte) uint32 { return in.InternBytes(v) }
