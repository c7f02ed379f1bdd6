package rowpage

import (
	"errors"
	"math"
	"reflect"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// A decode plan says, for one page and one struct type, where each column
// of the page goes: the field that takes it, how to reach that field, and a
// setter specialised to the field's type. Decode builds one plan per struct
// type it meets, once per call, then writes cells straight into struct
// memory (through unsafe pointers, or reflect under the purego build tag;
// see structRef). A setter handles only the cells whose outcome it
// reproduces exactly (an int cell into an int field that holds it, a
// string cell into a string field, ...); every other case, and every type
// with methods or options that change decoding (Unmarshalers, `,string`,
// interfaces, maps, nested structs and arrays other than []string), goes to
// the generic reflect path of unmarshal.go, which follows encoding/json.

// setKind selects the setter of a column. The setters that write a field
// by pointer are named after the field's layout (see fieldKind), so that a
// layout the plan accepts converts to its setter.
type setKind uint8

const (
	setSkip    = setKind(kindOther) // no field takes the column
	setBool    = setKind(kindBool)
	setInt8    = setKind(kindInt8)
	setInt16   = setKind(kindInt16)
	setInt32   = setKind(kindInt32)
	setInt64   = setKind(kindInt64)
	setUint8   = setKind(kindUint8)
	setUint16  = setKind(kindUint16)
	setUint32  = setKind(kindUint32)
	setUint64  = setKind(kindUint64)
	setFloat32 = setKind(kindFloat32)
	setFloat64 = setKind(kindFloat64)
	setString  = setKind(kindString)
	setTime    = setKind(kindTime)    // time.Time, as time.Time.UnmarshalJSON reads the cell's text
	setStrings = setKind(kindStrings) // a slice of strings
	setPtr     = setKind(kindPtr)     // a pointer to one of the kinds setBool to setTime
	setGeneric = setPtr + 1           // the reflect path (decodeState.cell) on the field
	setViaPath = setPtr + 2           // a field behind an embedded pointer: allocate the path, then cell
	setStruct  = setPtr + 3           // a struct without decode methods: its own plan, by pointer
	setInt64s  = setPtr + 4           // a []int64
	setStructP = setPtr + 5           // a pointer to a struct without decode methods
	setMapAny  = setPtr + 6           // a map[string]any (mapAnyInto)
)

// colOp is how fastRows reads a column: straight from its cursor into the
// field when the column's encoding and the field's kind allow (the common
// cases), else through a pageread.Cell and setField.
type colOp uint8

const (
	opCell       colOp = iota // TakeCellOpen, then setField (or nothing for setSkip)
	opString                  // a string-ref column into a string field
	opSeqString               // a string-seq column into a string field
	opInt64                   // an integer column into an int64 (or int) field
	opInt32                   // an integer column into an int32 field
	opUint32                  // an integer column into a uint32 field
	opFloat64                 // a float column into a float64 field
	opIntFloat64              // an integral-float column into a float64 field
	opNumFloat64              // an int-or-float column into a float64 field
	opBool                    // a bool column into a bool field
	opTime                    // a time column into a time.Time field
	opStrings                 // an any column into a []string field
	opStruct                  // an any column into a struct or pointer-to-struct field (structCellInto)
	opStrList                 // a string-list column into a []string field
	opTimeText                // a text-time column into a string field
	opMapAny                  // an any column into a map[string]any field (mapAnyCellInto)
)

// colPlan is the plan of one column.
type colPlan struct {
	kind   setKind
	op     colOp
	elem   setKind // for setPtr: the pointee's kind
	slab   ptrSlab // for setPtr: where a nil pointer's pointee comes from
	quoted bool    // the field has the ,string option
	// fieldPath is where the field is; its offset is used for the kinds
	// that write by pointer, which are only planned when the path is direct.
	fieldPath
	typ  reflect.Type // the field's type
	etyp reflect.Type // for setPtr and setStructP: the pointee type; for setStruct: the field's
	// nested is the plan of etyp for setStruct and setStructP, found on
	// first use, in the plans of a call's own (a nested plan's); the
	// column plans that calls share (planColsEntry) leave it nil and
	// name a slot of decodeState.topNested instead.
	nested *nestedPlan
	// topSlot is, in a shared column plan of a setStruct or setStructP
	// field, one more than the slot of decodeState.topNested that caches
	// the call's plan of etyp; 0 elsewhere.
	topSlot uint8
}

// nestedPlan returns the plan of the struct a setStruct or setStructP field
// decodes into. A plan of the call's own caches it in cp.nested, the only
// write to a colPlan after planning; a shared one (topSlot set) in a slot
// of d, checked by type since two struct types' plans may use one slot.
// It inlines for the plans that cache it themselves; byColumns asks once
// per column.
func (cp *colPlan) nestedPlan(d *decodeState) *nestedPlan {
	if cp.nested != nil {
		return cp.nested
	}
	return cp.nestedPlanSlow(d)
}

// nestedPlanSlow is nestedPlan for a plan that has not cached it.
func (cp *colPlan) nestedPlanSlow(d *decodeState) *nestedPlan {
	if s := cp.topSlot; s != 0 {
		if p := d.topNested[s-1]; p != nil && p.sp.typ == cp.etyp {
			return p
		}
		p := d.nestedPlanFor(cp.etyp)
		d.topNested[s-1] = p
		return p
	}
	cp.nested = d.nestedPlanFor(cp.etyp)
	return cp.nested
}

// structPlan is the plan of a struct type for the current page.
type structPlan struct {
	typ  reflect.Type
	cols []colPlan // by column index
}

// planFor returns the plan of struct type t, building it on first use in
// this Decode call (see planCols). The first type's plan is held in d
// itself, so that a call decoding one struct type allocates no plan.
func (d *decodeState) planFor(t reflect.Type) *structPlan {
	if d.plan.typ == t {
		return &d.plan
	}
	if p, ok := d.plans[t]; ok {
		return p
	}
	cols := d.planCols(t)  // which may plan other types first
	if d.plan.typ == nil { // the first type, nearly always the only one: no map
		d.plan = structPlan{typ: t, cols: cols}
		return &d.plan
	}
	p := &structPlan{typ: t, cols: cols}
	if d.plans == nil {
		d.plans = make(map[reflect.Type]*structPlan)
	}
	d.plans[t] = p
	return p
}

// planField chooses the setter of field f.
func planField(f *field) colPlan {
	cp := colPlan{kind: setGeneric, fieldPath: f.fieldPath, typ: f.typ, quoted: f.quoted}
	switch {
	case !f.direct:
		// An embedded pointer on the path needs allocating per row, which
		// the reflect path does.
		cp.kind = setViaPath
	case f.quoted:
	case f.kind == kindPtr:
		if k := scalarKind(f.typ.Elem()); k != setGeneric {
			cp.kind, cp.elem, cp.etyp, cp.slab = setPtr, k, f.typ.Elem(), slabOf(f.typ.Elem())
		} else if et := f.typ.Elem(); et.Kind() == reflect.Struct && !hasDecodeMethods(f.typ) && !hasDecodeMethods(et) {
			cp.kind, cp.etyp = setStructP, et
		}
	case f.kind == kindStrings:
		if !hasDecodeMethods(f.typ) && scalarKind(f.typ.Elem()) == setString {
			cp.kind = setStrings
		}
	case f.typ == int64sType:
		cp.kind = setInt64s
	case f.typ == mapStringAnyType:
		cp.kind = setMapAny
	case f.typ.Kind() == reflect.Struct && f.typ != timeType && !hasDecodeMethods(f.typ):
		cp.kind, cp.etyp = setStruct, f.typ
	default:
		cp.kind = scalarKind(f.typ)
	}
	return cp
}

// opFor returns how fastRows reads a column of encoding enc into a field of
// kind k (for a pointer, the pointee's kind).
func opFor(enc uint8, k setKind) colOp {
	switch enc {
	case format.EncStrRef:
		if k == setString {
			return opString
		}
	case format.EncStrSeq:
		if k == setString {
			return opSeqString
		}
	case format.EncInt, format.EncIntDelta, format.EncIntFOR:
		switch k {
		case setInt64:
			return opInt64
		case setInt32:
			return opInt32
		case setUint32:
			return opUint32
		}
	case format.EncFloat:
		if k == setFloat64 {
			return opFloat64
		}
	case format.EncFloatInt: // integers within ±2^53: exact as float64 and int64
		switch k {
		case setFloat64:
			return opIntFloat64
		case setInt64:
			return opInt64
		}
	case format.EncIntFloat: // integers and floats: both decode into a float64 as JSON numbers do
		if k == setFloat64 {
			return opNumFloat64
		}
	case format.EncBool:
		if k == setBool {
			return opBool
		}
	case format.EncTime, format.EncTextTime:
		if k == setTime {
			return opTime
		}
		if enc == format.EncTextTime && k == setString {
			return opTimeText // as setScalar writes a text time into a string
		}
	case format.EncStrList:
		if k == setStrings {
			return opStrList
		}
	case format.EncAny:
		switch k {
		case setStrings:
			return opStrings
		case setStruct, setStructP:
			return opStruct
		case setMapAny:
			return opMapAny
		}
	}
	return opCell
}

// scalarKind returns the setter kind of a bool, number, string or time.Time
// type, or setGeneric for any other type, json.Number, and types with
// UnmarshalJSON or UnmarshalText (except time.Time, whose UnmarshalJSON
// jsonTime reproduces).
func scalarKind(t reflect.Type) setKind {
	if t == timeType {
		return setTime
	}
	if t == numberType || hasDecodeMethods(t) {
		return setGeneric
	}
	if k := kindOf(t); k >= kindBool && k <= kindString {
		return setKind(k)
	}
	return setGeneric
}

// hasDecodeMethods reports whether t or *t has UnmarshalJSON or
// UnmarshalText.
func hasDecodeMethods(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(unmarshalerType) || pt.Implements(unmarshalerType) ||
		t.Implements(textUnmarshalType) || pt.Implements(textUnmarshalType)
}

// structRow decodes one non-null row into the struct that row addresses.
func (d *decodeState) structRow(p *structPlan, row structRef, shape []uint32, cells []pageread.Cell) error {
	for _, c := range shape {
		cp := &p.cols[c]
		if cp.kind == setSkip {
			continue
		}
		d.col = int(c)
		if err := d.setField(p, cp, row, &cells[c]); err != nil {
			return err
		}
	}
	d.col = -1
	return nil
}

// fastRows decodes every row into the n elements of v, a slice or array of
// structs or pointers to structs that plan p describes, reading each
// column's cursor (in it, at the first row) once per present cell. The
// elements are zero on entry.
//
// When every row has the same shape and every field takes the column
// through a setter of its own (no reflect path with methods of the user's
// types), it decodes column by column: each column's loop has one cursor
// and one setter, which the processor predicts well, and columns no field
// takes are not read at all. Each row gets the same writes in the same
// order as row by row, so the result is the same; a cell that fails sends
// it back to row order from the start, to report the first failing cell
// in row order as the reflect path would.
func (d *decodeState) fastRows(v reflect.Value, n int, p *structPlan, ptr bool, it *rowIter) error {
	slots := newRowSlots(v, p.typ, ptr)
	if shape := d.singleShape(); shape != nil && p.direct(d.compat) {
		for i := range n {
			slots.row(i) // allocate pointer elements
		}
		if d.byColumns(&slots, n, p, it.cur, shape) == nil {
			return nil
		}
		if v.Kind() == reflect.Array {
			v.SetZero()
		} else {
			v.Clear()
		}
		it.init(d.l, &d.cur)
		clear(d.blocks) // blockMem stays zeroed for the next take
		d.blocks = nil
	}
	it.needCells()
	for i := range n {
		d.row = i
		id := it.sr.Next()
		if id == 0 {
			continue // a null row leaves the element zero (nil for pointers), as encoding/json does
		}
		row := slots.row(i)
		for _, c := range d.l.Shape(id) {
			// Each column's own cell, which an open cell needs (cellInto).
			if err := d.cellInto(p, &p.cols[c], &it.cur[c], row, int(c), &it.cells[c]); err != nil {
				return err
			}
		}
	}
	d.col = -1
	return nil
}

// singleShape returns the shape of every row when the page has one shape
// and no null rows, else nil.
func (d *decodeState) singleShape() []uint32 {
	l := d.l
	if l.Rows == 0 || l.NumShapes() != 1 {
		return nil
	}
	shape := l.Shape(1)
	if len(shape) == 0 || l.Columns[shape[0]].Count != l.Rows {
		return nil // null rows (shape id 0) as well
	}
	return shape
}

// direct reports whether every column goes to a field through a setter
// of its own, or nowhere, so that fastRows may decode column by column.
func (p *structPlan) direct(compat bool) bool {
	for i := range p.cols {
		// setMapAny keeps row order under compat: in JSON-compatible
		// decoding, the values it makes note the first number float64
		// cannot hold (decodeState.late), which must be the first in row
		// order. Otherwise its values note nothing, and a failing member
		// sends byColumns back to row order like any failing cell.
		if k := p.cols[i].kind; k == setGeneric || k == setViaPath || k == setMapAny && compat {
			return false
		}
	}
	return true
}

// errStartOver stops byColumns at a cell that needs the reflect path's
// error; fastRows starts over row by row, which reports it.
var errStartOver = errors.New("rowpage: start over row by row")

// byColumns decodes the n rows, which all have shape, column by column into
// the structs slots addresses (allocated already). On a failing cell it
// returns the error without finishing; the caller starts over.
func (d *decodeState) byColumns(slots *rowSlots, n int, p *structPlan, cur []pageread.Cursor, shape []uint32) error {
	var cell pageread.Cell
	for _, c := range shape {
		cp, k := &p.cols[c], &cur[c]
		if cp.kind == setSkip {
			continue // its cursor is never read again
		}
		d.col = int(c)
		fs := slots.column(&cp.fieldPath, n)
		op := cp.op
		// A column without nulls skips TakeNull's tests (some nine
		// instructions a cell) for one of a bool that stays in a register.
		nulls := k.MayBeNull()
		if cp.kind == setPtr {
			op = opCell // the loop below handles pointers
		}
		switch op {
		case opString:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setString(d.str(k.TakeStr()))
				}
			}
		case opSeqString:
			if !nulls && !d.compat {
				d.seqStrColumn(&fs, n, int(c), k)
				break
			}
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setString(d.seqStr(int(c), k.TakeStr()))
				}
			}
		case opInt64:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setInt64(k.TakeInt())
				}
			}
		case opFloat64:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setFloat64(k.TakeFloat64())
				}
			}
		case opIntFloat64:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setFloat64(float64(k.TakeInt()))
				}
			}
		case opNumFloat64:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setFloat64(k.TakeIntFloat64())
				}
			}
		case opInt32:
			for i := range n {
				if !nulls || !k.TakeNull() {
					v := k.TakeInt()
					if int64(int32(v)) != v {
						return errStartOver
					}
					fs.at(i).setInt32(int32(v))
				}
			}
		case opUint32:
			for i := range n {
				if !nulls || !k.TakeNull() {
					v := k.TakeInt()
					if uint64(v) > 0xFFFFFFFF {
						return errStartOver
					}
					fs.at(i).setUint32(uint32(v))
				}
			}
		case opBool:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setBool(k.TakeBool())
				}
			}
		case opTime:
			for i := range n {
				if !nulls || !k.TakeNull() {
					fs.at(i).setTime(jsonTime(k.TakeTime()))
				}
			}
		case opTimeText:
			d.timeTextColumn(slots, n, cp, k)
		case opStrList:
			for i := range n {
				f := fs.at(i)
				if nulls && k.TakeNull() {
					f.setStrings(nil) // as setStrings sets a null
					continue
				}
				cnt, b := k.StrListHead()
				k.Advance(d.fillFlatStrings(f, b, cnt))
			}
		case opStrings:
			for i := range n {
				f := fs.at(i)
				if b := k.AnyBytes(); b[0] == format.TagArray {
					cnt, m := int(b[1]), 1 // a count below 128 without a call
					if cnt >= 0x80 {
						cnt, m = countSlow(b[1:])
					}
					if used, ok := d.fillStrings(f, b[1+m:], int(cnt)); ok {
						k.Advance(1 + m + used)
						continue
					}
				}
				k.Advance(pageread.ReadValue(k.AnyBytes(), &cell))
				d.row = i
				if err := d.setField(p, cp, slots.at(i), &cell); err != nil {
					return err
				}
			}
		case opStruct:
			// cellInto for each row, with the nested plan found once.
			np := cp.nestedPlan(d)
			for i := range n {
				d.row = i
				if k.TakeNull() { // (an any column, setStructP's, has no null bitmap)
					if cp.kind == setStructP {
						fs.at(i).setNilPtr()
					}
					continue
				}
				if err := d.structCellInto(p, cp, np, k, slots.at(i), int(c), &cell); err != nil {
					return err
				}
			}
		default:
			for i := range n {
				d.row = i
				if err := d.cellInto(p, cp, k, slots.at(i), int(c), &cell); err != nil {
					return err
				}
			}
		}
	}
	d.col = -1
	return nil
}

