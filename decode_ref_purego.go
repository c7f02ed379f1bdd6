//go:build purego

package rowpage

import (
	"reflect"
	"time"
)

// The safe twin of decode_ref_unsafe.go: the same plans, with every field
// reached and written through reflect.

// structRef addresses a struct being decoded.
type structRef struct{ v reflect.Value }

// structOf addresses v, an addressable struct.
func structOf(v reflect.Value) structRef { return structRef{v} }

// field addresses the field cp describes; its path has no pointers.
func (r structRef) field(cp *colPlan) fieldRef { return fieldRef{r.v.FieldByIndex(cp.index)} }

// value returns the struct as an addressable reflect.Value.
func (r structRef) value(reflect.Type) reflect.Value { return r.v }

// fieldRef addresses a field being decoded.
type fieldRef struct{ v reflect.Value }

// refOf addresses v, an addressable value (an element of a slice).
func refOf(v reflect.Value) fieldRef { return fieldRef{v} }

// value returns the field as an addressable reflect.Value.
func (f fieldRef) value(reflect.Type) reflect.Value { return f.v }

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

var (
	decStringsType = reflect.TypeFor[[]string]()
	decStringType  = reflect.TypeFor[string]()
)

// strings returns the field, a slice of strings, when its elements are of
// type string; for a named element type it returns nil, and setStrings
// copies into the field's own array.
func (f fieldRef) strings() []string {
	if f.v.Type().Elem() != decStringType {
		return nil
	}
	return f.v.Convert(decStringsType).Interface().([]string)
}

// setStrings sets the field, a slice of strings, to v (or, for a named
// element type, to a copy of v in the field's array when it has room).
func (f fieldRef) setStrings(v []string) {
	t := f.v.Type()
	if t.Elem() == decStringType {
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
