//go:build !purego

package rowpage

import (
	"reflect"
	"time"
	"unsafe"
)

// The unsafe twin of decode_ref_purego.go: decode plans address structs and
// fields by pointer and write them with plain stores (which carry the GC's
// write barriers like any pointer store). Only kinds whose memory layout
// the plan knows exactly (set in planField) are written this way.

// structRef addresses a struct being decoded.
type structRef struct{ p unsafe.Pointer }

// structOf addresses v, an addressable struct.
func structOf(v reflect.Value) structRef { return structRef{v.Addr().UnsafePointer()} }

// field addresses the field cp describes; its path has no pointers.
func (r structRef) field(cp *colPlan) fieldRef { return fieldRef{unsafe.Add(r.p, cp.offset)} }

// value returns the struct as an addressable reflect.Value of type t.
func (r structRef) value(t reflect.Type) reflect.Value { return reflect.NewAt(t, r.p).Elem() }

// fieldRef addresses a field being decoded.
type fieldRef struct{ p unsafe.Pointer }

// refOf addresses v, an addressable value (an element of a slice).
func refOf(v reflect.Value) fieldRef { return fieldRef{v.Addr().UnsafePointer()} }

// value returns the field as an addressable reflect.Value of type t.
func (f fieldRef) value(t reflect.Type) reflect.Value { return reflect.NewAt(t, f.p).Elem() }

func (f fieldRef) setBool(v bool)       { *(*bool)(f.p) = v }
func (f fieldRef) setInt8(v int8)       { *(*int8)(f.p) = v }
func (f fieldRef) setInt16(v int16)     { *(*int16)(f.p) = v }
func (f fieldRef) setInt32(v int32)     { *(*int32)(f.p) = v }
func (f fieldRef) setInt64(v int64)     { *(*int64)(f.p) = v }
func (f fieldRef) setUint8(v uint8)     { *(*uint8)(f.p) = v }
func (f fieldRef) setUint16(v uint16)   { *(*uint16)(f.p) = v }
func (f fieldRef) setUint32(v uint32)   { *(*uint32)(f.p) = v }
func (f fieldRef) setUint64(v uint64)   { *(*uint64)(f.p) = v }
func (f fieldRef) setFloat32(v float32) { *(*float32)(f.p) = v }
func (f fieldRef) setFloat64(v float64) { *(*float64)(f.p) = v }
func (f fieldRef) setString(v string)   { *(*string)(f.p) = v }
func (f fieldRef) setTime(v time.Time)  { *(*time.Time)(f.p) = v }

// strings returns the field, a slice of strings (perhaps of a named type).
func (f fieldRef) strings() []string { return *(*[]string)(f.p) }

// setStrings sets the field, a slice of strings.
func (f fieldRef) setStrings(v []string) { *(*[]string)(f.p) = v }

// setNilPtr sets the field, a pointer, to nil.
func (f fieldRef) setNilPtr() { *(*unsafe.Pointer)(f.p) = nil }

// elem returns the pointee of the field, a pointer to t, allocating it when
// the pointer is nil.
func (f fieldRef) elem(t reflect.Type) fieldRef {
	pp := (*unsafe.Pointer)(f.p)
	if *pp == nil {
		*pp = reflect.New(t).UnsafePointer()
	}
	return fieldRef{*pp}
}

// rowSlots addresses the elements that rows decode into.
type rowSlots struct {
	base unsafe.Pointer
	size uintptr
	typ  reflect.Type // the struct type
	ptr  bool         // the elements are pointers to typ
}

// newRowSlots addresses the elements of v, an addressable slice or array
// of typ or of pointers to typ.
func newRowSlots(v reflect.Value, typ reflect.Type, ptr bool) rowSlots {
	s := rowSlots{size: v.Type().Elem().Size(), typ: typ, ptr: ptr}
	if v.Kind() == reflect.Slice {
		s.base = v.UnsafePointer()
	} else {
		s.base = v.Addr().UnsafePointer()
	}
	return s
}

// row returns the struct of element i, allocating it when the elements are
// pointers.
func (s *rowSlots) row(i int) structRef {
	p := unsafe.Add(s.base, uintptr(i)*s.size)
	if s.ptr {
		q := reflect.New(s.typ).UnsafePointer()
		*(*unsafe.Pointer)(p) = q
		return structRef{q}
	}
	return structRef{p}
}

// at returns the struct of element i, allocated already.
func (s *rowSlots) at(i int) structRef {
	p := unsafe.Add(s.base, uintptr(i)*s.size)
	if s.ptr {
		return structRef{*(*unsafe.Pointer)(p)}
	}
	return structRef{p}
}
