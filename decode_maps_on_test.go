//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"testing"
	"unsafe"
)

// TestMapSlabsOn fails when the layouts of decode_maps_unsafe.go no longer
// match the runtime's on a 64-bit platform (the only ones they describe):
// generic maps would then be made with make, and the tests of
// decode_maps_test.go would no longer test the shared arrays.
func TestMapSlabsOn(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("maps are made with make on 32-bit platforms")
	}
	if !mapSlabsOK {
		t.Fatal("the runtime's map layout differs from decode_maps_unsafe.go's: maps are made with make")
	}
}
