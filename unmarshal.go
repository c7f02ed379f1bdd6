package rowpage

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"time"
	"unicode/utf8"

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
// Row.Value unless the mode is JSONCompatible.
func Unmarshal(page []byte, v any) error { return defaultDecMode.Unmarshal(page, v) }

// Unmarshal opens page under mode m and decodes it into v.
func (m *DecMode) Unmarshal(page []byte, v any) error {
	p, err := m.Open(page)
	if err != nil {
		return err
	}
	return p.Decode(v)
}

// Decode decodes the whole page into v, a non-nil pointer. Strings are
// copied (once per distinct string), so v does not alias the page. Rows
// into structs go through a decode plan (decode_plan.go) that writes fields
// directly; for memory, the strings of a column of unique values are copied
// a block of up to 16 KiB at a time and small []string fields are cut from
// shared arrays, so a value kept alone may keep such a block alive.
func (p *Page) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return decodeError("Decode needs a non-nil pointer, not "+typeName(v), -1, -1)
	}
	d := &decodeState{valueDecoder: valueDecoder{l: p.l, compat: p.mode.compat, useNumber: p.mode.useNumber, cache: true}, p: p, row: -1, col: -1,
		jsonLeft: p.l.JSONBudget()}
	if err := d.page(rv.Elem()); err != nil {
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
	plans    map[reflect.Type]*structPlan // decode plans by struct type, for this page
	nested   map[reflect.Type]*nestedPlan // plans of structs that objects decode into
	// nestedKeys holds the keys of nested plans past their first
	// nestedKeyScan keys.
	nestedKeys map[nestedKey]int32
	elemKinds  map[reflect.Type]setKind // scalarKind of slice element types met
	blocks     []strBlock               // by column: the copied strings of string-seq columns
	slab       []string                 // spare room for small []string fields
	slabSize   int                      // the size of the last slab
	// late is the first error that, as in json.Unmarshal, leaves its value
	// alone and lets decoding go on, to be returned at the end.
	late *Error
}

// generic returns cellValue(c), noting in d.late a number it found that
// float64 cannot hold (JSON-compatible decoding only), where it was found.
func (d *decodeState) generic(c *pageread.Cell) any {
	v := d.cellValue(c)
	if d.bigNumber != "" {
		if d.late == nil {
			d.late = d.fail("number " + d.bigNumber + " does not fit float64")
		}
		d.bigNumber = ""
	}
	return v
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
		it.init(l)
		shape := it.next()
		d.row = 0
		return d.rowInto(v, shape, &it)
	}
	return d.rows(v)
}

// rowIter walks rows for decoding.
type rowIter struct {
	l     *pageread.Layout
	cur   []pageread.Cursor
	cells []pageread.Cell
	sr    pageread.ShapeReader
}

func (it *rowIter) init(l *pageread.Layout) {
	it.l = l
	it.cur = make([]pageread.Cursor, len(l.Columns))
	it.cells = make([]pageread.Cell, len(l.Columns))
	for c := range it.cur {
		it.cur[c] = l.Cursor(c)
	}
	it.sr = l.RowShapes()
}

// next reads the next row's cells and returns its shape (nil for a null row).
func (it *rowIter) next() []uint32 {
	id := it.sr.Next()
	if id == 0 {
		return nil
	}
	shape := it.l.Shape(id)
	for _, c := range shape {
		it.cur[c].TakeCell(&it.cells[c])
	}
	return shape
}

func (d *decodeState) rows(v reflect.Value) error {
	l := d.p.l
	v = d.indirect(v)
	if ok, err := d.viaUnmarshaler(v, nil); ok {
		return err
	}
	var it rowIter
	it.init(l)
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
			v.Set(v.Slice(0, n))
			reused = true
		} else {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
		}
	case reflect.Array:
		reused = true
		if v.Len() < n {
			return d.fail("array of " + strconv.Itoa(v.Len()) + " cannot hold " + strconv.Itoa(n) + " rows")
		}
	default:
		return d.fail("cannot decode rows into " + v.Type().String())
	}
	if p, ptr := d.rowsPlan(v.Type().Elem()); p != nil {
		if reused { // every element starts zero, as below
			if v.Kind() == reflect.Array {
				v.SetZero()
			} else {
				v.Clear()
			}
		}
		return d.fastRows(v, n, p, ptr, &it)
	}
	zero := reflect.Zero(v.Type().Elem())
	for i := 0; i < n; i++ {
		d.row = i
		e := v.Index(i)
		e.Set(zero)
		shape := it.next()
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
	if render == nil {
		render = func(b []byte) []byte { return d.allRowsJSON(b) }
	}
	// The budget is the whole call's: the targets keep what they are given
	// (json.RawMessage copies it), so it bounds what they can hold too.
	d.buf = render(d.buf[:0])
	if len(d.buf) > d.jsonLeft {
		return true, d.named(jsonwire.JSONLimitError(d.l.JSONBudget(), d.row, d.col))
	}
	d.jsonLeft -= len(d.buf)
	if err := u.UnmarshalJSON(d.buf); err != nil {
		e := d.fail("UnmarshalJSON of " + v.Type().String() + " failed")
		e.Cause = err
		return true, e
	}
	return true, nil
}

