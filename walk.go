package rowpage

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rowpage/rowpage/format"
)

// The value walker: it visits Go values in the order json.Marshal writes
// them and feeds the page builder. A value at the top of a column goes to the
// column's typed storage; anything inside an array or object is written as a
// tagged value into the column's anyBuf ("nested").

type mapEntry struct {
	name string
	v    reflect.Value
}

// walker holds the scratch state of one encoding.
type walker struct {
	b        *pageBuilder
	maxDepth int
	keys     [][]string // per-depth scratch for sorted map[string]any keys
	vals     []any      // values of the row's keys, for mapRow
	// shapeKeys are the keys of shape shapeKeysID on page shapeKeysPage,
	// for valuesByKey.
	shapeKeys     []string
	shapeKeysPage uint64
	shapeKeysID   uint32
	entries       [][]mapEntry // per-depth scratch for reflected maps
	fields        [][]int      // per-depth scratch for struct fields to write
	tmp           []byte
	tmp2          bytes.Buffer
	plan          encCols // the plan of the struct rows being written
	generic       bool    // tests: write struct rows with the generic walker only
}

func (w *walker) keyScratch(d int) []string {
	for len(w.keys) <= d {
		w.keys = append(w.keys, nil)
	}
	return w.keys[d][:0]
}

func (w *walker) entryScratch(d int) []mapEntry {
	for len(w.entries) <= d {
		w.entries = append(w.entries, nil)
	}
	return w.entries[d][:0]
}

func (w *walker) fieldScratch(d int) []int {
	for len(w.fields) <= d {
		w.fields = append(w.fields, nil)
	}
	return w.fields[d][:0]
}

func unsupported(msg string) error { return encodeError(ErrUnsupportedType, msg, nil) }

// put helpers: write a scalar either as a column cell or, when nested, as a
// tagged value in the column's anyBuf.

func (w *walker) putNull(c *column, nested bool) {
	if nested {
		c.anyBuf = append(c.anyBuf, format.TagNull)
		return
	}
	c.appendNull()
}

func (w *walker) putBool(c *column, nested bool, v bool) {
	if nested {
		t := byte(format.TagFalse)
		if v {
			t = format.TagTrue
		}
		c.anyBuf = append(c.anyBuf, t)
		return
	}
	c.appendBool(v)
}

func (w *walker) putInt(c *column, nested bool, v int64) {
	if nested {
		c.anyBuf = appendTaggedInt(c.anyBuf, v)
		return
	}
	c.appendInt(v)
}

func (w *walker) putUint(c *column, nested bool, v uint64) {
	if nested {
		c.anyBuf = appendTaggedUint(c.anyBuf, v)
		return
	}
	c.appendUint(v)
}

func (w *walker) putFloat(c *column, nested bool, f float64, bits int) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return unsupported("unsupported value " + strconv.FormatFloat(f, 'g', -1, 64))
	}
	if nested {
		buf, err := appendFloatCell(append(c.anyBuf, format.TagFloat), f, bits)
		c.anyBuf = buf
		return err
	}
	return c.appendFloat(f, bits)
}

func (w *walker) putString(c *column, nested bool, s string) {
	if !nested {
		w.b.cellString(c, s)
		return
	}
	id := w.b.in.intern(s)
	c.anyBuf = format.AppendUvarint(append(c.anyBuf, format.TagString), uint64(id))
}

func (w *walker) putStringBytes(c *column, nested bool, s []byte) {
	id := w.b.in.internBytes(s)
	if nested {
		c.anyBuf = format.AppendUvarint(append(c.anyBuf, format.TagString), uint64(id))
		return
	}
	c.appendStr(id)
}

func (w *walker) putTime(c *column, nested bool, t time.Time) error {
	ts, err := format.TimestampOf(t)
	if err != nil {
		return encodeError(ErrUnsupportedType, "time.Time cannot be written as JSON", err)
	}
	if nested {
		c.anyBuf = appendTaggedTime(c.anyBuf, ts)
		return nil
	}
	c.appendTime(ts)
	return nil
}

func (w *walker) putBlob(c *column, nested bool, k cellKind, b []byte) {
	if nested {
		tag := byte(format.TagBytes)
		if k == kindNumber {
			tag = format.TagNumber
		}
		c.anyBuf = format.AppendUvarint(append(c.anyBuf, tag), uint64(len(b)))
		c.anyBuf = append(c.anyBuf, b...)
		return
	}
	c.appendBlob(k, b)
}

