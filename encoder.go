package rowpage

import (
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// EncOptions configures encoding. The zero value gives the defaults; freeze
// options into an EncMode with EncMode() and reuse it.
type EncOptions struct {
	// NoChecksum omits the CRC-32C trailer. The checksum costs 4 bytes and a
	// pass over the page at hardware speed; leave it on unless the cache
	// already checks integrity.
	NoChecksum bool
	// MaxDepth caps the nesting of arrays, objects and pointers inside a
	// cell (cycles end here). Default 1,000; range 1 to 10,000.
	MaxDepth int
	// Compression compresses the page's body (SPEC.md 2.5). Default
	// CompressNone.
	Compression Compression
	// Dictionary compresses the body against a dictionary trained on pages
	// like it (SPEC.md 2.6), which the page then names; only readers given
	// the dictionary read it. It needs CompressFast or CompressSmall
	// (ErrInvalidOption otherwise). Default none.
	Dictionary *Dictionary
}

// EncMode is a frozen, validated set of EncOptions. It is immutable and safe
// for concurrent use.
type EncMode struct {
	noCRC    bool
	maxDepth int
	comp     Compression
	dict     *Dictionary
	pool     sync.Pool // *Encoder
	// last keeps the most recently released encoder outside the pool, as
	// jsonbridge.Mode does for transcoders: a request that missed the cache
	// and waited on its database often resumes on another P, where
	// sync.Pool cannot hand it the encoder kept in the first P's private
	// slot, and a fresh encoder regrows every buffer (tens of allocations
	// and megabytes of zeroed memory for a page of thousands of rows). The
	// encoder kept here survives garbage collections, so it holds no
	// reference to the caller's values (Encoder.release), and only one
	// whose buffers are under maxLastEncoder is kept.
	last atomic.Pointer[Encoder]
}

// maxLastEncoder is the most buffer bytes (pagebuild.Builder.Retained) of
// the encoder an EncMode keeps past garbage collections: about a page of
// 10,000 rows of 1 KB of JSON. Larger encoders go to the pool only, which
// lets the collector free them.
const maxLastEncoder = 16 << 20

// EncMode validates the options and returns a reusable mode.
func (o EncOptions) EncMode() (*EncMode, error) {
	d := o.MaxDepth
	if d == 0 {
		d = format.DefaultMaxDepth
	}
	if d < 1 || d > format.MaxDepthLimit {
		return nil, encodeError(ErrInvalidOption, "option MaxDepth "+strconv.Itoa(o.MaxDepth)+" is outside 1 to 10,000", nil)
	}
	if err := o.Compression.check(o.Dictionary); err != nil {
		return nil, err
	}
	return &EncMode{noCRC: o.NoChecksum, maxDepth: d, comp: o.Compression, dict: o.Dictionary}, nil
}

var defaultEncMode, _ = EncOptions{}.EncMode()

// Marshal returns the page encoding of v, using the default options.
//
// A slice or array whose elements are maps and structs (or pointers to them,
// nil ones being null rows) becomes a page of rows; any other map or struct
// becomes a one-object page; any other value a one-value page. The page's
// JSON (see package jsonbridge) is what json.Marshal(v) writes. Values that
// json.Marshal rejects are rejected with ErrUnsupportedType, naming the row
// and column. Marshal pools its scratch state: in steady state it allocates
// only the returned page.
func Marshal(v any) ([]byte, error) { return defaultEncMode.Append(nil, v) }

// Append appends the page encoding of v to dst, using the default options.
func Append(dst []byte, v any) ([]byte, error) { return defaultEncMode.Append(dst, v) }

// Marshal returns the page encoding of v under mode m.
func (m *EncMode) Marshal(v any) ([]byte, error) { return m.Append(nil, v) }

// Append appends the page encoding of v to dst under mode m.
func (m *EncMode) Append(dst []byte, v any) ([]byte, error) {
	e := m.get()
	out, err := e.Append(dst, v)
	m.put(e)
	return out, err
}

// get returns the kept encoder, a pooled one or a new one.
func (m *EncMode) get() *Encoder {
	if e := m.last.Swap(nil); e != nil {
		return e
	}
	if e, _ := m.pool.Get().(*Encoder); e != nil {
		return e
	}
	return m.NewEncoder()
}

// put releases e, which Append has already cleared of the caller's values.
func (m *EncMode) put(e *Encoder) {
	if e.b.Retained() <= maxLastEncoder && m.last.CompareAndSwap(nil, e) {
		return
	}
	m.pool.Put(e)
}

// NewEncoder returns a reusable encoder for mode m.
func (m *EncMode) NewEncoder() *Encoder {
	e := &Encoder{mode: m}
	e.w.b = &e.b
	e.w.maxDepth = m.maxDepth
	e.b.NoCRC = m.noCRC
	e.b.Comp.Level = int(m.comp)
	if m.dict != nil {
		e.b.Comp.Dict = m.dict.d
	}
	return e
}

// Encoder encodes pages, keeping its buffers from one page to the next so
// that a steady stream of similar pages allocates nothing beyond the output.
// An Encoder is not safe for concurrent use; EncMode.Append pools them.
type Encoder struct {
	mode *EncMode
	b    pagebuild.Builder
	w    walker
}

// NewEncoder returns a reusable encoder with the default options.
func NewEncoder() *Encoder { return defaultEncMode.NewEncoder() }

// Marshal returns the page encoding of v.
func (e *Encoder) Marshal(v any) ([]byte, error) { return e.Append(nil, v) }

// Append appends the page encoding of v to dst. On error dst is returned
// unchanged.
func (e *Encoder) Append(dst []byte, v any) ([]byte, error) {
	if err := e.build(v); err != nil {
		e.release()
		return dst, err
	}
	out := e.b.Finish(dst)
	e.release()
	if err := rowsFit(e.b.Rows, len(out)-len(dst)); err != nil {
		return dst, err
	}
	return e.b.Comp.Apply(out, len(dst)), nil
}

// rowsFit refuses a page whose rows carry too few bytes for a reader to
// accept (SPEC.md section 2.4): more than 1,024 rows that are all empty
// objects or hold only keys that are null in every row.
func rowsFit(rows, size int) error {
	if format.RowsFit(rows, size) {
		return nil
	}
	return encodeError(ErrLimit, strconv.Itoa(rows)+" rows carry no data (empty objects or keys null in every row): a page holds at most 8 rows per byte plus 1,024", nil)
}

// release drops references to the caller's values so pooled encoders do not
// keep them alive.
func (e *Encoder) release() {
	e.b.Release()
	clear(e.w.vals[:cap(e.w.vals)])
	clear(e.w.rowKeys[:cap(e.w.rowKeys)])
	clear(e.w.rowVals[:cap(e.w.rowVals)])
	e.w.sets.release()
	e.w.csets.release()
	clear(e.w.shapeKeys[:cap(e.w.shapeKeys)])
	e.w.shapeKeysPage = 0
	for i := range e.w.entries {
		clear(e.w.entries[i][:cap(e.w.entries[i])])
	}
	for i := range e.w.keys {
		clear(e.w.keys[i][:cap(e.w.keys[i])])
	}
	for i, t := range e.w.nestKeys {
		t.release()
		zeroSmall(e.w.nestVals[i][:cap(e.w.nestVals[i])])
	}
}

func (e *Encoder) build(v any) error {
	w := &e.w
	w.mapRows = false
	switch x := v.(type) {
	case []map[string]any:
		if x != nil {
			e.b.Reset(format.KindRows)
			w.mapRows = true
			for i, m := range x {
				if m == nil {
					e.b.NullRow()
					continue
				}
				if err := w.mapRow(m); err != nil {
					return rowError(err, i)
				}
			}
			w.rememberPageKeys()
			return nil
		}
	case map[string]any:
		if x != nil {
			e.b.Reset(format.KindObject)
			return rowError(w.mapRow(x), 0)
		}
	}
	rv := reflect.ValueOf(v)
	// Follow pointers and interfaces as encoding/json does, stopping at a
	// type with a MarshalJSON or MarshalText method.
	for rv.IsValid() && (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) {
		ti := w.info(rv.Type())
		if rv.IsNil() || ti.usesMarshaler(rv) || ti.usesText(rv) {
			break
		}
		rv = rv.Elem()
	}
	switch {
	case !rv.IsValid():
	case w.isRow(rv):
		e.b.Reset(format.KindObject)
		return rowError(w.row(rv), 0)
	case w.rowsOf(rv):
		e.b.Reset(format.KindRows)
		if rv.Type().Elem().Kind() == reflect.Struct {
			return w.structRows(rv)
		}
		n := rv.Len()
		for i := 0; i < n; i++ {
			r := derefRow(rv.Index(i))
			if !r.IsValid() {
				e.b.NullRow()
				continue
			}
			if err := w.row(r); err != nil {
				return rowError(err, i)
			}
		}
		return nil
	}
	e.b.Reset(format.KindValue)
	c := e.b.ValueColumn()
	err := w.value(c, false, rv, false, 1) // the cell is depth 1, as in rows (SPEC 5.5)
	e.b.EndValue()
	return err
}

func rowError(err error, row int) error {
	if e, ok := err.(*Error); ok && e.Row < 0 {
		e.Row = row
	}
	return err
}

func (w *walker) row(rv reflect.Value) error {
	if rv.Kind() == reflect.Map {
		return w.reflectMapRow(rv)
	}
	return w.structRow(rv)
}

// isRow reports whether rv is a map or struct that encoding/json writes as
// a JSON object of its own (no MarshalJSON or MarshalText method involved).
// The types' infos come from the walker's cache (w.info), not from
// infoOf's sync.Map: rowsOf asks for every row of a slice of pointers.
func (w *walker) isRow(rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Map:
		ti := w.info(rv.Type())
		return !rv.IsNil() && !ti.usesMarshaler(rv) && !ti.usesText(rv) && validMapKey(rv.Type().Key())
	case reflect.Struct:
		ti := w.info(rv.Type())
		return !ti.isTime && !ti.usesMarshaler(rv) && !ti.usesText(rv)
	}
	return false
}

