package rowpage

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Unmarshal opens page with the default options and decodes it into v, a
// non-nil pointer, following encoding/json's rules for struct tags, field
// matching (exact, then case-insensitive), Unmarshaler and TextUnmarshaler
// methods. A page of rows decodes into a slice or array of structs, maps or
// pointers to them, or into any ([]any of map[string]any); a one-object page
// into a struct, map or any. Interface values receive the generic forms of
// Row.Value unless the mode is JSONCompatible. As in json.Unmarshal, an
// interface value (an element of a []any or [N]any, a field of type any,
// v's pointee) that holds a non-nil pointer is decoded into through the
// pointer (a []any too short for the rows keeps its elements as it grows);
// a null sets such an interface to nil, unless it holds a pointer to a
// pointer, whose pointee becomes nil instead. An interface holding any
// other value gets a new one. Unlike json.Unmarshal, which merges each row
// into the element already there, the rows of a slice or array of
// structs, maps or pointers to them are decoded into zeroed elements:
// what a reused slice held before the call is dropped, fields and map
// keys the page lacks included.
func Unmarshal(page []byte, v any) error { return defaultDecMode.Unmarshal(page, v) }

// Unmarshal opens page under mode m and decodes it into v. The page's
// layout comes from a pool and goes back to it when the call succeeds:
// the Page is the call's alone, and v never aliases the layout (Decode
// copies what it keeps). A failed call leaves its layout to the garbage
// collector, since its error may name a column in the layout's memory.
func (m *DecMode) Unmarshal(page []byte, v any) error {
	s, _ := unmarshalScratches.Get().(*unmarshalScratch)
	if s == nil {
		s = new(unmarshalScratch)
	}
	if err := s.l.ResetValuesDicts(page, m.lim, m.dicts); err != nil {
		return err
	}
	// The Page lives in the scratch: on the stack it would escape (the
	// decoder keeps its address), one allocation a call.
	// It starts afresh, so that nothing of an earlier call (a string
	// cache, Rows scratch) can meet this page.
	s.p = Page{l: &s.l, mode: m}
	p := &s.p
	if err := p.decode(v, s); err != nil {
		return err
	}
	s.l.Forget()
	clear(s.cur) // they point into the page
	unmarshalScratches.Put(s)
	return nil
}

// unmarshalScratch is the memory an Unmarshal call parses and decodes in
// and the next call reuses: the layout, with its column, shape and
// string-table arrays, the cursors over its columns, the list of the
// call's nested plans (empty between calls: releaseNested clears it), the
// string-seq columns' blocks (zeroed, so that they keep no chunk alive),
// the buffer times are rendered into as text, and the Page around the
// layout.
type unmarshalScratch struct {
	l      pageread.Layout
	cur    []pageread.Cursor
	nested []*nestedPlan
	blocks []strBlock
	text   []byte // decodeState.textBuf
	p      Page
	shapes mapShapes // decodeState.maps.shapes
}

// unmarshalScratches holds the scratch of finished Unmarshal calls, their
// pages forgotten, for the next calls: it saves about 2,500 instructions
// of allocation a call.
var unmarshalScratches sync.Pool

// Decode decodes the whole page into v, a non-nil pointer. Strings are
// copied (once per distinct string), so v does not alias the page. Rows
// into structs go through a decode plan, built once per type, that writes
// fields directly. For memory and speed, the call allocates in blocks:
// strings are copied a run of up to 16 KiB at a time; small []string and
// []int64 fields and the pointees of *string and *time.Time fields are cut
// from shared arrays; and (except under the purego build tag) interface
// values of strings and numbers point into arrays the call shares, and
// generic maps (map[string]any) of up to 8 members are made in them. So a
// value kept alone may keep such a block alive, or, for an interface
// value of a string, the call's table of string headers (16 bytes per
// entry of the page's string table).
func (p *Page) Decode(v any) error { return p.decode(v, nil) }

