package rowpage

import (
	"reflect"
	"sync"
)

// rowsTarget is what decodeState.rows asks reflect about the slice or
// array type a page's rows decode into, asked once per type: whether its
// pointer has UnmarshalJSON, and whether its elements take the plan path.
// Every call used to ask reflect for five method sets (about 600
// instructions on a 25-row page); a cached target costs one sync.Map load.
type rowsTarget struct {
	// addrUnmarshaler reports that a pointer to the type implements
	// json.Unmarshaler, so that viaUnmarshaler takes the rows.
	addrUnmarshaler bool
	// elem is the struct type of the elements (after one pointer, when
	// ptr) when the plan path can fill them, else nil: not a struct, or
	// one with decoding methods, which keeps the generic path.
	elem reflect.Type
	ptr  bool
}

// rowsTargets maps a slice or array type to its *rowsTarget.
var rowsTargets sync.Map

// rowsTargetOf returns the rowsTarget of slice or array type t, made on
// first use. Concurrent callers may make it twice; both are equal.
func rowsTargetOf(t reflect.Type) *rowsTarget {
	if v, ok := rowsTargets.Load(t); ok {
		return v.(*rowsTarget)
	}
	rt := &rowsTarget{addrUnmarshaler: reflect.PointerTo(t).Implements(unmarshalerType)}
	et := t.Elem()
	if et.Kind() == reflect.Pointer {
		et, rt.ptr = et.Elem(), true
	}
	if et.Kind() == reflect.Struct && !hasDecodeMethods(et) {
		rt.elem = et
	}
	v, _ := rowsTargets.LoadOrStore(t, rt)
	return v.(*rowsTarget)
}
