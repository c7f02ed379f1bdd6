package jsontext

import (
	"strconv"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Parser is the reusable state of the tokenizer: the stack of open arrays
// and objects and the scratch buffer for strings that needed unescaping.
// The zero value is ready to use. A Parser is not safe for concurrent use;
// callers pool them.
//
// Positions are indexes into in. Every method that consumes text returns
// the position after what it consumed, or -1 after setting err.
type Parser struct {
	s       ScalarSink
	cs      Sink        // s, if it is one: the sink of nested arrays and objects
	ds      DecimalSink // s, if it is one
	ps      Pager       // s, when parsing a page
	ts      TaggedSink  // s, if it is one
	epoch   *uint64     // ts's KeyEpoch
	same    *int        // ts's SameKeys
	rc      rowColumns  // ts's RowColumns but Unplaced (kept last, see unplaced)
	in      []byte
	stack   []byte  // '[' or '{' for each array or object open in the current cell
	frames  []frame // tagged's stack of the arrays and objects open in a cell, all of its length
	open    int     // the frames in use
	buf     []byte  // decoded strings that needed unescaping, for the current text
	cellMax int     // most nested arrays and objects in one cell
	dupKey  error   // the sentinel a PageSink's Err wraps when a row repeats a key
	err     Error
	// The tagged cell being read (tagged.go): the path hash of its own
	// array or object, its nesting limit and the depth around it.
	cellHash     uint64
	limit, depth int
	keys         *keyCache // keys of tagged cells by their place, made for the first TaggedSink
	rowKeys      []keySpan // a TaggedSink's page: the keys of the previous row (taggedRow)
	rowMiss      int       // rows in a row that matched fewer than half their keys, and rows since (taggedRow)
	rowWait      int       // rows that keep no keys before one keeps them again: rowRetry, doubled at each retry up to rowRetryMax (taggedRow)
	rowMatched   int       // the current row's keys that matched the previous row's before one did not; -1 all so far, -2 not matched
	// Tagged cells by their text (cellmemo.go), made with keys, and the
	// cell being read: where its text and its tagged values start, its
	// column, and where in the text its last string value starts (-1:
	// none yet), which tells whether the cell, or an array or object in
	// it, has had a string.
	memo            *cellMemo
	memoAt, memoOut int
	memoCell        uint32
	memoStr         int
	// ts's RowColumns.Unplaced, written only while rows shuffle their keys:
	// kept here, not in rc, so that the fields above keep their offsets
	// (in at 120, reached with one-byte displacements). taken and
	// prevCols: ts's RowColumns.Taken and Prev, for taggedRow's integers.
	unplaced *bool
	taken    *int
	prevCols *[]*pagebuild.Column
	// nums: ts's RowColumns.Numbers, for taggedNumber.
	nums *NumberMemo
	strs *pagebuild.KeyMemo // ts's RowColumns.Strs, for taggedRow's empty strings
	// looked: taggedAgain looked in the memo for the cell tagged reads
	// next, and missed it.
	looked bool
	nc     NestedCopySink // ts, if it is one
	// cols: rowColumn's columns of row keys, made with keys, for the
	// sink's Builder (RowColumns.Page).
	cols *rowColCache
	ag   AgainSink // ts, if it is one
	pl   PlainSink // ts, if it is one
	// The runs of cells a row repeats from the previous row (cellagain.go).
	cells cellRuns
}

// rowColumns is RowColumns without Unplaced, as the Parser keeps it.
type rowColumns struct {
	Memo *pagebuild.KeyMemo
	Page *pagebuild.Builder
	Col  **pagebuild.Column
}

// ErrorKind says what an Error is about.
type ErrorKind uint8

const (
	// Invalid is text that json.Valid rejects.
	Invalid ErrorKind = iota + 1
	// Limit is nesting deeper than the caller's cellMax.
	Limit
	// Refused is a key the sink refused; the sink's Err says why.
	Refused
)

// Error is a problem at a byte offset of the text: Offset is len(text) for
// text cut short. Msg is in encoding/json's words (for Invalid), without a
// package prefix, so that each caller can put its own.
type Error struct {
	Kind   ErrorKind
	Msg    string
	Offset int
}

func (e *Error) Error() string { return e.Msg + " at byte " + strconv.Itoa(e.Offset) }

// maxNesting is encoding/json's limit on nested arrays and objects: deeper
// text is not json.Valid.
const maxNesting = 10000

// maxPooledBuf is the largest scratch buffer a Parser keeps after Release:
// the bound the cache package puts on its pooled buffers. The buffer holds
// every string of a page that needed decoding (escapes, invalid UTF-8),
// about 0.8 MB at 10,000 rows of the baas dataset, whose descriptions have
// escapes in one row in five; with 1 MB as the bound such a page regrew
// the buffer from nothing every time, 35 allocations and 8 MB of
// allocating and copying a page, while 1,000 rows allocated nothing. The
// pooled Builder the Parser feeds keeps buffers sized by its largest page
// anyway.
const maxPooledBuf = 16 << 20

// Value parses in, which must hold exactly one JSON value (with optional
// whitespace around it), into s as one cell holding at most cellMax nested
// arrays and objects. It returns nil or the error, which stays valid until
// the Parser is next used. Strings handed to s may point into in and into
// the Parser's buffer, which the next call reuses. The cost is one pass over
// in, with no allocation once the Parser's buffers have grown.
func (p *Parser) Value(s Sink, in []byte, cellMax int) *Error {
	p.begin(s, in, cellMax)
	i := p.value(0, 0)
	if i >= 0 {
		if i = skipWS(in, i); i < len(in) {
			p.syntax(i, "after top-level value")
		}
	}
	return p.result()
}

// begin prepares p for a text.
func (p *Parser) begin(s ScalarSink, in []byte, cellMax int) {
	p.setSink(s)
	p.in = in
	p.cellMax = cellMax
	p.buf = p.buf[:0]
	p.err = Error{}
	if p.memo != nil {
		p.memo.newText()
	}
}

// setSink makes s the sink of the values to come: a Sink, or a
// TaggedSink, whose arrays and objects the Parser writes itself.
func (p *Parser) setSink(s ScalarSink) {
	p.s = s
	p.cs, _ = s.(Sink)
	p.ds, _ = s.(DecimalSink)
	p.nc, p.ag, p.pl, p.cells.sink = nil, nil, nil, nil
	if p.ts, _ = s.(TaggedSink); p.ts != nil {
		p.nc, _ = s.(NestedCopySink)
		p.ag, _ = s.(AgainSink)
		p.cells.sink, _ = s.(CellsAgainSink)
		p.pl, _ = s.(PlainSink)
		p.epoch = p.ts.KeyEpoch()
		p.same = p.ts.SameKeys()
		rc := p.ts.RowColumns()
		p.rc, p.unplaced = rowColumns{rc.Memo, rc.Page, rc.Col}, rc.Unplaced
		p.taken, p.prevCols, p.nums, p.strs = rc.Taken, rc.Prev, rc.Numbers, rc.Strs
		if rc.Col == nil || rc.Prev == nil || rc.Strs == nil || rc.Page == nil {
			p.taken = nil // taggedRow needs them all
		}
		if p.keys == nil {
			p.keys = new(keyCache)
			p.memo = new(cellMemo)
			p.cols = new(rowColCache)
		}
		p.cols.hold(rc.Page)
	} else {
		// A sink that is not tagged lends no row columns: drop the last
		// tagged sink's, so rows never writes its Unplaced flag.
		p.rc, p.unplaced = rowColumns{}, nil
		p.taken, p.prevCols, p.nums, p.strs = nil, nil, nil, nil
	}
}

// result returns the error of the text just parsed, or nil.
func (p *Parser) result() *Error {
	if p.err.Kind == 0 {
		return nil
	}
	return &p.err
}

// Release drops the references to the caller's text and sink, and the
// scratch buffer if one unusually large text grew it, before p goes back to
// a pool. Strings handed to the sink from the buffer stay valid: the buffer
// is dropped, not overwritten.
func (p *Parser) Release() {
	p.s, p.cs, p.ds, p.ps, p.ts, p.epoch, p.same, p.in, p.dupKey = nil, nil, nil, nil, nil, nil, nil, nil, nil
	p.rc, p.unplaced, p.taken, p.prevCols, p.nums, p.strs, p.nc, p.ag, p.pl = rowColumns{}, nil, nil, nil, nil, nil, nil, nil, nil
	p.cells.sink = nil
	if cap(p.buf) > maxPooledBuf {
		p.buf = nil
	}
}

// Errors. Each sets p.err and returns -1.

// syntax reports the invalid byte at in[i]; context says what was expected,
// in encoding/json's words.
func (p *Parser) syntax(i int, context string) int {
	p.err = Error{Kind: Invalid, Msg: "invalid character " + quoteChar(p.in[i]) + " " + context, Offset: i}
	return -1
}

// eof reports text that ends before its value does.
func (p *Parser) eof() int {
	p.err = Error{Kind: Invalid, Msg: "unexpected end of JSON input", Offset: len(p.in)}
	return -1
}

// tooDeep reports the bracket at in[i], which opens level n of the text:
// beyond encoding/json's limit it is invalid JSON, else beyond cellMax.
func (p *Parser) tooDeep(i, n int) int {
	if n > maxNesting {
		return p.syntax(i, "exceeded max depth")
	}
	p.err = Error{Kind: Limit, Msg: "nesting deeper than MaxDepth " + strconv.Itoa(p.cellMax+1), Offset: i}
	return -1
}

// refused reports a key at in[i] that the sink refused.
func (p *Parser) refused(i int) int {
	p.err = Error{Kind: Refused, Offset: i}
	return -1
}

// quoteChar formats c as encoding/json's errors do, between single quotes
// with Go escapes, so the byte 0x0A gives '\n'.
func quoteChar(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}