// decode is Decode with memory to reuse: when s is not nil, the rows'
// cursors are cut from s.cur, grown to the column count when short, and
// left there for the caller, who must clear them before they outlive the
// page; the list of nested plans grows in s.nested, left there empty
// (a list made afresh cost about 300 instructions of allocation per
// struct type that objects decode into); and the string-seq columns'
// blocks are cut from s.blocks, left there zeroed.
func (p *Page) decode(v any, s *unmarshalScratch) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return decodeError("Decode needs a non-nil pointer, not "+typeName(v), -1, -1)
	}
	d := &decodeState{valueDecoder: valueDecoder{l: p.l, compat: p.mode.compat, useNumber: p.mode.useNumber, cache: true}, p: p, row: -1, col: -1,
		jsonLeft: p.l.JSONBudget()}
	if s != nil {
		d.cur, d.nested, d.blockMem, d.textBuf = s.cur, s.nested[:0], s.blocks, s.text
		d.maps.useShapes(&s.shapes)
	}
	err := d.page(rv.Elem())
	d.releaseDates()
	d.releaseNested()
	if s != nil {
		clear(d.blocks) // drop the chunks
		s.cur, s.nested, s.blocks, s.text = d.cur, d.nested, d.blockMem, d.textBuf
	}
	if err != nil {
		return err
	}
	if d.late != nil {
		return d.late
	}
	return nil
}

func typeName(v any) string {
	if v == nil {
		return "nil"
	}
	return reflect.TypeOf(v).String()
}

func decodeError(msg string, row, col int) *Error {
	return &Error{Err: ErrDecode, Msg: msg, Offset: -1, Row: row, Column: col}
}

// decodeState carries one Decode call.
type decodeState struct {
	valueDecoder
	p        *Page
	row, col int
	jsonLeft int                          // what the call's renders for Unmarshalers may still write (Limits.MaxJSONBytes)
	plan     structPlan                   // the decode plan of the first struct type met (typ nil until then)
	plans    map[reflect.Type]*structPlan // decode plans of the other struct types, for this page
	// nested holds the plans of structs that objects decode into, one per
	// type: a program's types are few, and each plan is looked up once per
	// field that uses it (colPlan.nested), so a scan beats a map.
	nested []*nestedPlan
	// nestedKeys holds the keys of nested plans past their first
	// nestedKeyScan keys.
	nestedKeys map[nestedMapKey]int32
	// topNested caches, for the column plans that calls share, the plans
	// of the structs their setStruct and setStructP fields decode into
	// (colPlan.topSlot): they may not cache them themselves.
	topNested [4]*nestedPlan
	blocks    []strBlock // by column: the copied strings of string-seq columns; nil until the first (seqStrSlow)
	// blockMem is the memory blocks takes, zeroed: an Unmarshal call's
	// from its scratch (a fresh array cost about 330 instructions a call).
	blockMem []strBlock
	strs     slab[string]      // small []string fields and *string pointees
	times    slab[time.Time]   // the pointees of *time.Time fields
	ints     slab[int64]       // small []int64 fields
	cur      []pageread.Cursor // the rows' cursors (rowIter.init)
	// textBuf is where timeTextColumn renders its chunks of times: an
	// Unmarshal call's from its scratch, left there for the next (a buffer
	// grown afresh cost about 100 instructions a time column of 25 rows).
	// No string aliases it: each chunk is copied into a string of its own.
	textBuf []byte
	// late is the first error that, as in json.Unmarshal, leaves its value
	// alone and lets decoding go on, to be returned at the end.
	late *Error
}

// generic returns cellValue(c), noting in d.late a number it found that
// float64 cannot hold (JSON-compatible decoding only), where it was found.
// The note costs a test, and a call only when there is one to make.
func (d *decodeState) generic(c *pageread.Cell) any {
	v := d.cellValue(c)
	d.noteBigNumber()
	return v
}

