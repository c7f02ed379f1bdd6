//go:build purego

package rowpage

import "reflect"

// typeAddr returns the address of t's type descriptor, for typeCache's
// hash, through reflect (t is a *reflect.rtype): no allocation.
func typeAddr(t reflect.Type) uintptr { return reflect.ValueOf(t).Pointer() }