// putRawAt stores JSON text from a MarshalJSON method or Builder.RawJSON,
// compacted, as the value at depth (1 for a column's cell, as in value).
// Readers accept raw text whose arrays and objects nest at most
// MaxDepth-depth levels, so deeper text fails with ErrLimit rather than
// making a page Open rejects. It costs json.Compact and one more pass.
func (w *walker) putRawAt(c *column, nested bool, raw []byte, depth int) error {
	w.tmp2.Reset()
	if err := json.Compact(&w.tmp2, raw); err != nil {
		return encodeError(ErrInvalidJSON, "MarshalJSON returned invalid JSON", err)
	}
	b := w.tmp2.Bytes()
	if d, _ := format.JSONDepth(b); d > w.maxDepth-depth {
		return encodeError(ErrLimit, "raw JSON nests "+strconv.Itoa(d)+" levels at depth "+strconv.Itoa(depth)+
			", deeper than MaxDepth "+strconv.Itoa(w.maxDepth)+" allows", nil)
	}
	if !nested {
		c.beginAny()
	}
	c.anyBuf = format.AppendUvarint(append(c.anyBuf, format.TagRaw), uint64(len(b)))
	c.anyBuf = append(c.anyBuf, b...)
	return nil
}

// putNumber stores a json.Number as encoding/json writes it.
func (w *walker) putNumber(c *column, nested bool, n json.Number, quoted bool) error {
	s := string(n)
	if s == "" {
		s = "0"
	}
	if !format.ValidNumber(s) {
		return unsupported("invalid number literal " + strconv.Quote(string(n)))
	}
	if quoted {
		w.putString(c, nested, s)
		return nil
	}
	w.putNumberText(c, nested, s)
	return nil
}

// putNumberText stores JSON number text, natively where that reproduces
// the text exactly.
func (w *walker) putNumberText(c *column, nested bool, s string) {
	if v, ok := canonicalInt(s); ok {
		w.putInt(c, nested, v)
		return
	}
	if v, ok := canonicalUint(s); ok {
		w.putUint(c, nested, v)
		return
	}
	if f, d, ok := canonicalFloat(s); ok {
		if nested {
			c.anyBuf = format.AppendDecimalCell(append(c.anyBuf, format.TagFloat), d, f)
		} else {
			c.appendDecimal(d, f)
		}
		return
	}
	w.putBlob(c, nested, kindNumber, []byte(s))
}