// noteBigNumber notes in d.late, unless it holds an error already, the
// number float64 cannot hold that the last generic value met, if any. It
// inlines (a test of d.bigNumber per generic member), the rare note being
// noteBigNumberSlow's.
func (d *decodeState) noteBigNumber() {
	if d.bigNumber != "" {
		d.noteBigNumberSlow()
	}
}

// noteBigNumberSlow is noteBigNumber with a number to note.
//
//go:noinline
func (d *decodeState) noteBigNumberSlow() {
	if d.late == nil {
		d.late = d.fail("number " + d.bigNumber + " does not fit float64")
	}
	d.bigNumber = ""
}

func (d *decodeState) fail(msg string) *Error {
	return d.named(decodeError(msg, d.row, d.col))
}

// named adds the name of the column the decoder is in to e.
func (d *decodeState) named(e *Error) *Error {
	if d.col >= 0 && d.p.l.Kind != format.KindValue {
		e.ColumnName = d.p.l.ColumnName(d.col)
	}
	return e
}

func (d *decodeState) page(v reflect.Value) error {
	l := d.p.l
	switch l.Kind {
	case format.KindValue:
		var c pageread.Cell
		cur := l.Cursor(0)
		cur.TakeCell(&c)
		d.row, d.col = 0, 0
		return d.cell(v, &c, false)
	case format.KindObject:
		var it rowIter
		it.init(l, &d.cur)
		shape := it.next()
		d.row = 0
		return d.rowInto(v, shape, &it)
	}
	return d.rows(v)
}

// takeCell reads the next cell of cursor k into cell, an array or object
// cell of an any column open (Cursor.TakeCellOpen): the decoder that walks
// its elements closes it, and the cursor's next read then moves past it in
// O(1) instead of walking it again. The same cell must be passed for each
// cell of the column. Other columns take the plain TakeCell, without
// TakeCellOpen's extra call.
func takeCell(k *pageread.Cursor, cell *pageread.Cell) {
	if k.Encoding() == format.EncAny {
		k.TakeCellOpen(cell)
	} else {
		k.TakeCell(cell)
	}
}

// rowIter walks rows for decoding.
type rowIter struct {
	l     *pageread.Layout
	cur   []pageread.Cursor
	cells []pageread.Cell
	sr    pageread.ShapeReader
}

// init starts it at the first row of l, with cursors cut from *cur, which
// it grows (to a new array) when short. The cells come later (needCells):
// a decode column by column (byColumns) reads the cursors only.
func (it *rowIter) init(l *pageread.Layout, cur *[]pageread.Cursor) {
	it.l = l
	n := len(l.Columns)
	if cap(*cur) < n {
		*cur = make([]pageread.Cursor, n)
	}
	*cur = (*cur)[:n]
	it.cur = *cur
	it.cells = nil
	for c := range it.cur {
		l.ResetCursor(&it.cur[c], c) // in place: a Cursor is too big to copy cheaply
	}
	it.sr = l.RowShapes()
}

// needCells makes the cells, one per column, on first use.
func (it *rowIter) needCells() {
	if it.cells == nil {
		it.cells = make([]pageread.Cell, len(it.l.Columns))
	}
}

// next reads the next row's cells and returns its shape (nil for a null row).
// Array and object cells of any columns come back open (TakeCellOpen): the
// decoder that walks one closes it, so that the next row's read moves past
// it without walking it again.
func (it *rowIter) next() []uint32 {
	id := it.sr.Next()
	if id == 0 {
		return nil
	}
	it.needCells()
	shape := it.l.Shape(id)
	for _, c := range shape {
		takeCell(&it.cur[c], &it.cells[c])
	}
	return shape
}

