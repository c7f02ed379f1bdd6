package jsonbridge

import (
	"sync"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsontext"
)

// PageOptions configure JSON-to-page conversion. The zero value gives the
// defaults. Freeze them into a PageMode with PageMode() and reuse it.
type PageOptions struct {
	// EncOptions are the page encoding options. EncOptions.MaxDepth (default
	// 1,000, range 1 to 10,000) also bounds the nesting AppendPage accepts:
	// one cell (a row's value, or the whole value of a value page) may hold
	// at most MaxDepth-1 levels of arrays and objects, the cell itself being
	// depth 1 as in SPEC.md section 5.5, which is what a page reader with
	// the same MaxDepth accepts.
	EncOptions rowpage.EncOptions
}

// PageMode is a frozen, validated set of PageOptions. It is immutable and
// safe for concurrent use; it pools Builders and tokenizer state, so that a
// steady stream of AppendPage calls allocates little beyond the output.
type PageMode struct {
	enc     *rowpage.EncMode
	cellMax int // most nested arrays and objects in one cell
	pool    sync.Pool
}

// PageMode validates the options and freezes them.
func (o PageOptions) PageMode() (*PageMode, error) {
	enc, err := o.EncOptions.EncMode()
	if err != nil {
		return nil, err
	}
	d := o.EncOptions.MaxDepth
	if d == 0 {
		d = format.DefaultMaxDepth
	}
	return &PageMode{enc: enc, cellMax: d - 1}, nil
}

var defaultPageMode, _ = PageOptions{}.PageMode()

// AppendPage parses JSON text and appends the page it describes to dst,
// using the default options. See PageMode.AppendPage.
func AppendPage(dst, jsonText []byte) ([]byte, error) {
	return defaultPageMode.AppendPage(dst, jsonText)
}

// AppendPage parses JSON text and appends the page it describes to dst.
//
// A top-level array whose elements are all objects or null becomes a page of
// rows; a top-level object whose keys are distinct becomes a one-object page;
// any other value (including an array of objects in which one object repeats
// a key) becomes a one-value page. Key order, duplicate keys of nested
// objects and the exact text of every number are kept; strings are decoded
// as json.Unmarshal decodes them (invalid UTF-8 and lone surrogates become
// U+FFFD), and strings of RFC 3339 text that a time cell writes back byte
// for byte (0 to 9 fractional digits, "Z" or an offset, "+00:00" included)
// are stored as text times (SPEC.md 5.4), which read back as the same
// strings, as Marshal stores them. So AppendJSON(nil, page) is the compact
// form of jsonText with every string written as json.Marshal writes it.
//
// It accepts exactly the texts json.Valid accepts, within the depth limit
// of PageOptions. Invalid JSON gives a *rowpage.Error wrapping
// rowpage.ErrInvalidJSON whose Offset is the byte offset of the problem
// (len(jsonText) for a text cut short) and whose message is encoding/json's;
// nesting beyond the limit gives rowpage.ErrLimit at the offset of the
// bracket that opens one level too many. On error dst is returned unchanged.
//
// The cost is one pass over jsonText (two when an array turns out not to
// hold rows, or when rows repeat a key) with no allocation beyond growing dst
// and the Builder's own state. dst must not overlap jsonText.
func (m *PageMode) AppendPage(dst, jsonText []byte) ([]byte, error) {
	p, _ := m.pool.Get().(*parser)
	if p == nil {
		p = newParser(m.enc.NewBuilder(), m.cellMax)
	}
	out, err := p.page(dst, jsonText)
	if err != nil {
		// Finish did not run: make the Builder forget the strings it
		// holds, which point into jsonText.
		p.b.StartValue()
	}
	p.release()
	m.pool.Put(p)
	return out, err
}

// parser is the pooled state of one AppendPage call: the shared tokenizer
// (internal/jsontext) writing the cells of a rowpage.Builder's page
// through a cellSink, in a single pass.
type parser struct {
	b       *rowpage.Builder
	sink    *cellSink // b's page as the tokenizer's sink
	cellMax int       // most nested arrays and objects in one cell
	t       jsontext.Parser
}

// newParser returns a parser feeding b, with its sink set once rather
// than per page.
func newParser(b *rowpage.Builder, cellMax int) *parser {
	return &parser{b: b, sink: newCellSink(b), cellMax: cellMax}
}

// page builds the page of in and appends it to dst.
func (p *parser) page(dst, in []byte) ([]byte, error) {
	if e := p.t.TaggedPage(p.sink, in, p.cellMax, rowpage.ErrDuplicateKey); e != nil {
		return dst, p.pageError(e)
	}
	return p.b.Finish(dst)
}

// pageError turns a tokenizer error into the *rowpage.Error AppendPage
// returns: invalid JSON or a limit at the offset, or the sink's own error
// about a key, moved to the key's offset.
func (p *parser) pageError(e *jsontext.Error) error {
	switch e.Kind {
	case jsontext.Limit:
		return &rowpage.Error{Err: rowpage.ErrLimit, Msg: "jsonbridge: " + e.Msg, Offset: e.Offset, Row: -1, Column: -1}
	case jsontext.Refused:
		err := p.sink.Err()
		if err == nil {
			err = p.b.Err()
		}
		be := rowpage.Error{Err: rowpage.ErrInvalidJSON, Cause: err, Row: -1, Column: -1}
		if x, ok := err.(*rowpage.Error); ok {
			be = *x
		}
		be.Offset = e.Offset
		return &be
	}
	return &rowpage.Error{Err: rowpage.ErrInvalidJSON, Msg: "jsonbridge: " + e.Msg, Offset: e.Offset, Row: -1, Column: -1}
}

// release drops the references to the caller's text before p goes back to
// the pool.
func (p *parser) release() { p.t.Release() }