// canonicalInt parses s if it is exactly strconv.FormatInt's text of an int64.
func canonicalInt(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 20 {
		return 0, false
	}
	d := s
	if d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || (d[0] == '0' && len(d) > 1) || (s[0] == '-' && d == "0") {
		return 0, false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

func canonicalUint(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 20 || s[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil
}

// canonicalFloat parses s if the page's float rendering of the parsed value
// gives back exactly s. Then s holds the value's shortest digits, which it
// also returns as a Decimal, so that the cell needs no digit search.
func canonicalFloat(s string) (float64, format.Decimal, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, format.Decimal{}, false
	}
	var buf [32]byte
	out := format.AppendFloat64JSON(buf[:0], f, 64)
	if string(out) != s {
		return 0, format.Decimal{}, false
	}
	return f, decimalOfText(s), true
}

// decimalOfText reads a float as AppendFloat64JSON writes it ("-0.0012",
// "19.99", "1e+21", "1.5e-7") as a normalised Decimal. Zeros are counted
// rather than multiplied in until a non-zero digit follows, so the leading
// and trailing zeros of the plain form (up to 21 digits) never overflow the
// at most 17 significant digits.
func decimalOfText(s string) format.Decimal {
	var d format.Decimal
	i := 0
	if s[0] == '-' {
		d.Neg = true
		i++
	}
	frac, zeros, point := 0, 0, false
	for ; i < len(s) && s[i] != 'e'; i++ {
		c := s[i]
		switch {
		case c == '.':
			point = true
			continue
		case c == '0':
			zeros++
		default:
			for ; zeros > 0; zeros-- {
				d.Mant *= 10
			}
			d.Mant = d.Mant*10 + uint64(c-'0')
		}
		if point {
			frac++
		}
	}
	if i < len(s) { // e±x
		d.Exp, _ = strconv.Atoi(s[i+1:])
	}
	if d.Mant == 0 {
		return format.Decimal{Neg: d.Neg} // ±0; AppendDecimalCell writes -0 raw
	}
	d.Exp += zeros - frac
	return d
}

// value writes rv. depth counts enclosing arrays and objects.
func (w *walker) value(c *column, nested bool, rv reflect.Value, quoted bool, depth int) error {
	if !rv.IsValid() {
		w.putNull(c, nested)
		return nil
	}
	ti := infoOf(rv.Type())
	if ti.isTime {
		return w.putTime(c, nested, rv.Interface().(time.Time))
	}
	// Pointers and interfaces first: a method that encoding/json would call
	// through them is reached just the same on the value they hold (which is
	// addressable behind a pointer), and a time.Time behind them stays native.
	switch ti.kind {
	case reflect.Interface:
		if rv.IsNil() {
			w.putNull(c, nested)
			return nil
		}
		return w.value(c, nested, rv.Elem(), false, depth)
	case reflect.Pointer:
		if rv.IsNil() {
			w.putNull(c, nested)
			return nil
		}
		if depth >= w.maxDepth {
			return w.tooDeep()
		}
		return w.value(c, nested, rv.Elem(), quoted, depth+1)
	}
	if ti.usesMarshaler(rv) {
		return w.marshaler(c, nested, rv, depth)
	}
	if ti.usesText(rv) {
		return w.textMarshaler(c, nested, rv, ti)
	}
	switch ti.kind {
	case reflect.Bool:
		if quoted {
			w.putString(c, nested, strconv.FormatBool(rv.Bool()))
			return nil
		}
		w.putBool(c, nested, rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if quoted {
			w.tmp = strconv.AppendInt(w.tmp[:0], rv.Int(), 10)
			w.putStringBytes(c, nested, w.tmp)
			return nil
		}
		w.putInt(c, nested, rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if quoted {
			w.tmp = strconv.AppendUint(w.tmp[:0], rv.Uint(), 10)
			w.putStringBytes(c, nested, w.tmp)
			return nil
		}
		w.putUint(c, nested, rv.Uint())
	case reflect.Float32, reflect.Float64:
		bits := 64
		if ti.kind == reflect.Float32 {
			bits = 32
		}
		f := rv.Float()
		if quoted {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return unsupported("unsupported value " + strconv.FormatFloat(f, 'g', -1, 64))
			}
			w.tmp = format.AppendFloat64JSON(w.tmp[:0], f, bits)
			w.putStringBytes(c, nested, w.tmp)
			return nil
		}
		return w.putFloat(c, nested, f, bits)
	case reflect.String:
		if ti.isNumber {
			return w.putNumber(c, nested, json.Number(rv.String()), quoted)
		}
		if quoted {
			w.tmp = format.AppendQuoted(w.tmp[:0], rv.String(), true)
			w.putStringBytes(c, nested, w.tmp)
			return nil
		}
		w.putString(c, nested, rv.String())
	case reflect.Slice:
		if rv.IsNil() {
			w.putNull(c, nested)
			return nil
		}
		if ti.byteSlice {
			w.tmp = base64.StdEncoding.AppendEncode(w.tmp[:0], rv.Bytes())
			w.putBlob(c, nested, kindBytes, rv.Bytes())
			return nil
		}
		return w.array(c, nested, rv, depth)
	case reflect.Array:
		return w.array(c, nested, rv, depth)
	case reflect.Map:
		if rv.IsNil() {
			w.putNull(c, nested)
			return nil
		}
		return w.mapValue(c, nested, rv, depth)
	case reflect.Struct:
		return w.structValue(c, nested, rv, depth)
	default:
		return unsupported("unsupported type " + rv.Type().String())
	}
	return nil
}

// putKey writes an object key, interned, inside a tagged object.
func (w *walker) putKey(c *column, name string) {
	c.anyBuf = format.AppendUvarint(c.anyBuf, uint64(w.b.in.internKey(name)))
}

func (w *walker) tooDeep() error {
	return encodeError(ErrLimit, "nesting deeper than MaxDepth "+strconv.Itoa(w.maxDepth)+" (a cycle?)", nil)
}

func (w *walker) marshaler(c *column, nested bool, rv reflect.Value, depth int) error {
	if rv.Kind() == reflect.Pointer && rv.IsNil() {
		w.putNull(c, nested)
		return nil
	}
	m, ok := rv.Interface().(json.Marshaler)
	if !ok {
		m = rv.Addr().Interface().(json.Marshaler)
	}
	raw, err := m.MarshalJSON()
	if err != nil {
		return encodeError(ErrUnsupportedType, "MarshalJSON of "+rv.Type().String()+" failed", err)
	}
	return w.putRawAt(c, nested, raw, depth)
}

func (w *walker) textMarshaler(c *column, nested bool, rv reflect.Value, ti *typeInfo) error {
	if rv.Kind() == reflect.Pointer && rv.IsNil() {
		w.putNull(c, nested)
		return nil
	}
	m, ok := rv.Interface().(interface{ MarshalText() ([]byte, error) })
	if !ok {
		m = rv.Addr().Interface().(interface{ MarshalText() ([]byte, error) })
	}
	text, err := m.MarshalText()
	if err != nil {
		return encodeError(ErrUnsupportedType, "MarshalText of "+rv.Type().String()+" failed", err)
	}
	w.putStringBytes(c, nested, text)
	return nil
}

// array writes a slice or array as a tagged array.
func (w *walker) array(c *column, nested bool, rv reflect.Value, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	n := rv.Len()
	c.openContainer(nested, format.TagArray, n)
	for i := 0; i < n; i++ {
		if err := w.value(c, true, rv.Index(i), false, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// mapKeys resolves and sorts a reflected map's keys as encoding/json does.
func (w *walker) mapKeys(rv reflect.Value, depth int) ([]mapEntry, error) {
	es := w.entryScratch(depth)
	kt := rv.Type().Key()
	kti := infoOf(kt)
	iter := rv.MapRange()
	for iter.Next() {
		k := iter.Key()
		var name string
		switch {
		case kt.Kind() == reflect.String:
			name = k.String()
		case kti.text:
			if k.Kind() == reflect.Pointer && k.IsNil() {
				name = ""
				break
			}
			b, err := k.Interface().(interface{ MarshalText() ([]byte, error) }).MarshalText()
			if err != nil {
				return nil, encodeError(ErrUnsupportedType, "MarshalText of map key failed", err)
			}
			name = string(b)
		default:
			switch kt.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				name = strconv.FormatInt(k.Int(), 10)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
				name = strconv.FormatUint(k.Uint(), 10)
			default:
				return nil, unsupported("unsupported map key type " + kt.String())
			}
		}
		es = append(es, mapEntry{name: name, v: iter.Value()})
	}
	slices.SortFunc(es, func(a, b mapEntry) int { return strings.Compare(a.name, b.name) })
	w.entries[depth] = es
	return es, nil
}

func validMapKey(kt reflect.Type) bool {
	switch kt.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return kt.Implements(textMarshalerType)
}

func (w *walker) mapValue(c *column, nested bool, rv reflect.Value, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	if !validMapKey(rv.Type().Key()) {
		return unsupported("unsupported map key type " + rv.Type().Key().String())
	}
	if m, ok := rv.Interface().(map[string]any); ok {
		return w.anyMap(c, nested, m, depth)
	}
	es, err := w.mapKeys(rv, depth)
	if err != nil {
		return err
	}
	c.openContainer(nested, format.TagObject, len(es))
	for i := range es {
		w.putKey(c, es[i].name)
		if err := w.value(c, true, es[i].v, false, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// structValue writes a nested struct as a tagged object.
func (w *walker) structValue(c *column, nested bool, rv reflect.Value, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	sf := cachedFields(rv.Type())
	sel := w.fieldScratch(depth)
	for i := range sf.list {
		f := &sf.list[i]
		fv, ok := fieldByIndex(rv, f.index)
		if !ok || f.omit(fv) {
			continue
		}
		sel = append(sel, i)
	}
	w.fields[depth] = sel
	c.openContainer(nested, format.TagObject, len(sel))
	for _, i := range sel {
		f := &sf.list[i]
		fv, _ := fieldByIndex(rv, f.index)
		w.putKey(c, f.name)
		if err := w.value(c, true, fv, f.quoted, depth+1); err != nil {
			return err
		}
	}
	return nil
}
