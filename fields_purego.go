//go:build purego

package rowpage

import (
	"reflect"
	"time"
)

// The safe twin of the pointer field access: the same plans, with every
// field reached, read and written through reflect. A struct being read
// need not be addressable; a time.Time or []string is read through its
// address when it is, so that neither is copied to the heap.

// structRef addresses a struct being read or written.
type structRef struct{ v reflect.Value }

// structOf addresses v, an addressable struct.
func structOf(v reflect.Value) structRef { return structRef{v} }

// structRefOf addresses the struct rv for reading.
func structRefOf(rv reflect.Value) (structRef, bool) { return structRef{rv}, true }

// field addresses the field at p, whose path is direct.
func (r structRef) field(p *fieldPath) fieldRef {
	if len(p.index) == 1 {
		return fieldRef{r.v.Field(p.index[0])}
	}
	return fieldRef{r.v.FieldByIndex(p.index)}
}

// value returns the struct as an addressable reflect.Value.
func (r structRef) value(reflect.Type) reflect.Value { return r.v }

// fieldRef addresses a field being read or written.
type fieldRef struct{ v reflect.Value }

// refOf addresses v, an addressable value (an element of a slice).
func refOf(v reflect.Value) fieldRef { return fieldRef{v} }

// value returns the field as an addressable reflect.Value.
func (f fieldRef) value(reflect.Type) reflect.Value { return f.v }

func (f fieldRef) bool() bool       { return f.v.Bool() }
func (f fieldRef) int8() int8       { return int8(f.v.Int()) }
func (f fieldRef) int16() int16     { return int16(f.v.Int()) }
func (f fieldRef) int32() int32     { return int32(f.v.Int()) }
func (f fieldRef) int64() int64     { return f.v.Int() }
func (f fieldRef) uint8() uint8     { return uint8(f.v.Uint()) }
func (f fieldRef) uint16() uint16   { return uint16(f.v.Uint()) }
func (f fieldRef) uint32() uint32   { return uint32(f.v.Uint()) }
func (f fieldRef) uint64() uint64   { return f.v.Uint() }
func (f fieldRef) float32() float32 { return float32(f.v.Float()) }
func (f fieldRef) float64() float64 { return f.v.Float() }
func (f fieldRef) string() string   { return f.v.String() }

func (f fieldRef) time() *time.Time {
	if f.v.CanAddr() {
		return f.v.Addr().Interface().(*time.Time)
	}
	t := f.v.Interface().(time.Time)
	return &t
}

func (f fieldRef) timePtr() *time.Time { return f.v.Interface().(*time.Time) }

var stringsType = reflect.TypeFor[[]string]()

// readStrings returns the field, a slice of strings, for reading: a copy
// when its type is not []string and it cannot be reached by address.
func (f fieldRef) readStrings() []string {
	fv := f.v
	if fv.CanAddr() && fv.Type() == stringsType {
		return *fv.Addr().Interface().(*[]string)
	}
	if fv.IsNil() {
		return nil
	}
	ss := make([]string, fv.Len())
	for i := range ss {
		ss[i] = fv.Index(i).String()
	}
	return ss
}

func (f fieldRef) setBool(v bool)       { f.v.SetBool(v) }
func (f fieldRef) setInt8(v int8)       { f.v.SetInt(int64(v)) }
func (f fieldRef) setInt16(v int16)     { f.v.SetInt(int64(v)) }
func (f fieldRef) setInt32(v int32)     { f.v.SetInt(int64(v)) }
func (f fieldRef) setInt64(v int64)     { f.v.SetInt(v) }
func (f fieldRef) setUint8(v uint8)     { f.v.SetUint(uint64(v)) }
func (f fieldRef) setUint16(v uint16)   { f.v.SetUint(uint64(v)) }
func (f fieldRef) setUint32(v uint32)   { f.v.SetUint(uint64(v)) }
func (f fieldRef) setUint64(v uint64)   { f.v.SetUint(v) }
func (f fieldRef) setFloat32(v float32) { f.v.SetFloat(float64(v)) }
func (f fieldRef) setFloat64(v float64) { f.v.SetFloat(v) }
func (f fieldRef) setString(v string)   { f.v.SetString(v) }
func (f fieldRef) setTime(v time.Time)  { *f.v.Addr().Interface().(*time.Time) = v }

