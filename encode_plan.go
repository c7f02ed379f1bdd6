package rowpage

import (
	"reflect"
	"sync"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Struct plans: the encoder's precomputed view of a struct type used as a
// row. The generic walker reflects over every field of every row (a cache
// lookup for the field list, one for each field's type, and a boxed copy of
// every time.Time); a plan decides once per type how each field is written,
// so that a row costs one typed read and one column append per field.
//
// A plan covers the fields whose writing needs no method call: booleans,
// integers, floats and strings of any named or unnamed type without
// MarshalJSON or MarshalText methods (on the type or its pointer), time.Time,
// *time.Time and []string. Every other field, every field reached through an
// embedded pointer, and every field with the `,string` option is written by
// the generic walker (w.value), exactly as before; a field with omitempty or
// omitzero is tested by the same reflect-based rule (field.omit). So a plan
// changes the speed of a row, never its bytes; TestPlanMatchesWalker checks
// that on the datasets and on a struct with every kind of field.
//
// How a field is read is in encode_field_unsafe.go (a pointer read at the
// field's offset) and its safe twin encode_field_purego.go (reflect, built
// with the purego tag).

// encOp says how a plan reads and writes one field.
type encOp uint8

const (
	encOpGeneric encOp = iota // the generic walker, from a reflect.Value
	encOpBool
	encOpInt8
	encOpInt16
	encOpInt32
	encOpInt64
	encOpUint8
	encOpUint16
	encOpUint32
	encOpUint64
	encOpFloat32
	encOpFloat64
	encOpString
	encOpTime    // time.Time
	encOpTimePtr // *time.Time
	encOpStrings // []string
)

// encField is one field of an encPlan.
type encField struct {
	*field         // name, index path, omit rules, quoted
	op     encOp   // how to read and write it
	omits  bool    // omitempty or omitzero: test with field.omit first
	offset uintptr // byte offset from the start of the row; for ops other than encOpGeneric
}

// encPlan is the plan of one struct type. It is immutable once built
// and safe for concurrent use; get one from encPlanOf.
type encPlan struct {
	fields  []encField
	plain   bool  // every field has an op other than encOpGeneric, and none omits
	fixed   bool  // no field is ever left out: no omit options, no embedded pointers
	scalars []int // fields whose op is scalar (see fixedRows), in order
	others  []int // the other fields, in order
}

// encPlanCache maps a struct reflect.Type to its *encPlan.
var encPlanCache sync.Map

// encPlanOf returns the plan of struct type t, building it on first use.
func encPlanOf(t reflect.Type) *encPlan {
	if p, ok := encPlanCache.Load(t); ok {
		return p.(*encPlan)
	}
	p, _ := encPlanCache.LoadOrStore(t, buildEncPlan(t))
	return p.(*encPlan)
}

func buildEncPlan(t reflect.Type) *encPlan {
	sf := cachedFields(t)
	p := &encPlan{fields: make([]encField, len(sf.list)), plain: true, fixed: true}
	for i := range sf.list {
		f := &sf.list[i]
		pf := encField{field: f, omits: f.omitEmpty || f.omitZero}
		off, direct := encFieldOffset(t, f.index)
		if direct && !f.quoted {
			pf.op, pf.offset = encOpFor(f.typ), off
		}
		p.plain = p.plain && pf.op != encOpGeneric && !pf.omits
		p.fixed = p.fixed && direct && !pf.omits
		p.fields[i] = pf
		if pf.op.scalar() {
			p.scalars = append(p.scalars, i)
		} else {
			p.others = append(p.others, i)
		}
	}
	return p
}

// encFieldOffset returns the byte offset of the field at index in struct
// type t, or false if the path goes through a pointer (an embedded *T).
func encFieldOffset(t reflect.Type, index []int) (uintptr, bool) {
	var off uintptr
	for _, i := range index {
		if t.Kind() != reflect.Struct {
			return 0, false
		}
		sf := t.Field(i)
		off += sf.Offset
		t = sf.Type
	}
	return off, true
}

// encPlain reports whether encoding/json writes values of type t by their kind
// alone: neither t nor *t has a MarshalJSON or MarshalText method.
func encPlain(t reflect.Type) bool {
	ti := infoOf(t)
	return !ti.marshaler && !ti.addrMarsh && !ti.text && !ti.addrText && !ti.isNumber
}

// encOpFor returns the op for a field of type t, encOpGeneric if it has none.
func encOpFor(t reflect.Type) encOp {
	switch t {
	case timeType:
		return encOpTime
	case reflect.PointerTo(timeType):
		return encOpTimePtr
	}
	if !encPlain(t) {
		return encOpGeneric
	}
	switch t.Kind() {
	case reflect.Bool:
		return encOpBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return [...]encOp{1: encOpInt8, 2: encOpInt16, 4: encOpInt32, 8: encOpInt64}[t.Size()]
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return [...]encOp{1: encOpUint8, 2: encOpUint16, 4: encOpUint32, 8: encOpUint64}[t.Size()]
	case reflect.Float32:
		return encOpFloat32
	case reflect.Float64:
		return encOpFloat64
	case reflect.String:
		return encOpString
	case reflect.Slice:
		if e := t.Elem(); e.Kind() == reflect.String && encPlain(e) {
			return encOpStrings
		}
	}
	return encOpGeneric
}

// encCols caches, for the plan in use, the column of each field on the
// current page (-1 until the field's key is first seen), so that rows after
// the first find their columns without comparing or hashing keys.
type encCols struct {
	plan  *encPlan
	typ   reflect.Type
	page  uint64 // pageBuilder.page the columns belong to
	cols  []int32
	shape uint32 // for a fixed plan, the shape of its rows on the page, once known
}

// planFor returns the plan of struct type t and its column cache, reset if
// it belongs to another type or page.
func (w *walker) planFor(t reflect.Type) *encCols {
	pc := &w.plan
	if pc.typ != t {
		pc.typ, pc.plan = t, encPlanOf(t)
		pc.page = 0
	}
	if pc.page != w.b.Page {
		pc.page = w.b.Page
		pc.shape = 0
		pc.cols = pc.cols[:0]
		for range pc.plan.fields {
			pc.cols = append(pc.cols, -1)
		}
	}
	return pc
}

// structRows adds the elements of rv, a slice or array of structs, as rows.
func (w *walker) structRows(rv reflect.Value) error {
	n := rv.Len()
	if n == 0 {
		return nil
	}
	if w.generic {
		for i := 0; i < n; i++ {
			if err := w.structRowGeneric(rv.Index(i)); err != nil {
				return rowError(err, i)
			}
		}
		return nil
	}
	pc := w.planFor(rv.Type().Elem())
	rows, direct := encRowsOf(rv)
	if direct && pc.plan.fixed {
		var ev reflect.Value
		if !pc.plan.plain {
			ev = rv.Index(0)
		}
		if err := w.planRow(pc, ev, rows.at(0)); err != nil {
			return rowError(err, 0)
		}
		return w.fixedRows(pc, rv, rows, 1, n)
	}
	for i := 0; i < n; i++ {
		var err error
		switch {
		case direct && pc.plan.plain:
			err = w.planRow(pc, reflect.Value{}, rows.at(i))
		case direct:
			err = w.planRow(pc, rv.Index(i), rows.at(i))
		default:
			err = w.structRow(rv.Index(i))
		}
		if err != nil {
			return rowError(err, i)
		}
	}
	return nil
}

// planRow adds the struct rv as one row, reading fields through r. rv may
// be the zero Value if the plan is plain. Once a page has a row of a fixed
// plan, later rows have the same columns and shape, and skip the shape
// bookkeeping.
func (w *walker) planRow(pc *encCols, rv reflect.Value, r encRow) error {
	b := w.b
	p := pc.plan
	fixed := pc.shape != 0
	if !fixed {
		b.BeginRow()
	}
	for i := range p.fields {
		pf := &p.fields[i]
		var fv reflect.Value
		if !p.plain && (pf.op == encOpGeneric || pf.omits) {
			var ok bool
			fv, ok = fieldByIndex(rv, pf.index)
			if !ok || pf.omit(fv) {
				continue
			}
		}
		var c *pagebuild.Column
		if fixed {
			c = &b.Cols[pc.cols[i]]
		} else {
			// Once cached, a column's key is not counted again: a key
			// string always lives in the table's common area, whatever its
			// count.
			ci := pc.cols[i]
			if ci < 0 {
				ci = b.ColumnIndex(pf.name)
				pc.cols[i] = ci
			}
			c, _ = b.Use(ci)
		}
		var err error
		switch pf.op {
		case encOpBool:
			c.AppendBool(r.bool(pf))
		case encOpInt8:
			c.AppendInt(int64(r.int8(pf)))
		case encOpInt16:
			c.AppendInt(int64(r.int16(pf)))
		case encOpInt32:
			c.AppendInt(int64(r.int32(pf)))
		case encOpInt64:
			c.AppendInt(r.int64(pf))
		case encOpUint8:
			c.AppendInt(int64(r.uint8(pf)))
		case encOpUint16:
			c.AppendInt(int64(r.uint16(pf)))
		case encOpUint32:
			c.AppendInt(int64(r.uint32(pf)))
		case encOpUint64:
			c.AppendUint(r.uint64(pf))
		case encOpFloat32:
			err = w.putFloat(c, false, float64(r.float32(pf)), 32)
		case encOpFloat64:
			err = w.putFloat(c, false, r.float64(pf), 64)
		case encOpString:
			b.CellString(c, r.string(pf))
		case encOpTime:
			err = w.putTimeAt(c, r.time(pf))
		case encOpTimePtr:
			if t := r.timePtr(pf); t == nil {
				c.AppendNull()
			} else if w.maxDepth <= 1 {
				err = w.tooDeep()
			} else {
				err = w.putTimeAt(c, t)
			}
		case encOpStrings:
			err = w.putStrings(c, false, r.strings(pf), 1)
		default:
			err = w.value(c, false, fv, pf.quoted, 1)
		}
		if err != nil {
			return w.cellError(err, pf.name)
		}
	}
	if fixed {
		b.RowShape = append(b.RowShape, pc.shape)
		b.Last = pc.shape
		b.Rows++
		return nil
	}
	b.EndRow()
	if p.fixed {
		pc.shape = b.Last
	}
	return nil
}

// putTimeAt writes the time at t as a column cell.
func (w *walker) putTimeAt(c *pagebuild.Column, t *time.Time) error {
	ts, err := format.TimestampOf(*t)
	if err != nil {
		return encodeError(ErrUnsupportedType, "time.Time cannot be written as JSON", err)
	}
	c.AppendTime(ts)
	return nil
}

// putStrings writes a []string at depth: null if nil, else a tagged array
// of strings; as a column cell unless nested.
func (w *walker) putStrings(c *pagebuild.Column, nested bool, ss []string, depth int) error {
	if ss == nil {
		w.putNull(c, nested)
		return nil
	}
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	c.OpenContainer(nested, format.TagArray, len(ss))
	for _, s := range ss {
		w.putString(c, true, s)
	}
	return nil
}
