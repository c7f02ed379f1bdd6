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
// A field is read by pointer at its offset (see structRef), or through
// reflect when built with the purego tag.

// encField is one field of an encPlan.
type encField struct {
	*field // name, where it is, omit rules, quoted
	// op is how the plan reads and writes the field: a layout it reads by
	// pointer at offset (kindPtr only for *time.Time), or kindOther for the
	// generic walker, from a reflect.Value.
	op    fieldKind
	omits bool // omitempty or omitzero: test with field.omit first
	// nest is, for a field of op kindOther, whether it is a
	// map[string]any or a struct written by its kind alone, which
	// planNested reads by pointer instead of through reflect.
	nest nestKind
	// fieldPath is field.fieldPath, copied here for the per-row loops.
	fieldPath
}

// nestKind is encField.nest.
type nestKind uint8

const (
	nestNone   nestKind = iota // value writes the field
	nestMapAny                 // a map[string]any: anyMap, or null if nil
	nestStruct                 // a struct whose type and pointer have no MarshalJSON or MarshalText method
)

var mapAnyType = reflect.TypeFor[map[string]any]()

// nestOf returns encField.nest for f, whose op is kindOther.
func nestOf(f *field) nestKind {
	switch {
	case !f.direct || f.quoted:
		return nestNone
	case f.typ == mapAnyType:
		return nestMapAny
	case f.typ.Kind() == reflect.Struct && f.typ != timeType && encPlain(f.typ):
		return nestStruct
	}
	return nestNone
}

// in addresses the field in the struct r; the op must not be kindOther.
func (pf *encField) in(r structRef) fieldRef { return r.field(&pf.fieldPath) }

// encPlan is the plan of one struct type. It is immutable once built
// and safe for concurrent use; get one from encPlanOf.
type encPlan struct {
	fields []encField
	plain  bool // every field has an op other than kindOther, and none omits
	// byPointer: every field has an op that planObject reads by pointer
	// (a scalar, a string or a time.Time), so that planObject never asks
	// for the struct's reflect.Value.
	byPointer bool
	fixed     bool  // no field is ever left out: no omit options, no embedded pointers
	scalars   []int // fields whose op is scalar (see fixedRows), in order
	others    []int // the other fields, in order
	// textOnly: every field of others is a string or a []string written
	// by the plan (kindString, kindStrings), so that fixedRows' row pass
	// is textRow.
	textOnly bool
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
	p := &encPlan{fields: make([]encField, len(sf.list)), plain: true, fixed: true, byPointer: true, textOnly: true}
	for i := range sf.list {
		f := &sf.list[i]
		pf := encField{field: f, omits: f.omitEmpty || f.omitZero, fieldPath: f.fieldPath}
		if f.direct && !f.quoted {
			pf.op = encOpFor(f)
		}
		if pf.op == kindOther {
			pf.nest = nestOf(f)
		}
		p.plain = p.plain && pf.op != kindOther && !pf.omits
		p.byPointer = p.byPointer && pf.op != kindOther && pf.op != kindPtr && pf.op != kindStrings
		p.fixed = p.fixed && f.direct && !pf.omits
		p.fields[i] = pf
		if encScalar(pf.op) {
			p.scalars = append(p.scalars, i)
		} else {
			p.others = append(p.others, i)
			p.textOnly = p.textOnly && (pf.op == kindString || pf.op == kindStrings)
		}
	}
	return p
}

// encPlain reports whether encoding/json writes values of type t by their kind
// alone: neither t nor *t has a MarshalJSON or MarshalText method.
func encPlain(t reflect.Type) bool {
	ti := infoOf(t)
	return !ti.marshaler && !ti.addrMarsh && !ti.text && !ti.addrText && !ti.isNumber
}