func (d *decodeState) rows(v reflect.Value) error {
	l := d.p.l
	v = d.indirect(v)
	var rt *rowsTarget // for a slice or array, what reflect says of its type
	if k := v.Kind(); k == reflect.Slice || k == reflect.Array {
		rt = rowsTargetOf(v.Type())
		if rt.addrUnmarshaler && v.CanAddr() { // viaUnmarshaler's test for a value that is not a pointer
			return d.viaUnmarshalerAddr(v, nil)
		}
	} else if ok, err := d.viaUnmarshaler(v, nil); ok {
		return err
	}
	var it rowIter
	it.init(l, &d.cur)
	n := l.Rows
	reused := false // v holds elements that need zeroing
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() != 0 {
			return d.fail("cannot decode rows into " + v.Type().String())
		}
		out := make([]any, n)
		for i := range out {
			d.row = i
			shape := it.next()
			if shape != nil {
				out[i] = d.genericRow(shape, &it)
			}
		}
		v.Set(reflect.ValueOf(out))
		return nil
	case reflect.Slice:
		if v.Cap() >= n && !v.IsNil() {
			v.SetLen(n) // in place: v.Set(v.Slice(0, n)) allocates a header
			reused = true
		} else if v.Len() > 0 && v.Type().Elem().Kind() == reflect.Interface {
			// As json.Unmarshal, which grows the slice: the elements it
			// had keep what they hold (the loop below decodes into a
			// pointer an element holds).
			s := reflect.MakeSlice(v.Type(), n, n)
			reflect.Copy(s, v)
			v.Set(s)
		} else {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
		}
		if v.Type() == mapRowsType {
			d.mapRows(v.Interface().([]map[string]any), &it)
			return nil
		}
	case reflect.Array:
		reused = true
		if v.Len() < n {
			return d.fail("array of " + strconv.Itoa(v.Len()) + " cannot hold " + strconv.Itoa(n) + " rows")
		}
	default:
		return d.fail("cannot decode rows into " + v.Type().String())
	}
	if rt.elem != nil {
		p := d.planFor(rt.elem)
		if reused { // every element starts zero, as below
			if v.Kind() == reflect.Array {
				v.SetZero()
			} else {
				v.Clear()
			}
		}
		return d.fastRows(v, n, p, rt.ptr, &it)
	}
	zero := reflect.Zero(v.Type().Elem())
	iface := v.Type().Elem().Kind() == reflect.Interface
	for i := 0; i < n; i++ {
		d.row = i
		e := v.Index(i)
		shape := it.next()
		if iface && holdsPointer(e) {
			// As json.Unmarshal: the row decodes into the pointee (a
			// null row into the interface, or the pointer it points to:
			// null's rule).
			if err := d.rowInto(e, shape, &it); err != nil {
				return err
			}
			continue
		}
		e.Set(zero)
		if shape == nil {
			continue
		}
		if err := d.rowInto(e, shape, &it); err != nil {
			return err
		}
	}
	if v.Kind() == reflect.Array {
		for i := n; i < v.Len(); i++ {
			v.Index(i).Set(zero)
		}
	}
	return nil
}

// holdsPointer reports whether v, an interface, holds a non-nil pointer,
// which json.Unmarshal decodes into rather than replacing the interface's
// value (its indirect).
func holdsPointer(v reflect.Value) bool {
	if v.IsNil() {
		return false
	}
	e := v.Elem()
	return e.Kind() == reflect.Pointer && !e.IsNil()
}

// mapRowsType is the type of a slice of generic rows, which mapRows fills.
var mapRowsType = reflect.TypeFor[[]map[string]any]()

// mapRows sets out[i], for every row i of it (len(out) of them), to a new
// map of the row's members, or nil for a null row, as rowInto would with
// each element zeroed first, without reflect's calls per row.
func (d *decodeState) mapRows(out []map[string]any, it *rowIter) {
	for i := range out {
		d.row = i
		out[i] = nil
		id := it.sr.Next()
		if id == 0 {
			continue
		}
		// it.next and genericRow in one loop: each cell is decoded as it
		// is read.
		it.needCells()
		shape := it.l.Shape(id)
		m := make(map[string]any, len(shape))
		for _, c := range shape {
			cell := &it.cells[c]
			takeCell(&it.cur[c], cell)
			d.col = int(c)
			m[d.str(it.l.Columns[c].Name)] = d.generic(cell)
		}
		d.col = -1
		out[i] = m
	}
}