// cellInto reads the next cell of column c from its cursor k into the field
// of row that cp describes, straight from the cursor when cp.op allows.
// An array or object cell of an any column is read open (TakeCellOpen):
// the decoder that walks its elements closes it, and the cursor then moves
// past it without walking it again. Pass the same cell for every row of
// the column.
func (d *decodeState) cellInto(p *structPlan, cp *colPlan, k *pageread.Cursor, row structRef, c int, cell *pageread.Cell) error {
	if cp.op == opCell {
		takeCell(k, cell)
		if cp.kind == setSkip {
			return nil
		}
	} else if k.TakeNull() {
		switch cp.kind {
		case setPtr, setStructP: // (an any column, setStructP's, has no null bitmap)
			row.field(&cp.fieldPath).setNilPtr()
		case setStrings: // (as setStrings sets a null)
			row.field(&cp.fieldPath).setStrings(nil)
		}
		return nil // a null leaves the other kinds unchanged
	} else if cp.op == opStruct {
		return d.structCellInto(p, cp, cp.nestedPlan(d), k, row, c, cell)
	} else if cp.op == opMapAny {
		return d.mapAnyCellInto(p, cp, k, row, c, cell)
	} else {
		f := row.field(&cp.fieldPath)
		if cp.kind == setPtr {
			f = d.pointee(cp, f) // allocated first, as in setField
		}
		if d.takeInto(cp, k, f, c, cell) {
			return nil
		}
	}
	d.col = c
	return d.setField(p, cp, row, cell)
}

