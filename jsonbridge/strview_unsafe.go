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

// sink is the Builder as the tokenizer's Sink for the value of a one-value
// page (cellSink.StartValue): keys, strings and number text are handed over
// as views of the JSON text, without copying.
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

// nestedKey interns the key k of a nested object, kept as a view.
func nestedKey(in *pagebuild.Interner, k []byte) uint32 { return in.InternKey(view(k)) }

// String adds a string cell (jsontext.Sink), kept as a view of the text
// (pagebuild.Builder.CellString); a string of up to 16 bytes that is a
// view of a longer text (the common one) is looked up in the memo of
// short strings first (pagebuild.Builder.CellShortString), through a view
// made without view's test of an empty v (unsafe.String of a nil pointer
// and length 0 is ""). The method itself, not a call of a function that
// does this, which cost each string cell a call more.
func (s *cellSink) String(v []byte) {
	c := s.cell()
	if len(v) <= 16 && cap(v) >= 16 {
		w0, w1 := pagebuild.KeyWordsWide(v)
		if id, ok := s.strs.Get(w0, w1, len(v), s.pb.In.Epoch); ok && s.pb.TryCellSeenString(c, id) {
			return
		}
		s.pb.CellShortString(c, unsafe.String(unsafe.SliceData(v), len(v)), w0, w1, &s.strs)
		return
	}
	s.pb.CellString(c, view(v))
}

// nestedID returns the id of v, a string nested in a cell
// (cellSink.TaggedString), kept as a view of the text. A view's address
// does not come again within a page (each is another place in the text, or
// in the tokenizer's scratch buffer, which only grows within a text), so
// the interner's address cache is neither asked nor filled
// (Interner.InternFresh). The view is made as view makes it, without its
// test of an empty v (unsafe.String of a nil pointer and length 0 is ""),
// so that nestedID inlines.
func nestedID(in *pagebuild.Interner, v []byte) uint32 {
	return in.InternFresh(unsafe.String(unsafe.SliceData(v), len(v)))
}
