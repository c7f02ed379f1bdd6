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
	"github.com/rowpage/rowpage/internal/pagebuild"

	"github.com/rowpage/rowpage/internal/jsonwire"
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
	b        *pagebuild.Builder
	maxDepth int
	keys     [][]string      // per-depth scratch for sorted map[string]any keys
	nestKeys []*nestKeyTable // per depth: the sorted keys of the last map[string]any at each of a few places (sortedKeys)
	nestVals [][]any         // per depth: the values of the map sortedKeys returned last
	path     uint32          // the place of the value being written, for sortedKeys (childPath)
	vals     []any           // values of the row's keys, for mapRow
	rowKeys  []string        // the keys of the map row being added (rowEntries)
	rowVals  []any           // and their values
	// shapeKeys are the keys of shape shapeKeysID on page shapeKeysPage,
	// for valuesByKey.
	shapeKeys     []string
	shapeKeysPage uint64
	shapeKeysID   uint32
	shapeSlots    keyPlaces    // where the last row read against shapeKeys held them (valuesOfKeys)
	shapePlaces   *keyPlaces   // shapeSlots, or first.slots when shapeKeys are first.keys (valuesByKey)
	first         firstRow     // the keys of the last page's first map row (walk_firstrow.go)
	pageKeys      firstRow     // the keys of the last page of map rows, for ranking the next's columns (walk_pagekeys.go)
	sets          rowSets      // map rows' shapes by their sets of columns (walk_mapshape.go)
	ranks         keyRanks     // the page's columns in key order, for map rows of known keys (walk_mapshape.go)
	mapRows       bool         // every row of the page is a map[string]any: sets may match them
	csets         colSets      // map rows' shapes by their bitsets of columns, on pages of few columns (walk_mapshape.go)
	keptShapes    keptShapes   // newSetShape's shapes kept from page to page (walk_keptshapes.go)
	keyCols       keyCols      // map keys' columns by their bytes, for setRow (walk_mapshape.go)
	keyColsPage   uint64       // the page keyColsHeld counts for (countNewColumns)
	keyColsHeld   int          // columns of keyColsPage that countNewColumns counted; -1 once a key was written over
	entries       [][]mapEntry // per-depth scratch for reflected maps
	fields        [][]int      // per-depth scratch for struct fields to write
	tmp           []byte
	tmp2          bytes.Buffer
	plan          encCols         // the plan of the struct rows being written
	planCells     []planCell      // scratch of fixedRows
	generic       bool            // tests: write struct rows with the generic walker only
	cellFloats    bool            // tests: write every float64 as its float cell (no FloatInt paths)
	types         typeCache       // infoOf and cachedFields of the types met last (walk_typecache.go)
	zone          format.ZoneMemo // the zone offset of the last time.Time written (putTime, putTimeAt)
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

func (w *walker) putNull(c *pagebuild.Column, nested bool) {
	if nested {
		c.Tagged = append(c.Tagged, format.TagNull)
		return
	}
	c.AppendNull()
}

func (w *walker) putBool(c *pagebuild.Column, nested bool, v bool) {
	if nested {
		t := byte(format.TagFalse)
		if v {
			t = format.TagTrue
		}
		c.Tagged = append(c.Tagged, t)
		return
	}
	c.AppendBool(v)
}

func (w *walker) putInt(c *pagebuild.Column, nested bool, v int64) {
	if nested {
		c.Tagged = pagebuild.AppendTaggedInt(c.Tagged, v)
		return
	}
	c.AppendInt(v)
}

func (w *walker) putUint(c *pagebuild.Column, nested bool, v uint64) {
	if nested {
		c.Tagged = pagebuild.AppendTaggedUint(c.Tagged, v)
		return
	}
	c.AppendUint(v)
}

