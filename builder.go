package rowpage

import (
	"errors"
	"strconv"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsontext"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Builder builds a page from a stream of values, for producers that do not
// hold Go values: the JSON bridge's tokenizer, database/sql ingestion, or an
// application reading another format. It writes through the same column
// builders as Marshal, so the page is the one Marshal would produce for the
// equivalent Go values.
//
// Start a page with StartRows, StartObject or StartValue; add rows with
// BeginRow, Key, a value method and EndRow (or NullRow); nest with
// BeginArray/EndArray and BeginObject/Key/EndObject; finish with Finish.
// The first misuse or bad value sets an error that every later call keeps
// and Finish returns. The zero Builder is ready to use with the default
// options (as from NewBuilder). A Builder is reusable and not safe for
// concurrent use.
type Builder struct {
	e       *Encoder
	kind    format.Kind
	stack   []frame
	col     *pagebuild.Column // column of the value being written
	inRow   bool
	haveKey bool // a row key is waiting for its value
	done    bool // the value of a value page has been written
	err     error
	jp      *jsontext.Parser // JSON's tokenizer, made on first use
	started bool             // Start* was called since the last Finish
}

// frame is an open array or object.
type frame struct {
	at     int // offset of the tag in col.anyBuf
	n      int // elements so far
	obj    bool
	keyed  bool // object: a key is waiting for its value
	keyIDs []uint32
}

// NewBuilder returns a Builder with the default options.
func NewBuilder() *Builder { return defaultEncMode.NewBuilder() }

// NewBuilder returns a Builder for mode m.
func (m *EncMode) NewBuilder() *Builder { return &Builder{e: m.NewEncoder()} }

func (b *Builder) start(k format.Kind) {
	if b.e == nil { // the zero Builder uses the default options
		b.e = defaultEncMode.NewEncoder()
	}
	b.e.b.Reset(k)
	b.kind = k
	b.stack = b.stack[:0]
	b.col = nil
	b.inRow, b.haveKey, b.done = false, false, false
	b.err = nil
	b.started = true
	if k == format.KindValue {
		b.col = b.e.b.ValueColumn()
	}
	if k == format.KindObject {
		b.e.b.BeginRow()
		b.inRow = true
	}
}

// StartRows begins a page of rows (a JSON array of objects).
func (b *Builder) StartRows() { b.start(format.KindRows) }

// StartObject begins a one-object page; its keys are set with Key.
func (b *Builder) StartObject() { b.start(format.KindObject) }

// StartValue begins a one-value page: exactly one value follows.
func (b *Builder) StartValue() { b.start(format.KindValue) }

// Err returns the first error, if any.
func (b *Builder) Err() error { return b.err }

// ok reports whether the Builder may take a call: it has been started
// (since its last Finish) and holds no error. A call on a Builder that was
// not started records that misuse.
func (b *Builder) ok() bool {
	if !b.started && b.err == nil {
		b.err = encodeError(ErrInvalidJSON, "Builder used before StartRows, StartObject or StartValue", nil)
	}
	return b.err == nil
}

func (b *Builder) fail(msg string) {
	if b.err == nil {
		e := encodeError(ErrInvalidJSON, msg, nil)
		e.Row = b.e.b.Rows
		b.err = e
	}
}

func (b *Builder) setErr(err error) {
	if b.err == nil && err != nil {
		b.err = rowError(err, b.e.b.Rows)
	}
}

// BeginRow starts a row of a rows page.
func (b *Builder) BeginRow() {
	if !b.ok() {
		return
	}
	if b.kind != format.KindRows || b.inRow {
		b.fail("BeginRow outside a rows page or inside a row")
		return
	}
	b.e.b.BeginRow()
	b.inRow = true
}

// EndRow finishes the current row.
func (b *Builder) EndRow() {
	if !b.ok() {
		return
	}
	if !b.inRow || b.haveKey || len(b.stack) > 0 || b.kind != format.KindRows {
		b.fail("EndRow without a complete row")
		return
	}
	b.e.b.EndRow()
	b.inRow = false
}

// NullRow adds a null row.
func (b *Builder) NullRow() {
	if !b.ok() {
		return
	}
	if b.kind != format.KindRows || b.inRow {
		b.fail("NullRow outside a rows page or inside a row")
		return
	}
	b.e.b.NullRow()
}

// Key sets the key of the next value: a column in a row, or a key of the
// innermost open object. A row may not repeat a key (nested objects may).
func (b *Builder) Key(k string) {
	if !b.ok() {
		return
	}
	if n := len(b.stack); n > 0 {
		f := &b.stack[n-1]
		if !f.obj || f.keyed {
			b.fail("Key inside an array or after another key")
			return
		}
		id := b.e.b.In.InternKey(k)
		b.col.Tagged = format.AppendUvarint(b.col.Tagged, uint64(id))
		f.keyed = true
		return
	}
	if !b.inRow || b.haveKey {
		b.fail("Key outside a row or after another key")
		return
	}
	c, fresh := b.e.b.Key(k)
	if !fresh {
		b.setErr(&Error{Err: ErrDuplicateKey, Msg: "duplicate key " + strconv.Quote(k), Offset: -1, Row: -1, Column: -1, ColumnName: k})
		return
	}
	b.col = c
	b.haveKey = true
}

// ErrDuplicateKey reports a row with the same key twice.
var ErrDuplicateKey = errors.New("rowpage: duplicate key in a row")

// slot prepares for one value: it returns the column and whether the value
// is nested inside an array or object.
func (b *Builder) slot() (*pagebuild.Column, bool, bool) {
	if !b.ok() {
		return nil, false, false
	}
	if n := len(b.stack); n > 0 {
		f := &b.stack[n-1]
		if f.obj {
			if !f.keyed {
				b.fail("object value without a key")
				return nil, false, false
			}
			f.keyed = false
		}
		f.n++
		return b.col, true, true
	}
	switch {
	case b.kind == format.KindValue:
		if b.done {
			b.fail("a value page holds one value")
			return nil, false, false
		}
		b.done = true
	case b.haveKey:
		b.haveKey = false
	default:
		b.fail("value without a key")
		return nil, false, false
	}
	return b.col, false, true
}

// Null adds null.
func (b *Builder) Null() {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putNull(c, nested)
	}
}