// allRowsJSON renders every row as a JSON array.
func (d *decodeState) allRowsJSON(b []byte) []byte {
	var it rowIter
	it.init(d.l)
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

// cell decodes one cell into v.
func (d *decodeState) cell(v reflect.Value, c *pageread.Cell, quoted bool) error {
	if c.Tag == format.TagNull {
		return d.null(v)
	}
	render := func(b []byte) []byte { return d.l.AppendCellJSON(b, c, true, d.jsonLeft) }
	if quoted && c.Tag == format.TagString {
		// encoding/json reads the string's contents as the literal.
		s := d.l.Strings.Bytes(int(c.Str))
		if string(s) == "null" {
			return d.null(v)
		}
		render = func(b []byte) []byte { return append(b, s...) }
	}
	v = d.indirect(v)
	if ok, err := d.viaUnmarshaler(v, render); ok {
		return err
	}
	if v.Type() == timeType {
		return d.timeInto(v, c)
	}
	if quoted {
		return d.quotedInto(v, c)
	}
	if c.Tag == format.TagRaw {
		if err := json.Unmarshal(c.Data, v.Addr().Interface()); err != nil {
			return d.fail(err.Error())
		}
		return nil
	}
	if c.Tag == format.TagString || c.Tag == format.TagTime {
		if v.CanAddr() && v.Kind() != reflect.Interface && v.Addr().Type().Implements(textUnmarshalType) {
			var text []byte
			if c.Tag == format.TagString {
				text = d.l.Strings.Bytes(int(c.Str))
				if d.compat && !utf8.Valid(text) {
					text = []byte(jsonString(text)) // as json.Unmarshal passes it
				}
			} else {
				text = jsonwire.AppendTimestampText(d.buf[:0], c.Time)
			}
			if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(text); err != nil {
				e := d.fail("UnmarshalText of " + v.Type().String() + " failed")
				e.Cause = err
				return e
			}
			return nil
		}
	}
	if v.Kind() == reflect.Interface {
		if v.NumMethod() != 0 {
			return d.mismatch(c, v)
		}
		x := d.generic(c)
		if x == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(x))
		}
		return nil
	}
	switch c.Tag {
	case format.TagFalse, format.TagTrue:
		if v.Kind() != reflect.Bool {
			return d.mismatch(c, v)
		}
		v.SetBool(c.Tag == format.TagTrue)
	case format.TagInt, format.TagUint, format.TagFloat, format.TagNumber:
		return d.numberInto(v, c)
	case format.TagString:
		switch {
		case v.Type() == numberType:
			s := d.l.Strings.Bytes(int(c.Str))
			if !format.ValidNumber(s) {
				return d.fail("invalid number literal " + strconv.Quote(string(s)))
			}
			v.SetString(d.str(c.Str))
		case v.Kind() == reflect.String:
			v.SetString(d.str(c.Str))
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
			s := d.l.Strings.Bytes(int(c.Str))
			b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
			n, err := base64.StdEncoding.Decode(b, s)
			if err != nil {
				return d.fail("string is not base64 for " + v.Type().String())
			}
			v.SetBytes(b[:n])
		default:
			return d.mismatch(c, v)
		}
	case format.TagTime:
		if v.Kind() != reflect.String {
			return d.mismatch(c, v)
		}
		v.SetString(string(jsonwire.AppendTimestampText(nil, c.Time)))
	case format.TagBytes:
		switch {
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
			// A copy, non-nil even when empty: json.Unmarshal makes
			// []byte{} of "", and nil would marshal back as null.
			b := make([]byte, len(c.Data))
			copy(b, c.Data)
			v.SetBytes(b)
		case v.Kind() == reflect.String:
			v.SetString(base64.StdEncoding.EncodeToString(c.Data))
		default:
			return d.mismatch(c, v)
		}
	case format.TagArray:
		return d.arrayInto(v, c)
	case format.TagObject:
		return d.objectInto(v, c)
	}
	return nil
}