// takeInto reads the next value of column col, not null, from its cursor k
// straight into field f, as cp.op says. It reports false, with the value
// read into cell for setField, when the value does not fit the field.
func (d *decodeState) takeInto(cp *colPlan, k *pageread.Cursor, f fieldRef, col int, cell *pageread.Cell) bool {
	switch cp.op {
	case opString:
		f.setString(d.str(k.TakeStr()))
	case opSeqString:
		f.setString(d.seqStr(col, k.TakeStr()))
	case opInt64:
		f.setInt64(k.TakeInt())
	case opInt32:
		v := k.TakeInt()
		if int64(int32(v)) != v {
			*cell = pageread.Cell{Tag: format.TagInt, Int: v}
			return false
		}
		f.setInt32(int32(v))
	case opUint32:
		v := k.TakeInt()
		if uint64(v) > 0xFFFFFFFF {
			*cell = pageread.Cell{Tag: format.TagInt, Int: v}
			return false
		}
		f.setUint32(uint32(v))
	case opFloat64:
		f.setFloat64(k.TakeFloat64())
	case opIntFloat64:
		f.setFloat64(float64(k.TakeInt()))
	case opNumFloat64:
		f.setFloat64(k.TakeIntFloat64())
	case opBool:
		f.setBool(k.TakeBool())
	case opTime:
		f.setTime(jsonTime(k.TakeTime()))
	case opTimeText:
		f.setString(d.timeText(k.TakeTime()))
	case opStrList:
		cnt, b := k.StrListHead()
		k.Advance(d.fillFlatStrings(f, b, cnt))
	case opStrings:
		b := k.AnyBytes()
		if b[0] == format.TagArray {
			cnt, m := int(b[1]), 1 // a count below 128 without a call
			if cnt >= 0x80 {
				cnt, m = countSlow(b[1:])
			}
			if n, ok := d.fillStrings(f, b[1+m:], int(cnt)); ok {
				k.Advance(1 + m + n)
				return true
			}
		}
		k.Advance(pageread.ReadValue(b, cell))
		return false
	}
	return true
}