// Bool adds a bool.
func (b *Builder) Bool(v bool) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putBool(c, nested, v)
	}
}

// Int adds an integer.
func (b *Builder) Int(v int64) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putInt(c, nested, v)
	}
}

// Uint adds an unsigned integer.
func (b *Builder) Uint(v uint64) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putUint(c, nested, v)
	}
}

// Float adds a float64 (written as json.Marshal writes a float64).
func (b *Builder) Float(v float64) { b.float(v, 64) }

// float adds v, written as json.Marshal writes a float of that many bits
// (32 for a float32 widened to v).
func (b *Builder) float(v float64, bits int) {
	if c, nested, ok := b.slot(); ok {
		b.setErr(b.e.w.putFloat(c, nested, v, bits))
	}
}

// String adds a string. The Builder keeps s until Finish.
func (b *Builder) String(s string) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putString(c, nested, s)
	}
}

// StringBytes adds a string held in a byte slice; the bytes are copied the
// first time the string is seen, so the caller may reuse s.
func (b *Builder) StringBytes(s []byte) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putStringBytes(c, nested, s)
	}
}

// Time adds a timestamp, written as time.Time.MarshalJSON writes it.
func (b *Builder) Time(t time.Time) {
	if c, nested, ok := b.slot(); ok {
		b.setErr(b.e.w.putTime(c, nested, t))
	}
}

// Timestamp adds a timestamp with an exact number of fractional digits: a
// time value, read back as a time.Time. Its ZeroPlus is ignored (offset 0
// is written "Z"); a string of RFC 3339 text given to String is kept as a
// text time and read back as that string.
func (b *Builder) Timestamp(ts format.Timestamp) {
	if c, nested, ok := b.slot(); ok {
		if !ts.Valid() {
			b.setErr(encodeError(ErrUnsupportedType, "timestamp out of range", nil))
			return
		}
		if nested {
			c.Tagged = pagebuild.AppendTaggedTime(c.Tagged, ts)
		} else {
			c.AppendTime(ts)
		}
	}
}

// Bytes adds a byte string (written as base64). The bytes are copied.
func (b *Builder) Bytes(p []byte) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putBlob(c, nested, pagebuild.KindBytes, p)
	}
}

// Number adds a JSON number given as text, kept exactly: natively when the
// native form writes the same text, as text otherwise.
func (b *Builder) Number(text string) {
	if !format.ValidNumber(text) {
		b.fail("invalid number " + strconv.Quote(text))
		return
	}
	b.number(text)
}

// number is Number for text already known to be a JSON number: the JSON
// tokenizer checked it as it read it.
func (b *Builder) number(text string) {
	if c, nested, ok := b.slot(); ok {
		b.e.w.putNumberText(c, nested, text)
	}
}

// RawJSON adds a JSON value given as text; it is compacted and written back
// as it is (with HTML escaping applied when rendering). Text nested past
// MaxDepth, counting the arrays and objects it is inside, fails with
// ErrLimit.
func (b *Builder) RawJSON(text []byte) {
	if c, nested, ok := b.slot(); ok {
		b.setErr(b.e.w.putRawAt(c, nested, text, len(b.stack)+1))
	}
}