// genericRow builds a map[string]any for one row.
func (d *decodeState) genericRow(shape []uint32, it *rowIter) map[string]any {
	m := make(map[string]any, len(shape))
	for _, c := range shape {
		d.col = int(c)
		m[d.str(it.l.Columns[c].Name)] = d.generic(&it.cells[c])
	}
	d.col = -1
	return m
}

// rowInto decodes one non-null row into v.
func (d *decodeState) rowInto(v reflect.Value, shape []uint32, it *rowIter) error {
	if shape == nil {
		return d.cell(v, &pageread.Cell{Tag: format.TagNull}, false)
	}
	v = d.indirect(v)
	if ok, err := d.viaUnmarshaler(v, func(b []byte) []byte { return d.rowJSON(b, shape, it) }); ok {
		return err
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() != 0 {
			return d.fail("cannot decode an object into " + v.Type().String())
		}
		v.Set(reflect.ValueOf(d.genericRow(shape, it)))
		return nil
	case reflect.Map:
		if m, ok := v.Addr().Interface().(*map[string]any); ok {
			if *m == nil {
				*m = make(map[string]any, len(shape))
			}
			for _, c := range shape {
				d.col = int(c)
				(*m)[d.str(it.l.Columns[c].Name)] = d.generic(&it.cells[c])
			}
			d.col = -1
			return nil
		}
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(v.Type(), len(shape)))
		}
		for _, c := range shape {
			d.col = int(c)
			if err := d.mapEntry(v, d.str(it.l.Columns[c].Name), &it.cells[c]); err != nil {
				return err
			}
		}
		d.col = -1
		return nil
	case reflect.Struct: // v is addressable, as every value Decode reaches
		return d.structRow(d.planFor(v.Type()), structOf(v), shape, it.cells)
	}
	return d.fail("cannot decode an object into " + v.Type().String())
}

// rowJSON renders a row as JSON, for Unmarshaler targets, into a buffer
// that starts empty. Past d.jsonLeft bytes it returns early: viaUnmarshaler
// then fails with ErrLimit.
func (d *decodeState) rowJSON(b []byte, shape []uint32, it *rowIter) []byte {
	b = append(b, '{')
	for i, c := range shape {
		if i > 0 {
			b = append(b, ',')
		}
		b = d.l.AppendStringJSON(b, int(it.l.Columns[c].Name), true)
		b = append(b, ':')
		b = d.l.AppendCellJSON(b, &it.cells[c], true, d.jsonLeft)
		if len(b) > d.jsonLeft {
			return b
		}
	}
	return append(b, '}')
}

// indirect allocates through pointers, as json.Unmarshal does, stopping at
// a value whose pointer has UnmarshalJSON or UnmarshalText.
func (d *decodeState) indirect(v reflect.Value) reflect.Value {
	for {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			e := v.Elem()
			if e.Kind() == reflect.Pointer && !e.IsNil() {
				v = e
				continue
			}
		}
		if v.Kind() != reflect.Pointer {
			return v
		}
		if e := v.Elem(); e.Kind() == reflect.Interface && e.Elem().Equal(v) {
			// An interface holding its own address (var x any; x = &x):
			// json.Unmarshal decodes into the interface, not round the loop.
			return e
		}
		if v.CanAddr() && v.Addr().Type().Implements(unmarshalerType) {
			return v
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.Type().Implements(unmarshalerType) {
			return v
		}
		v = v.Elem()
	}
}