// setField writes cell c into the field of row that cp describes.
func (d *decodeState) setField(p *structPlan, cp *colPlan, row structRef, c *pageread.Cell) error {
	switch cp.kind {
	case setGeneric:
	case setViaPath:
		fv, err := fieldByIndexAlloc(row.value(p.typ), cp.index)
		if err != nil {
			return d.fail(err.Error())
		}
		return d.cell(fv, c, cp.quoted)
	case setPtr:
		f := row.field(&cp.fieldPath)
		if c.Tag == format.TagNull {
			f.setNilPtr()
			return nil
		}
		// json.Unmarshal allocates the pointee before it looks at the
		// value, so a cell the setter leaves to the reflect path finds it
		// allocated either way.
		if d.setScalar(cp.elem, d.pointee(cp, f), c) {
			return nil
		}
	case setStrings:
		if d.setStrings(row.field(&cp.fieldPath), c) {
			return nil
		}
	case setInt64s:
		if d.setInt64s(row.field(&cp.fieldPath), c) {
			return nil
		}
	case setMapAny:
		if p := row.field(&cp.fieldPath).mapAny(); p != nil {
			if ok, err := d.mapAnyInto(p, c); ok {
				return err
			}
		}
	case setStructP:
		switch c.Tag {
		case format.TagNull:
			row.field(&cp.fieldPath).setNilPtr()
			return nil
		case format.TagObject: // into the struct pointed to, allocated if nil, as in encoding/json
			return d.structInto(cp.nestedPlan(d), row.field(&cp.fieldPath).elem(cp.etyp).asStruct(), c)
		}
	case setStruct:
		switch c.Tag {
		case format.TagNull: // leaves the struct as it is, as in encoding/json
			return nil
		case format.TagObject:
			return d.structInto(cp.nestedPlan(d), row.field(&cp.fieldPath).asStruct(), c)
		}
	default:
		if d.setScalar(cp.kind, row.field(&cp.fieldPath), c) {
			return nil
		}
	}
	return d.cell(row.field(&cp.fieldPath).value(cp.typ), c, cp.quoted)
}