// encOpFor returns the op for field f, whose path is direct: its layout
// when encoding/json writes it by kind alone (or it is time.Time or
// *time.Time, which the plan writes as MarshalJSON does), else kindOther.
func encOpFor(f *field) fieldKind {
	switch k := f.kind; {
	case f.typ == timeType:
		return kindTime
	case k == kindPtr && f.typ == timePtrType:
		return kindPtr
	case !encPlain(f.typ), k == kindPtr:
		return kindOther
	case k == kindStrings && !encPlain(f.typ.Elem()):
		return kindOther
	default:
		return k
	}
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
	rows, direct := structRowsOf(rv)
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
func (w *walker) planRow(pc *encCols, rv reflect.Value, r structRef) error {
	b := w.b
	p := pc.plan
	fixed := pc.shape != 0
	if !fixed {
		b.BeginRow()
	}
	for i := range p.fields {
		pf := &p.fields[i]
		var fv reflect.Value
		if !p.plain && (pf.op == kindOther && pf.nest == nestNone || pf.omits) {
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
		case kindBool:
			c.AppendBool(pf.in(r).bool())
		case kindInt8:
			c.AppendInt(int64(pf.in(r).int8()))
		case kindInt16:
			c.AppendInt(int64(pf.in(r).int16()))
		case kindInt32:
			c.AppendInt(int64(pf.in(r).int32()))
		case kindInt64:
			c.AppendInt(pf.in(r).int64())
		case kindUint8:
			c.AppendInt(int64(pf.in(r).uint8()))
		case kindUint16:
			c.AppendInt(int64(pf.in(r).uint16()))
		case kindUint32:
			c.AppendInt(int64(pf.in(r).uint32()))
		case kindUint64:
			c.AppendUint(pf.in(r).uint64())
		case kindFloat32:
			err = w.putFloat(c, false, float64(pf.in(r).float32()), 32)
		case kindFloat64:
			err = w.putFloat(c, false, pf.in(r).float64(), 64)
		case kindString:
			b.CellString(c, pf.in(r).string())
		case kindTime:
			err = w.putTimeAt(c, pf.in(r).time())
		case kindPtr:
			if t := pf.in(r).timePtr(); t == nil {
				c.AppendNull()
			} else if w.maxDepth <= 1 {
				err = w.tooDeep()
			} else {
				err = w.putTimeAt(c, t)
			}
		case kindStrings:
			err = w.putStrings(c, false, pf.in(r).readStrings(), 1)
		default:
			done := false
			if pf.nest != nestNone {
				done, err = w.planNested(c, pf, r)
			}
			if !done {
				if !fv.IsValid() {
					fv, _ = fieldByIndex(rv, pf.index)
				}
				err = w.value(c, false, fv, pf.quoted, 1)
			}
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

// putTimeAt writes the time at t as a column cell. Its zone offset comes
// from w.zone while t is in the zone and zone span of the time before it,
// as a column's times mostly are: time.Time.Zone costs some 50
// instructions, the memo's check a few.
func (w *walker) putTimeAt(c *pagebuild.Column, t *time.Time) error {
	ts, err := w.zone.TimestampOf(*t)
	if err != nil {
		return encodeError(ErrUnsupportedType, "time.Time cannot be written as JSON", err)
	}
	c.AppendTime(ts)
	return nil
}

// planNested writes field pf of the struct at r, one of pf.nest, as a
// column cell, reading it by pointer: a map[string]any by anyMap (null if
// nil), a struct every field of which is written and read by pointer
// (allFields, byPointer) by planObject. Both write what value writes
// for the field (TestPlanNestedMatchesValue), without the reflect.Values
// of the row and the field (fieldByIndex), value's questions about the
// field's type, and reflect's Addr of the struct: about 300 instructions
// a nested struct such as an event's actor. It reports false, and writes
// nothing, for a field that value must write.
func (w *walker) planNested(c *pagebuild.Column, pf *encField, r structRef) (bool, error) {
	f := pf.in(r)
	if pf.nest == nestMapAny {
		m, ok := f.readMapAny()
		switch {
		case !ok:
			return false, nil
		case m == nil:
			c.AppendNull()
			return true, nil
		case w.maxDepth <= 1:
			return true, w.tooDeep()
		}
		return true, w.anyMap(c, false, m, 1)
	}
	ts := w.structSlot(pf.typ)
	if !ts.allFields || !w.objectPlan(ts).byPointer {
		return false, nil
	}
	if w.maxDepth <= 1 {
		return true, w.tooDeep()
	}
	c.OpenContainer(false, format.TagObject, len(ts.sf.list))
	return true, w.planObject(c, ts, reflect.Value{}, f.asStruct(), 1)
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
	// Each element as nestedString writes it, without a call an element
	// (a string list of BaaS tags or permissions costs about 20
	// instructions less an element).
	in := &w.b.In
	ids := 0 // elements written as string ids
	for _, s := range ss {
		if pagebuild.MayBeTextTime(s) && pagebuild.NestedTextTime(c, s) {
			continue
		}
		c.Tagged = pagebuild.AppendTaggedStr(c.Tagged, in.Intern(s))
		ids++
	}
	if !nested && ids == len(ss) {
		c.StrLists++
	}
	return nil
}