// derefRow follows pointers and interfaces from a slice element to a row
// value, returning the zero Value for a null row.
func derefRow(rv reflect.Value) reflect.Value {
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return reflect.Value{}
		}
		rv = rv.Elem()
	}
	if rv.Kind() == reflect.Map && rv.IsNil() {
		return reflect.Value{}
	}
	return rv
}

// rowsOf reports whether rv is a slice or array that json.Marshal writes as
// an array of objects and nulls, with no MarshalJSON or MarshalText method
// on the way.
func (w *walker) rowsOf(rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Slice:
		if rv.IsNil() || w.info(rv.Type()).byteSlice {
			return false
		}
	case reflect.Array:
	default:
		return false
	}
	ti := w.info(rv.Type())
	if ti.usesMarshaler(rv) || ti.usesText(rv) {
		return false
	}
	n := rv.Len()
	if rv.Type().Elem().Kind() == reflect.Struct {
		// Struct elements share their type and addressability: one
		// answers for all.
		return n == 0 || w.isRow(rv.Index(0))
	}
	for i := 0; i < n; i++ {
		ev := rv.Index(i)
		for ev.Kind() == reflect.Pointer || ev.Kind() == reflect.Interface {
			eti := w.info(ev.Type())
			if ev.Kind() == reflect.Pointer && (eti.usesMarshaler(ev) || eti.usesText(ev)) {
				return false
			}
			if ev.IsNil() {
				break
			}
			ev = ev.Elem()
		}
		if ev.Kind() == reflect.Pointer || ev.Kind() == reflect.Interface {
			continue // a null row
		}
		if ev.Kind() == reflect.Map && ev.IsNil() {
			if eti := w.info(ev.Type()); eti.usesMarshaler(ev) || eti.usesText(ev) {
				return false
			}
			continue // a nil map writes null
		}
		if !w.isRow(ev) {
			return false
		}
	}
	return true
}