// setScalar writes c into f, a field of kind k (setBool to setTime), when
// the kind has a direct rule for c's tag, and reports whether it did. A null
// leaves a non-pointer scalar (and a time.Time) unchanged, as in
// encoding/json. Integers that overflow the field, floats into float32
// that would round twice, and all other tags report false.
func (d *decodeState) setScalar(k setKind, f fieldRef, c *pageread.Cell) bool {
	if c.Tag == format.TagNull {
		return true
	}
	switch k {
	case setBool:
		if c.Tag == format.TagTrue || c.Tag == format.TagFalse {
			f.setBool(c.Tag == format.TagTrue)
			return true
		}
	case setInt8:
		if c.Tag == format.TagInt && int64(int8(c.Int)) == c.Int {
			f.setInt8(int8(c.Int))
			return true
		}
	case setInt16:
		if c.Tag == format.TagInt && int64(int16(c.Int)) == c.Int {
			f.setInt16(int16(c.Int))
			return true
		}
	case setInt32:
		if c.Tag == format.TagInt && int64(int32(c.Int)) == c.Int {
			f.setInt32(int32(c.Int))
			return true
		}
	case setInt64:
		if c.Tag == format.TagInt {
			f.setInt64(c.Int)
			return true
		}
	case setUint8, setUint16, setUint32, setUint64:
		return setUintCell(k, f, c)
	case setFloat32:
		switch {
		case c.Tag == format.TagFloat && !c.Float.Raw:
			// Float32 rounds the decimal once, as strconv.ParseFloat of its
			// JSON text with bitSize 32 does (a raw binary64 would round
			// twice); an overflow to infinity is an error there.
			if v := c.Float.Float32(); !math.IsInf(float64(v), 0) {
				f.setFloat32(v)
				return true
			}
		case c.Tag == format.TagInt && c.Int >= -1<<24 && c.Int <= 1<<24:
			f.setFloat32(float32(c.Int)) // exact
			return true
		}
	case setFloat64:
		switch c.Tag {
		case format.TagFloat:
			f.setFloat64(c.Float.Float64())
			return true
		case format.TagInt:
			f.setFloat64(float64(c.Int)) // correctly rounded, as strconv.ParseFloat
			return true
		}
	case setString:
		if c.Tag == format.TagString {
			f.setString(d.colStr(c.Str))
			return true
		}
		if isTextTime(c.Tag) {
			f.setString(d.timeText(c.Time))
			return true
		}
	case setTime:
		if c.Tag == format.TagTime || isTextTime(c.Tag) {
			f.setTime(jsonTime(c.Time))
			return true
		}
	}
	return false
}

// setUintCell is setScalar for the unsigned kinds.
func setUintCell(k setKind, f fieldRef, c *pageread.Cell) bool {
	var u uint64
	switch {
	case c.Tag == format.TagInt && c.Int >= 0:
		u = uint64(c.Int)
	case c.Tag == format.TagUint:
		u = c.Uint
	default:
		return false
	}
	switch k {
	case setUint8:
		if u > 0xFF {
			return false
		}
		f.setUint8(uint8(u))
	case setUint16:
		if u > 0xFFFF {
			return false
		}
		f.setUint16(uint16(u))
	case setUint32:
		if u > 0xFFFFFFFF {
			return false
		}
		f.setUint32(uint32(u))
	default:
		f.setUint64(u)
	}
	return true
}
