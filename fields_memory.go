package rowpage

import "reflect"

// Where a JSON field sits in memory and how its value is laid out: the part
// of a field's description (see structFields) that lets the encode and
// decode plans read and write a field by pointer instead of through
// reflect. It is worked out once per struct type, with the field's name and
// options, and both directions build on it.

// fieldPath says where a field is inside the outermost struct.
type fieldPath struct {
	// index is the reflect field index path from the outer struct through
	// embedded structs (and embedded pointers to structs) to the field.
	index []int
	// offset is the field's byte offset from the start of the outer struct;
	// it means something only when direct is true.
	offset uintptr
	// direct reports that no pointer lies on the path (no embedded *T), so
	// that the field is at offset in the outer struct's own memory.
	direct bool
}

// fieldKind is the memory layout of a Go type, for the plans that read and
// write fields by pointer. It says nothing about methods: each plan checks
// the methods its direction honours (MarshalJSON, UnmarshalText, ...)
// before it trusts the kind.
type fieldKind uint8

const (
	kindOther fieldKind = iota // any other type: reflect only
	kindBool
	kindInt8
	kindInt16
	kindInt32
	kindInt64
	kindUint8
	kindUint16
	kindUint32
	kindUint64
	kindFloat32
	kindFloat64
	kindString  // any type of string kind, json.Number included
	kindTime    // time.Time
	kindStrings // a slice whose elements are of string kind
	kindPtr     // a pointer
)

// kindOf returns the layout of type t.
func kindOf(t reflect.Type) fieldKind {
	if t == timeType {
		return kindTime
	}
	switch t.Kind() {
	case reflect.Bool:
		return kindBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return [...]fieldKind{1: kindInt8, 2: kindInt16, 4: kindInt32, 8: kindInt64}[t.Size()]
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return [...]fieldKind{1: kindUint8, 2: kindUint16, 4: kindUint32, 8: kindUint64}[t.Size()]
	case reflect.Float32:
		return kindFloat32
	case reflect.Float64:
		return kindFloat64
	case reflect.String:
		return kindString
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return kindStrings
		}
	case reflect.Pointer:
		return kindPtr
	}
	return kindOther
}
