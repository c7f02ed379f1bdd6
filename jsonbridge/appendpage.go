package jsonbridge

import (
	"sync"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
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
// U+FFFD), and strings that are RFC 3339 timestamps in the exact form
// time.Time.MarshalJSON writes are stored as timestamps. So
// AppendJSON(nil, page) is the compact form of jsonText with every string
// written as json.Marshal writes it.
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
		p = &parser{b: m.enc.NewBuilder(), cellMax: m.cellMax}
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

// page builds the page of in and appends it to dst.
func (p *parser) page(dst, in []byte) ([]byte, error) {
	p.in = in
	i := skipWS(in, 0)
	if i >= len(in) {
		p.eof()
		return dst, p.err
	}
	top, ok := i, false
	switch in[i] {
	case '[':
		i, ok = p.rows(top)
	case '{':
		i, ok = p.object(top)
	}
	if !ok {
		// Not a page of rows or an object page after all: start again.
		p.b.StartValue()
		p.restart()
		i = p.value(top, 0)
	}
	if i < 0 {
		return dst, p.err
	}
	if i = skipWS(in, i); i < len(in) {
		p.syntax(i, "after top-level value")
		return dst, p.err
	}
	return p.b.Finish(dst)
}

// restart forgets the strings of an abandoned attempt; call it right after
// the Builder's Start method, which forgets them on the Builder's side.
func (p *parser) restart() {
	p.buf = p.buf[:0]
	p.err = nil
}

// rows parses the array at in[i] as a page of rows. It reports false,
// without an error, when an element is not an object or null or a row
// repeats a key; the page must then be parsed as a value.
func (p *parser) rows(i int) (int, bool) {
	in := p.in
	p.b.StartRows()
	p.restart()
	i = skipWS(in, i+1)
	if i < len(in) && in[i] == ']' {
		return i + 1, true
	}
	for {
		if i >= len(in) {
			return p.eof(), true
		}
		switch in[i] {
		case '{':
			p.b.BeginRow()
			var ok bool
			if i, ok = p.members(i, 2); !ok || i < 0 {
				return i, ok
			}
			p.b.EndRow()
		case 'n':
			if i = p.literal(i, "null"); i < 0 {
				return i, true
			}
			p.b.NullRow()
		default:
			return 0, false
		}
		if i = skipWS(in, i); i >= len(in) {
			return p.eof(), true
		}
		switch in[i] {
		case ',':
			i = skipWS(in, i+1)
		case ']':
			return i + 1, true
		default:
			return p.syntax(i, "after array element"), true
		}
	}
}

// object parses the object at in[i] as a one-object page. It reports
// false, without an error, if a key repeats.
func (p *parser) object(i int) (int, bool) {
	p.b.StartObject()
	p.restart()
	return p.members(i, 1)
}

// members parses the members of the object at in[i], which is a row of the
// page (depth is the nesting of the object in the JSON text). It reports
// false, without an error, if a key repeats.
func (p *parser) members(i, depth int) (int, bool) {
	in := p.in
	if i = skipWS(in, i+1); i < len(in) && in[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(in) {
			return p.eof(), true
		}
		if in[i] != '"' {
			return p.syntax(i, "looking for beginning of object key string"), true
		}
		at := i
		var k []byte
		if k, i = p.str(i); i < 0 {
			return i, true
		}
		p.key(k)
		if err := p.b.Err(); err != nil {
			if e, ok := err.(*rowpage.Error); ok && e.Err == rowpage.ErrDuplicateKey {
				return 0, false
			}
			return p.builderErr(at), true
		}
		if i = skipWS(in, i); i >= len(in) {
			return p.eof(), true
		}
		if in[i] != ':' {
			return p.syntax(i, "after object key"), true
		}
		if i = p.value(i+1, depth); i < 0 {
			return i, true
		}
		if i = skipWS(in, i); i >= len(in) {
			return p.eof(), true
		}
		switch in[i] {
		case ',':
			i = skipWS(in, i+1)
		case '}':
			return i + 1, true
		default:
			return p.syntax(i, "after object key:value pair"), true
		}
	}
}

// release drops the reference to the caller's text, and the string buffer
// if one unusually large page grew it, before p goes back to the pool.
func (p *parser) release() {
	p.in = nil
	p.err = nil
	if cap(p.buf) > maxPooledBuf {
		p.buf = nil
	}
}

// maxPooledBuf is the largest scratch buffer a pooled parser keeps.
const maxPooledBuf = 1 << 20
