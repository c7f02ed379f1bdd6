//go:build !purego

package rowpage

import (
	"reflect"
	"unsafe"
)

// typeAddr returns the address of t's type descriptor, the data word of
// the interface, for typeCache's hash: a load. The safe twin
// (walk_typecache_purego.go) asks reflect for it.
func typeAddr(t reflect.Type) uintptr {
	return (*[2]uintptr)(unsafe.Pointer(&t))[1]
}