func (d *decodeState) mismatch(c *pageread.Cell, v reflect.Value) error {
	names := [...]string{"null", "bool", "bool", "integer", "integer", "number", "string", "time", "byte string", "number", "JSON value", "array", "object"}
	return d.fail("cannot decode a " + names[c.Tag] + " into " + v.Type().String())
}

// null handles a null cell as json.Unmarshal handles null: a value of a
// named type whose address has UnmarshalJSON gets UnmarshalJSON("null");
// otherwise pointers, maps, slices and interfaces become nil and other
// values are left alone.
func (d *decodeState) null(v reflect.Value) error {
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() && v.Addr().Type().Implements(unmarshalerType) {
		if err := v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON([]byte("null")); err != nil {
			e := d.fail("UnmarshalJSON of " + v.Type().String() + " failed")
			e.Cause = err
			return e
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		v.SetZero()
	}
	return nil
}

func (d *decodeState) timeInto(v reflect.Value, c *pageread.Cell) error {
	switch c.Tag {
	case format.TagTime:
		v.Set(reflect.ValueOf(timeOf(c.Time)))
		return nil
	case format.TagString:
		var t time.Time
		if err := t.UnmarshalText(d.l.Strings.Bytes(int(c.Str))); err != nil {
			e := d.fail("string is not an RFC 3339 time")
			e.Cause = err
			return e
		}
		v.Set(reflect.ValueOf(t))
		return nil
	}
	return d.mismatch(c, v)
}

// objectFields decodes an object's fields into struct v by reflect alone.
func (d *decodeState) objectFields(v reflect.Value, r *pageread.ValueReader, c, e *pageread.Cell) error {
	sf := cachedFields(v.Type())
	for {
		k, ok := r.Next(e)
		if !ok {
			c.Close(r.End(e))
			return nil
		}
		f, ok := sf.lookup(d.l.Strings.Bytes(int(k)))
		if !ok {
			continue
		}
		fv, err := fieldByIndexAlloc(v, f.index)
		if err != nil {
			return d.fail(err.Error())
		}
		if err := d.cell(fv, e, f.quoted); err != nil {
			return err
		}
	}
}

// numberText returns a numeric cell's JSON text in d.buf.
func (d *decodeState) numberText(c *pageread.Cell) []byte {
	switch c.Tag {
	case format.TagInt:
		d.buf = strconv.AppendInt(d.buf[:0], c.Int, 10)
	case format.TagUint:
		d.buf = strconv.AppendUint(d.buf[:0], c.Uint, 10)
	case format.TagFloat:
		d.buf = format.AppendFloatJSON(d.buf[:0], c.Float)
	default:
		d.buf = append(d.buf[:0], c.Data...)
	}
	return d.buf
}

func (d *decodeState) numberInto(v reflect.Value, c *pageread.Cell) error {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := c.Int
		if c.Tag != format.TagInt {
			var err error
			n, err = strconv.ParseInt(string(d.numberText(c)), 10, 64)
			if err != nil {
				return d.fail("number " + string(d.buf) + " does not fit " + v.Type().String())
			}
		}
		if v.OverflowInt(n) {
			return d.fail("number " + strconv.FormatInt(n, 10) + " overflows " + v.Type().String())
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		var n uint64
		switch {
		case c.Tag == format.TagUint:
			n = c.Uint
		case c.Tag == format.TagInt && c.Int >= 0:
			n = uint64(c.Int)
		default:
			var err error
			n, err = strconv.ParseUint(string(d.numberText(c)), 10, 64)
			if err != nil {
				return d.fail("number " + string(d.buf) + " does not fit " + v.Type().String())
			}
		}
		if v.OverflowUint(n) {
			return d.fail("number " + strconv.FormatUint(n, 10) + " overflows " + v.Type().String())
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		var f float64
		if c.Tag == format.TagFloat && v.Kind() == reflect.Float64 {
			f = c.Float.Float64()
		} else {
			var err error
			f, err = strconv.ParseFloat(string(d.numberText(c)), v.Type().Bits())
			if err != nil {
				return d.fail("number " + string(d.buf) + " does not fit " + v.Type().String())
			}
		}
		v.SetFloat(f)
	case reflect.String:
		if v.Type() != numberType {
			return d.mismatch(c, v)
		}
		v.SetString(string(d.numberText(c)))
	default:
		return d.mismatch(c, v)
	}
	return nil
}

// quotedInto handles a field with the ,string option: the cell must be a
// string holding the JSON literal.
func (d *decodeState) quotedInto(v reflect.Value, c *pageread.Cell) error {
	if c.Tag != format.TagString {
		return d.fail("invalid use of ,string struct tag, trying to decode a non-string into " + v.Type().String())
	}
	s := d.l.Strings.Bytes(int(c.Str))
	if string(s) == "null" {
		return nil
	}
	if v.Kind() == reflect.String {
		var out string
		if err := json.Unmarshal(s, &out); err != nil {
			return d.fail("invalid use of ,string struct tag, trying to decode " + strconv.Quote(string(s)) + " into string")
		}
		v.SetString(out)
		return nil
	}
	if err := json.Unmarshal(s, v.Addr().Interface()); err != nil {
		return d.fail("invalid use of ,string struct tag, trying to decode " + strconv.Quote(string(s)) + " into " + v.Type().String())
	}
	return nil
}

func (d *decodeState) arrayInto(v reflect.Value, c *pageread.Cell) error {
	r := pageread.Elements(c)
	var e pageread.Cell
	switch v.Kind() {
	case reflect.Slice:
		n := c.Len
		if v.Cap() >= n && !v.IsNil() {
			v.Set(v.Slice(0, n))
		} else {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
		}
		zero := reflect.Zero(v.Type().Elem())
		k := d.elemKind(v.Type().Elem())
		for i := 0; i < n; i++ {
			r.Next(&e)
			ev := v.Index(i)
			ev.Set(zero)
			// Scalars without decoding methods take the plans' setters,
			// which write what the reflect path would for the values they
			// take and refuse the rest.
			if k != setGeneric && d.setScalar(k, refOf(ev), &e) {
				continue
			}
			if err := d.cell(ev, &e, false); err != nil {
				return err
			}
		}
		c.Close(r.End(&e)) // for the reader of the enclosing value
	case reflect.Array:
		zero := reflect.Zero(v.Type().Elem())
		for i := 0; i < v.Len(); i++ {
			ev := v.Index(i)
			ev.Set(zero)
			if i < c.Len {
				r.Next(&e)
				if err := d.cell(ev, &e, false); err != nil {
					return err
				}
			}
		}
		c.Close(r.End(&e))
	default:
		return d.mismatch(c, v)
	}
	return nil
}

// mapStringAnyType is the type of free-form object fields, which
// objectInto fills without reflect.
var mapStringAnyType = reflect.TypeFor[map[string]any]()

func (d *decodeState) objectInto(v reflect.Value, c *pageread.Cell) error {
	r := pageread.Elements(c)
	var e pageread.Cell
	switch v.Kind() {
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(v.Type(), c.Len))
		}
		// A map[string]any (the common free-form field) is filled
		// directly: mapEntry's reflect calls and per-entry value
		// allocation would give the same map. Raw JSON goes through
		// mapEntry, which decodes it as json.Unmarshal into any does.
		var m map[string]any
		if v.Type() == mapStringAnyType && v.CanInterface() {
			m = v.Interface().(map[string]any)
		}
		for {
			k, ok := r.Next(&e)
			if !ok {
				c.Close(r.End(&e))
				return nil
			}
			if m != nil && e.Tag != format.TagRaw {
				m[d.str(k)] = d.generic(&e)
				continue
			}
			if err := d.mapEntry(v, d.str(k), &e); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if !v.CanAddr() { // every caller passes addressable values; the plan needs one
			return d.objectFields(v, &r, c, &e)
		}
		p := d.nestedPlanFor(v.Type())
		row := structOf(v)
		for {
			k, ok := r.Next(&e)
			if !ok {
				c.Close(r.End(&e))
				return nil
			}
			cp := p.field(d, k)
			if cp == nil {
				continue
			}
			if err := d.setField(&p.sp, cp, row, &e); err != nil {
				return err
			}
		}
	}
	return d.mismatch(c, v)
}