// putFloat writes f, of bits 32 or 64, as a column cell or nested, or
// fails for a NaN or an infinity, as encoding/json does. A whole number
// nested in an array or object is written as an integer (FloatInt), which
// no NaN or infinity is, before the test for those: f-f, 0 for a finite f
// and NaN for the others, is one test for both (math.IsNaN and math.IsInf
// first cost a fraction in an array of the hetero rows about 15
// instructions more).
func (w *walker) putFloat(c *pagebuild.Column, nested bool, f float64, bits int) error {
	if nested {
		if v, ok := pagebuild.FloatInt(f); ok && bits == 64 && !w.cellFloats {
			c.AppendNestedFloatInt(v)
			return nil
		}
		if f-f != 0 {
			return unsupportedFloat(f)
		}
		buf, err := format.AppendFloatCell(append(c.Tagged, format.TagFloat), f, bits)
		c.Tagged = buf
		return err
	}
	if f-f != 0 {
		return unsupportedFloat(f)
	}
	return c.AppendFloat(f, bits)
}

// unsupportedFloat is putFloat's error for a NaN or an infinity f.
func unsupportedFloat(f float64) error {
	return unsupported("unsupported value " + strconv.FormatFloat(f, 'g', -1, 64))
}

func (w *walker) putString(c *pagebuild.Column, nested bool, s string) {
	if !nested {
		w.b.CellString(c, s)
		return
	}
	w.nestedString(c, s)
}

// nestedString writes s inside the array or object being written into c:
// as a text time if it is one, else as a string id, and reports which
// (true for a string id).
func (w *walker) nestedString(c *pagebuild.Column, s string) bool {
	if pagebuild.MayBeTextTime(s) && pagebuild.NestedTextTime(c, s) {
		return false
	}
	id := w.b.In.Intern(s)
	c.Tagged = pagebuild.AppendTaggedStr(c.Tagged, id)
	return true
}

// putStringBytes is putString for a string held in bytes, copied the first
// time the page sees it.
func (w *walker) putStringBytes(c *pagebuild.Column, nested bool, s []byte) {
	if nested && pagebuild.NestedTextTime(c, s) || !nested && pagebuild.CellTextTime(c, s) {
		return
	}
	id := w.b.In.InternBytes(s)
	if nested {
		c.Tagged = pagebuild.AppendTaggedStr(c.Tagged, id)
		return
	}
	c.AppendStr(id)
}

// putTime writes t, as a column cell or nested; its zone offset comes from
// w.zone as in putTimeAt.
func (w *walker) putTime(c *pagebuild.Column, nested bool, t time.Time) error {
	ts, err := w.zone.TimestampOf(t)
	if err != nil {
		return encodeError(ErrUnsupportedType, "time.Time cannot be written as JSON", err)
	}
	if nested {
		c.Tagged = pagebuild.AppendTaggedTime(c.Tagged, ts)
		return nil
	}
	c.AppendTime(ts)
	return nil
}

func (w *walker) putBlob(c *pagebuild.Column, nested bool, k pagebuild.CellKind, b []byte) {
	if nested {
		tag := byte(format.TagBytes)
		if k == pagebuild.KindNumber {
			tag = format.TagNumber
		}
		c.Tagged = format.AppendUvarint(append(c.Tagged, tag), uint64(len(b)))
		c.Tagged = append(c.Tagged, b...)
		return
	}
	c.AppendBlob(k, b)
}

// putRawAt stores JSON text from a MarshalJSON method or Builder.RawJSON,
// compacted, as the value at depth (1 for a column's cell, as in value).
// Readers accept raw text whose arrays and objects nest at most
// MaxDepth-depth levels, so deeper text fails with ErrLimit rather than
// making a page Open rejects. It costs json.Compact and one more pass.
func (w *walker) putRawAt(c *pagebuild.Column, nested bool, raw []byte, depth int) error {
	w.tmp2.Reset()
	if err := json.Compact(&w.tmp2, raw); err != nil {
		return encodeError(ErrInvalidJSON, "MarshalJSON returned invalid JSON", err)
	}
	b := w.tmp2.Bytes()
	if d, _ := jsonwire.JSONDepth(b); d > w.maxDepth-depth {
		return encodeError(ErrLimit, "raw JSON nests "+strconv.Itoa(d)+" levels at depth "+strconv.Itoa(depth)+
			", deeper than MaxDepth "+strconv.Itoa(w.maxDepth)+" allows", nil)
	}
	if !nested {
		c.BeginAny()
	}
	c.Tagged = format.AppendUvarint(append(c.Tagged, format.TagRaw), uint64(len(b)))
	c.Tagged = append(c.Tagged, b...)
	return nil
}