// viaUnmarshaler calls UnmarshalJSON on v (or its address) when the type has
// it, with the JSON text render produces. ok reports whether it did.
func (d *decodeState) viaUnmarshaler(v reflect.Value, render func([]byte) []byte) (bool, error) {
	var u json.Unmarshaler
	if v.Kind() == reflect.Pointer && v.Type().Implements(unmarshalerType) {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		u = v.Interface().(json.Unmarshaler)
	} else if v.CanAddr() && v.Addr().Type().Implements(unmarshalerType) {
		u = v.Addr().Interface().(json.Unmarshaler)
	}
	if u == nil {
		return false, nil
	}
	return true, d.unmarshalJSON(u, v, render)
}

// viaUnmarshalerAddr is viaUnmarshaler for an addressable value that is not
// a pointer and whose pointer has UnmarshalJSON, known already.
func (d *decodeState) viaUnmarshalerAddr(v reflect.Value, render func([]byte) []byte) error {
	return d.unmarshalJSON(v.Addr().Interface().(json.Unmarshaler), v, render)
}

// unmarshalJSON calls u.UnmarshalJSON, u being v or its address, with the
// JSON text render produces (all rows when render is nil).
func (d *decodeState) unmarshalJSON(u json.Unmarshaler, v reflect.Value, render func([]byte) []byte) error {
	if render == nil {
		render = func(b []byte) []byte { return d.allRowsJSON(b) }
	}
	// The budget is the whole call's: the targets keep what they are given
	// (json.RawMessage copies it), so it bounds what they can hold too.
	d.buf = render(d.buf[:0])
	if len(d.buf) > d.jsonLeft {
		return d.named(jsonwire.JSONLimitError(d.l.JSONBudget(), d.row, d.col))
	}
	d.jsonLeft -= len(d.buf)
	if err := u.UnmarshalJSON(d.buf); err != nil {
		e := d.fail("UnmarshalJSON of " + v.Type().String() + " failed")
		e.Cause = err
		return e
	}
	return nil
}

// allRowsJSON renders every row as a JSON array.
func (d *decodeState) allRowsJSON(b []byte) []byte {
	var it rowIter
	var cur []pageread.Cursor // its own: the rows' may be in use
	it.init(d.l, &cur)
	b = append(b, '[')
	for i := 0; i < d.l.Rows; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		shape := it.next()
		if shape == nil {
			b = append(b, "null"...)
			continue
		}
		if b = d.rowJSON(b, shape, &it); len(b) > d.jsonLeft {
			return b
		}
	}
	return append(b, ']')
}

func (d *decodeState) mapEntry(m reflect.Value, key string, c *pageread.Cell) error {
	kt := m.Type().Key()
	var kv reflect.Value
	switch {
	case reflect.PointerTo(kt).Implements(textUnmarshalType):
		kv = reflect.New(kt)
		if err := kv.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key)); err != nil {
			return d.fail("map key " + strconv.Quote(key) + ": " + err.Error())
		}
		kv = kv.Elem()
	case kt.Kind() == reflect.String:
		kv = reflect.ValueOf(key).Convert(kt)
	default:
		switch kt.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(key, 10, 64)
			if err != nil || reflect.Zero(kt).OverflowInt(n) {
				return d.fail("map key " + strconv.Quote(key) + " is not a " + kt.String())
			}
			kv = reflect.New(kt).Elem()
			kv.SetInt(n)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			n, err := strconv.ParseUint(key, 10, 64)
			if err != nil || reflect.Zero(kt).OverflowUint(n) {
				return d.fail("map key " + strconv.Quote(key) + " is not a " + kt.String())
			}
			kv = reflect.New(kt).Elem()
			kv.SetUint(n)
		default:
			return d.fail("unsupported map key type " + kt.String())
		}
	}
	ev := reflect.New(m.Type().Elem()).Elem()
	if err := d.cell(ev, c, false); err != nil {
		return err
	}
	m.SetMapIndex(kv, ev)
	return nil
}
