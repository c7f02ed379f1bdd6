package jsonbridge

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// Options configure page-to-JSON transcoding. The zero value writes exactly
// what json.Marshal writes. Options are cheap to freeze into a Mode (no I/O,
// no page access), so building one per request is fine.
type Options struct {
	// NoEscapeHTML writes <, > and & in strings as they are, like
	// json.Encoder.SetEscapeHTML(false). By default they are escaped as
	// \u003c, \u003e and \u0026, as json.Marshal does.
	NoEscapeHTML bool
	// Columns, if not nil, keeps only these top-level keys in each row (in
	// the row's own order). Names that a page lacks are ignored.
	Columns []string
	// Offset skips this many rows of a page of rows.
	Offset int
	// Limit, if positive, writes at most this many rows.
	Limit int
	// Envelope, if not nil, wraps the rows in an object.
	Envelope *Envelope
	// Limits bound the pages accepted (see rowpage.Limits).
	Limits rowpage.Limits
	// Dictionaries are the dictionaries pages may name (SPEC.md 2.6,
	// rowpage.EncOptions.Dictionary); a page that names another one is
	// rowpage.ErrUnsupported, a cache miss. Default none.
	Dictionaries []*rowpage.Dictionary
}

// Envelope describes an object written around the rows:
// {<Before fields>,"<RowsKey>":[rows],"<CountKey>":N,<After fields>}.
type Envelope struct {
	// RowsKey is the key of the rows array; "rows" if empty.
	RowsKey string
	// CountKey, if not empty, adds the number of rows written under this key.
	CountKey string
	// Before and After are caller-supplied fields written before and after
	// the rows. Their values are JSON text, compacted when the Mode is made.
	Before, After []Field
}

// Field is one caller-supplied envelope field.
type Field struct {
	Key   string
	Value json.RawMessage
}

// Mode is a frozen, validated set of Options, immutable and safe for
// concurrent use.
type Mode struct {
	escapeHTML bool
	columns    map[string]bool
	offset     int
	limit      int
	lim        format.Limits
	dicts      pagedict.Set
	// envelope, pre-rendered
	env      bool
	envHead  []byte    // {..."rows":
	envCount []byte    // ,"count":  (nil if no count)
	envTail  []byte    // ,...}
	pool     sync.Pool // *transcoder
	// last keeps the most recently released transcoder outside the pool. A
	// request that waits on the network before its hit (a cache read) often
	// resumes on another P, where sync.Pool cannot hand it a transcoder
	// kept in the first P's private slot; each such hit would rebuild the
	// cursors and scratch buffers. The one transcoder kept here survives
	// garbage collections, so it holds no reference to the last page (see
	// put), only buffers sized by the largest page served.
	last atomic.Pointer[transcoder]
}

// Mode validates the options and freezes them.
func (o Options) Mode() (*Mode, error) {
	if err := o.Limits.Check(); err != nil {
		return nil, err
	}
	if o.Offset < 0 || o.Limit < 0 {
		return nil, &rowpage.Error{Err: rowpage.ErrInvalidOption, Msg: "jsonbridge: Offset and Limit must not be negative", Offset: -1, Row: -1, Column: -1}
	}
	m := &Mode{escapeHTML: !o.NoEscapeHTML, offset: o.Offset, limit: o.Limit, lim: o.Limits.WithDefaults()}
	for i, d := range o.Dictionaries {
		if d == nil {
			return nil, &rowpage.Error{Err: rowpage.ErrInvalidOption, Msg: "jsonbridge: Dictionaries[" + strconv.Itoa(i) + "] is nil", Offset: -1, Row: -1, Column: -1}
		}
		m.dicts = append(m.dicts, pagedict.Of(d))
	}
	if o.Columns != nil {
		m.columns = make(map[string]bool, len(o.Columns))
		for _, c := range o.Columns {
			m.columns[c] = true
		}
	}
	if e := o.Envelope; e != nil {
		m.env = true
		rowsKey := e.RowsKey
		if rowsKey == "" {
			rowsKey = "rows"
		}
		h := []byte{'{'}
		var err error
		if h, err = m.appendFields(h, e.Before); err != nil {
			return nil, err
		}
		if len(e.Before) > 0 {
			h = append(h, ',')
		}
		h = jsonwire.AppendQuoted(h, rowsKey, m.escapeHTML)
		m.envHead = append(h, ':')
		if e.CountKey != "" {
			m.envCount = jsonwire.AppendQuoted([]byte{','}, e.CountKey, m.escapeHTML)
			m.envCount = append(m.envCount, ':')
		}
		var t []byte
		if len(e.After) > 0 {
			t = append(t, ',')
		}
		if t, err = m.appendFields(t, e.After); err != nil {
			return nil, err
		}
		m.envTail = append(t, '}')
	}
	return m, nil
}

func (m *Mode) appendFields(dst []byte, fs []Field) ([]byte, error) {
	for i, f := range fs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonwire.AppendQuoted(dst, f.Key, m.escapeHTML)
		dst = append(dst, ':')
		var buf bytes.Buffer
		if err := json.Compact(&buf, f.Value); err != nil {
			return nil, &rowpage.Error{Err: rowpage.ErrInvalidJSON, Msg: "envelope field " + strconv.Quote(f.Key) + " is not valid JSON", Cause: err, Offset: -1, Row: -1, Column: -1}
		}
		dst = jsonwire.AppendRawJSON(dst, buf.Bytes(), m.escapeHTML)
	}
	return dst, nil
}

var defaultMode, _ = Options{}.Mode()