// putNumber stores a json.Number as encoding/json writes it.
func (w *walker) putNumber(c *pagebuild.Column, nested bool, n json.Number, quoted bool) error {
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
func (w *walker) putNumberText(c *pagebuild.Column, nested bool, s string) {
	if v, ok := pagebuild.CanonicalInt(s); ok {
		w.putInt(c, nested, v)
		return
	}
	if v, ok := pagebuild.CanonicalUint(s); ok {
		w.putUint(c, nested, v)
		return
	}
	if f, d, ok := pagebuild.CanonicalFloat(s); ok {
		if nested {
			c.Tagged = format.AppendDecimalCell(append(c.Tagged, format.TagFloat), d, f)
		} else {
			c.AppendDecimal(d, f)
		}
		return
	}
	w.putBlob(c, nested, pagebuild.KindNumber, []byte(s))
}

// value writes rv. depth counts enclosing arrays and objects.
func (w *walker) value(c *pagebuild.Column, nested bool, rv reflect.Value, quoted bool, depth int) error {
	if !rv.IsValid() {
		w.putNull(c, nested)
		return nil
	}
	ti := w.info(rv.Type())
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
			w.tmp = jsonwire.AppendFloat64JSON(w.tmp[:0], f, bits)
			w.putStringBytes(c, nested, w.tmp)
			return nil
		}
		return w.putFloat(c, nested, f, bits)
	case reflect.String:
		if ti.isNumber {
			return w.putNumber(c, nested, json.Number(rv.String()), quoted)
		}
		if quoted {
			w.tmp = jsonwire.AppendQuoted(w.tmp[:0], rv.String(), true)
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
			w.putBlob(c, nested, pagebuild.KindBytes, rv.Bytes())
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
func (w *walker) putKey(c *pagebuild.Column, name string) {
	c.Tagged = pagebuild.AppendID(c.Tagged, w.b.In.InternKey(name))
}

func (w *walker) tooDeep() error {
	return encodeError(ErrLimit, "nesting deeper than MaxDepth "+strconv.Itoa(w.maxDepth)+" (a cycle?)", nil)
}

func (w *walker) marshaler(c *pagebuild.Column, nested bool, rv reflect.Value, depth int) error {
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

func (w *walker) textMarshaler(c *pagebuild.Column, nested bool, rv reflect.Value, ti *typeInfo) error {
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
func (w *walker) array(c *pagebuild.Column, nested bool, rv reflect.Value, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	n := rv.Len()
	c.OpenContainer(nested, format.TagArray, n)
	if k := w.types.slot(rv.Type()).scalarElem; k != reflect.Invalid {
		return w.scalarElems(c, nested, rv, n, k)
	}
	for i := 0; i < n; i++ {
		if err := w.value(c, true, rv.Index(i), false, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// scalarElems writes the n elements of rv, a slice or array whose
// elements are of kind k and written by their kind alone (scalarElemOf),
// into the array just opened: what value writes for each, without asking
// for each element's type.
func (w *walker) scalarElems(c *pagebuild.Column, nested bool, rv reflect.Value, n int, k reflect.Kind) error {
	switch k {
	case reflect.String:
		ids := 0 // elements written as string ids
		for i := 0; i < n; i++ {
			if w.nestedString(c, rv.Index(i).String()) {
				ids++
			}
		}
		if !nested && ids == n {
			c.StrLists++
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		for i := 0; i < n; i++ {
			c.Tagged = pagebuild.AppendTaggedInt(c.Tagged, rv.Index(i).Int())
		}
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		for i := 0; i < n; i++ {
			c.Tagged = pagebuild.AppendTaggedUint(c.Tagged, rv.Index(i).Uint())
		}
	case reflect.Float32, reflect.Float64:
		bits := 64
		if k == reflect.Float32 {
			bits = 32
		}
		for i := 0; i < n; i++ {
			if err := w.putFloat(c, true, rv.Index(i).Float(), bits); err != nil {
				return err
			}
		}
	case reflect.Bool:
		for i := 0; i < n; i++ {
			w.putBool(c, true, rv.Index(i).Bool())
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

func (w *walker) mapValue(c *pagebuild.Column, nested bool, rv reflect.Value, depth int) error {
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
	c.OpenContainer(nested, format.TagObject, len(es))
	for i := range es {
		w.putKey(c, es[i].name)
		if err := w.value(c, true, es[i].v, false, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// structValue writes a nested struct as a tagged object.
func (w *walker) structValue(c *pagebuild.Column, nested bool, rv reflect.Value, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	ts := w.structSlot(rv.Type())
	sf := ts.sf
	if ts.allFields {
		c.OpenContainer(nested, format.TagObject, len(sf.list))
		if !w.generic {
			if r, ok := structRefOf(rv); ok {
				return w.planObject(c, ts, rv, r, depth)
			}
		}
		for i := range sf.list {
			f := &sf.list[i]
			fv, _ := fieldByIndex(rv, f.index)
			w.putKey(c, f.name)
			if err := w.value(c, true, fv, f.quoted, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
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
	c.OpenContainer(nested, format.TagObject, len(sel))
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

// planObject writes the fields of struct rv, an object inside a cell whose
// fields are all written (typeSlot ts, allFields), in the order of its
// plan, as structValue's loop does: a field of a plain scalar kind or
// string is read by pointer through r and written at once, where the loop
// found it with fieldByIndex and reflect.Value.Field and wrote it through
// value's switch on its type (about 300 instructions a field of a nested
// struct, such as an event's actor); other fields go to value as before,
// so the page does not change (TestPlanObjectMatchesWalker). Each key is
// interned the first time the page writes it (objectKeys) and its id
// reused after that: a key's count does not change the page (it always
// sits in the string table's common area).
func (w *walker) planObject(c *pagebuild.Column, ts *typeSlot, rv reflect.Value, r structRef, depth int) error {
	p := w.objectPlan(ts)
	keys := w.objectKeys(ts, len(p.fields))
	for i := range p.fields {
		pf := &p.fields[i]
		k := keys[i]
		if k == 0 {
			k = w.b.In.InternKey(pf.name) + 1
			keys[i] = k
		}
		c.Tagged = pagebuild.AppendID(c.Tagged, k-1)
		var err error
		switch pf.op {
		case kindBool:
			w.putBool(c, true, pf.in(r).bool())
		case kindInt8:
			w.putInt(c, true, int64(pf.in(r).int8()))
		case kindInt16:
			w.putInt(c, true, int64(pf.in(r).int16()))
		case kindInt32:
			w.putInt(c, true, int64(pf.in(r).int32()))
		case kindInt64:
			w.putInt(c, true, pf.in(r).int64())
		case kindUint8:
			w.putUint(c, true, uint64(pf.in(r).uint8()))
		case kindUint16:
			w.putUint(c, true, uint64(pf.in(r).uint16()))
		case kindUint32:
			w.putUint(c, true, uint64(pf.in(r).uint32()))
		case kindUint64:
			w.putUint(c, true, pf.in(r).uint64())
		case kindFloat32:
			err = w.putFloat(c, true, float64(pf.in(r).float32()), 32)
		case kindFloat64:
			err = w.putFloat(c, true, pf.in(r).float64(), 64)
		case kindString:
			w.nestedString(c, pf.in(r).string())
		case kindTime:
			err = w.putTime(c, true, *pf.in(r).time())
		default:
			fv, _ := fieldByIndex(rv, pf.index)
			err = w.value(c, true, fv, pf.quoted, depth+1)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// canonicalInt, canonicalUint and canonicalFloat are the page builder's
// rules for number text, for the decoder's normalisation of json.Number.
func canonicalInt(s string) (int64, bool)   { return pagebuild.CanonicalInt(s) }
func canonicalUint(s string) (uint64, bool) { return pagebuild.CanonicalUint(s) }
func canonicalFloat(s string) (float64, format.Decimal, bool) {
	return pagebuild.CanonicalFloat(s)
}
