//go:build !purego

package rowpage

import (
	"reflect"
	"time"
	"unsafe"
)

// Reading and writing struct fields by pointer, for the encode and decode
// plans: a field is reached at the offset its fieldPath gives, and read or
// written with a typed load or store (stores carry the GC's write barriers
// like any pointer store). A plan only reaches a field this way when the
// path is direct and the field's Go type has the layout the plan names
// (see fieldKind). The safe twin, built with the purego tag, does the same
// through reflect.

// structRef addresses a struct being read or written.
type structRef struct{ p unsafe.Pointer }

// structOf addresses v, an addressable struct.
func structOf(v reflect.Value) structRef { return structRef{v.Addr().UnsafePointer()} }

// structRefOf addresses the struct rv for reading. It reports false when rv
// is not addressable (a struct passed by value), which the generic walker
// then writes.
func structRefOf(rv reflect.Value) (structRef, bool) {
	if !rv.CanAddr() {
		return structRef{}, false
	}
	return structRef{unsafe.Pointer(rv.UnsafeAddr())}, true // not Addr, which looks up the pointer type
}

// field addresses the field at p, whose path is direct.
func (r structRef) field(p *fieldPath) fieldRef { return fieldRef{unsafe.Add(r.p, p.offset)} }

// value returns the struct as an addressable reflect.Value of type t.
func (r structRef) value(t reflect.Type) reflect.Value { return reflect.NewAt(t, r.p).Elem() }

// fieldRef addresses a field being read or written.
type fieldRef struct{ p unsafe.Pointer }

// refOf addresses v, an addressable value (an element of a slice).
func refOf(v reflect.Value) fieldRef { return fieldRef{v.Addr().UnsafePointer()} }

// value returns the field as an addressable reflect.Value of type t.
func (f fieldRef) value(t reflect.Type) reflect.Value { return reflect.NewAt(t, f.p).Elem() }

func (f fieldRef) bool() bool          { return *(*bool)(f.p) }
func (f fieldRef) int8() int8          { return *(*int8)(f.p) }
func (f fieldRef) int16() int16        { return *(*int16)(f.p) }
func (f fieldRef) int32() int32        { return *(*int32)(f.p) }
func (f fieldRef) int64() int64        { return *(*int64)(f.p) }
func (f fieldRef) uint8() uint8        { return *(*uint8)(f.p) }
func (f fieldRef) uint16() uint16      { return *(*uint16)(f.p) }
func (f fieldRef) uint32() uint32      { return *(*uint32)(f.p) }
func (f fieldRef) uint64() uint64      { return *(*uint64)(f.p) }
func (f fieldRef) float32() float32    { return *(*float32)(f.p) }
func (f fieldRef) float64() float64    { return *(*float64)(f.p) }
func (f fieldRef) string() string      { return *(*string)(f.p) }
func (f fieldRef) time() *time.Time    { return (*time.Time)(f.p) }
func (f fieldRef) timePtr() *time.Time { return *(**time.Time)(f.p) }

// readStrings returns the field, a slice of strings (perhaps of named
// types), for reading.
func (f fieldRef) readStrings() []string { return *(*[]string)(f.p) }

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

// strings returns the field, a slice of strings (perhaps of named types),
// whose array setStrings may reuse.
func (f fieldRef) strings() []string { return *(*[]string)(f.p) }

// setStrings sets the field, a slice of strings.
func (f fieldRef) setStrings(v []string) { *(*[]string)(f.p) = v }

// int64s returns the field, a []int64, by address.
func (f fieldRef) int64s() *[]int64 { return (*[]int64)(f.p) }

// mapAny returns the field, a map[string]any, by address.
func (f fieldRef) mapAny() *map[string]any { return (*map[string]any)(f.p) }

// readMapAny returns the field, a map[string]any, for reading; ok is
// always true here.
func (f fieldRef) readMapAny() (m map[string]any, ok bool) { return *(*map[string]any)(f.p), true }

// asStruct addresses the field, a struct, as a struct of its own.
func (f fieldRef) asStruct() structRef { return structRef{f.p} }

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

// isNil reports whether the field, a pointer, is nil.
func (f fieldRef) isNil() bool { return *(*unsafe.Pointer)(f.p) == nil }

// setStringPtr sets the field, a pointer to string (the type itself), to p.
func (f fieldRef) setStringPtr(p *string) { *(**string)(f.p) = p }

// setTimePtr sets the field, a *time.Time, to p.
func (f fieldRef) setTimePtr(p *time.Time) { *(**time.Time)(f.p) = p }

// structRows reads the elements of a slice or addressable array of structs.
type structRows struct {
	base unsafe.Pointer
	size uintptr
}

// structRowsOf returns a reader for the elements of rv, a non-empty slice
// or array of structs. It reports false for an array that is not
// addressable.
func structRowsOf(rv reflect.Value) (structRows, bool) {
	e := rv.Index(0)
	if !e.CanAddr() {
		return structRows{}, false
	}
	return structRows{e.Addr().UnsafePointer(), e.Type().Size()}, true
}

// at returns element i.
func (rs structRows) at(i int) structRef { return structRef{unsafe.Add(rs.base, uintptr(i)*rs.size)} }

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