// strings returns the field, a slice of strings, when its elements are of
// type string; for a named element type it returns nil, and setStrings
// copies into the field's own array.
func (f fieldRef) strings() []string {
	if f.v.Type().Elem() != stringType {
		return nil
	}
	return f.v.Convert(stringsType).Interface().([]string)
}

// setStrings sets the field, a slice of strings, to v (or, for a named
// element type, to a copy of v in the field's array when it has room).
// int64s returns the field, a []int64, by address.
func (f fieldRef) int64s() *[]int64 { return f.v.Addr().Interface().(*[]int64) }

// mapAny returns the field, a map[string]any, by address, or nil when
// reflect does not let it be taken (a field reached through an unexported
// embedded struct), which leaves the field to the reflect path.
func (f fieldRef) mapAny() *map[string]any {
	if a := f.v.Addr(); a.CanInterface() {
		return a.Interface().(*map[string]any)
	}
	return nil
}

// readMapAny returns the field, a map[string]any, for reading, or false
// when reflect does not let it be read (a field reached through an
// unexported embedded struct), which leaves the field to the reflect path.
func (f fieldRef) readMapAny() (m map[string]any, ok bool) {
	if !f.v.CanInterface() {
		return nil, false
	}
	return f.v.Interface().(map[string]any), true
}

// asStruct addresses the field, a struct, as a struct of its own.
func (f fieldRef) asStruct() structRef { return structRef{f.v} }

func (f fieldRef) setStrings(v []string) {
	t := f.v.Type()
	if t.Elem() == stringType {
		f.v.Set(reflect.ValueOf(v).Convert(t))
		return
	}
	if v == nil {
		f.v.SetZero()
		return
	}
	s := f.v
	if s.IsNil() || s.Cap() < len(v) {
		s = reflect.MakeSlice(t, len(v), len(v))
	} else {
		s = s.Slice(0, len(v))
	}
	for i, x := range v {
		s.Index(i).SetString(x)
	}
	f.v.Set(s)
}

// setNilPtr sets the field, a pointer, to nil.
func (f fieldRef) setNilPtr() { f.v.SetZero() }

// elem returns the pointee of the field, a pointer to t, allocating it when
// the pointer is nil.
func (f fieldRef) elem(t reflect.Type) fieldRef {
	if f.v.IsNil() {
		f.v.Set(reflect.New(t))
	}
	return fieldRef{f.v.Elem()}
}

// isNil reports whether the field, a pointer, is nil.
func (f fieldRef) isNil() bool { return f.v.IsNil() }

// setStringPtr sets the field, a pointer to string (the type itself), to p.
func (f fieldRef) setStringPtr(p *string) { f.v.Set(reflect.ValueOf(p)) }

// setTimePtr sets the field, a *time.Time, to p.
func (f fieldRef) setTimePtr(p *time.Time) { f.v.Set(reflect.ValueOf(p)) }

// structRows reads the elements of a slice or array of structs.
type structRows struct{ v reflect.Value }

// structRowsOf returns a reader for the elements of rv.
func structRowsOf(rv reflect.Value) (structRows, bool) { return structRows{rv}, true }

// at returns element i.
func (rs structRows) at(i int) structRef { return structRef{rs.v.Index(i)} }

// rowSlots addresses the elements that rows decode into.
type rowSlots struct {
	v   reflect.Value
	typ reflect.Type // the struct type
	ptr bool         // the elements are pointers to typ
}

// newRowSlots addresses the elements of v, an addressable slice or array
// of typ or of pointers to typ.
func newRowSlots(v reflect.Value, typ reflect.Type, ptr bool) rowSlots {
	return rowSlots{v: v, typ: typ, ptr: ptr}
}

// row returns the struct of element i, allocating it when the elements are
// pointers.
func (s *rowSlots) row(i int) structRef {
	e := s.v.Index(i)
	if s.ptr {
		e.Set(reflect.New(s.typ))
		e = e.Elem()
	}
	return structRef{e}
}

// at returns the struct of element i, allocated already.
func (s *rowSlots) at(i int) structRef {
	e := s.v.Index(i)
	if s.ptr {
		e = e.Elem()
	}
	return structRef{e}
}