// JSON adds the JSON value in text as nested values, as AppendPage in
// package jsonbridge reads a cell: objects keep their key order and
// duplicate keys, numbers their exact text (as Number), strings are decoded
// as json.Unmarshal decodes them, and strings that are RFC 3339 timestamps
// in time.Time.MarshalJSON's exact form are stored as timestamps; so the
// page renders the compact form of text. It accepts exactly what json.Valid
// accepts. Invalid text sets an ErrInvalidJSON error whose Offset is the byte
// offset in text, nesting beyond MaxDepth an ErrLimit error.
//
// The Builder does not keep text: the caller may reuse it as soon as JSON
// returns. The cost is one pass over text; strings and keys are copied the
// first time the page sees them, and nothing else allocates once the
// Builder's buffers have grown.
func (b *Builder) JSON(text []byte) {
	if !b.ok() {
		return
	}
	if b.jp == nil {
		b.jp = new(jsontext.Parser)
	}
	e := b.jp.Value(jsonSink{b}, text, b.e.w.maxDepth-1-len(b.stack))
	b.jp.Release()
	if e == nil || b.err != nil {
		return
	}
	kind := ErrInvalidJSON
	if e.Kind == jsontext.Limit {
		kind = ErrLimit
		e.Msg = "JSON value nested deeper than MaxDepth " + strconv.Itoa(b.e.w.maxDepth)
	}
	err := encodeError(kind, e.Msg, nil)
	err.Offset, err.Row = e.Offset, b.e.b.Rows
	b.err = err
}

// jsonSink is the Builder as the JSON tokenizer's sink for Builder.JSON:
// it copies the strings and keys it keeps, since text is the caller's.
type jsonSink struct{ *Builder }

func (s jsonSink) String(v []byte)    { s.Builder.StringBytes(v) }
func (s jsonSink) Number(text []byte) { s.Builder.number(string(text)) }
func (s jsonSink) Key(k []byte)       { s.Builder.keyBytes(k) }

// keyBytes is Key for a key held in bytes that may change after the call:
// a nested object's key is interned by its bytes, copied the first time the
// page sees it.
func (b *Builder) keyBytes(k []byte) {
	n := len(b.stack)
	if !b.ok() || n == 0 || !b.stack[n-1].obj || b.stack[n-1].keyed {
		b.Key(string(k)) // a row key, or misuse: Key says which
		return
	}
	id := b.e.b.In.InternBytes(k)
	b.e.b.In.MarkKey(id)
	b.col.Tagged = format.AppendUvarint(b.col.Tagged, uint64(id))
	b.stack[n-1].keyed = true
}

// Value adds any Go value that Marshal accepts.
func (b *Builder) Value(v any) {
	if c, nested, ok := b.slot(); ok {
		b.setErr(b.e.w.anyValue(c, nested, v, len(b.stack)+1))
	}
}

func (b *Builder) open(tag byte) {
	c, nested, ok := b.slot()
	if !ok {
		return
	}
	if len(b.stack)+1 >= b.e.w.maxDepth {
		b.setErr(b.e.w.tooDeep())
		return
	}
	if !nested {
		c.BeginAny()
	}
	b.stack = append(b.stack, frame{at: len(c.Tagged), obj: tag == format.TagObject})
	c.Tagged = pagebuild.AppendContainer(c.Tagged, tag, 0)
}

func (b *Builder) close(obj bool) {
	if !b.ok() {
		return
	}
	n := len(b.stack)
	if n == 0 || b.stack[n-1].obj != obj || b.stack[n-1].keyed {
		b.fail("unbalanced EndArray or EndObject")
		return
	}
	f := b.stack[n-1]
	pagebuild.PatchContainer(b.col.Tagged, f.at, f.n)
	b.stack = b.stack[:n-1]
}

// BeginArray opens an array value.
func (b *Builder) BeginArray() { b.open(format.TagArray) }

// EndArray closes the innermost array.
func (b *Builder) EndArray() { b.close(false) }

// BeginObject opens an object value; give its members with Key and a value.
func (b *Builder) BeginObject() { b.open(format.TagObject) }

// EndObject closes the innermost object.
func (b *Builder) EndObject() { b.close(true) }

// Finish appends the page to dst. It returns the first error instead if
// any call failed or the page is incomplete; dst is then unchanged.
func (b *Builder) Finish(dst []byte) ([]byte, error) {
	defer func() { b.started = false }()
	if !b.ok() {
		if b.e == nil {
			return dst, b.err
		}
	} else {
		switch {
		case len(b.stack) > 0 || b.haveKey:
			b.fail("Finish with an open array, object or key")
		case b.kind == format.KindRows && b.inRow:
			b.fail("Finish inside a row")
		case b.kind == format.KindValue && !b.done:
			b.fail("Finish before the value of a value page")
		}
	}
	if b.err != nil {
		b.e.release()
		return dst, b.err
	}
	switch b.kind {
	case format.KindObject:
		b.e.b.EndRow()
	case format.KindValue:
		b.e.b.EndValue()
	}
	out := b.e.b.Finish(dst)
	b.e.release()
	if err := rowsFit(b.e.b.Rows, len(out)-len(dst)); err != nil {
		return dst, err
	}
	return b.e.b.Comp.Apply(out, len(dst)), nil
}
