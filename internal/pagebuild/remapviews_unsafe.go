//go:build !purego

package pagebuild

import "unsafe"

// remapViews returns out[o:o+remapRoom] and src[pos:pos+remapView] as
// arrays for remapTagged's loop, which has checked that both are there
// (o and pos are never negative): two additions, where the slicing of
// each costs two bounds checks beside the loop's own test, about a tenth
// of the loop's cost of a key or an integer. remapviews_purego.go is its
// bounds-checked twin.
func remapViews(out []byte, o int, src []byte, pos int) (*[remapRoom]byte, *[remapView]byte) {
	return (*[remapRoom]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(out)), o)),
		(*[remapView]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), pos))
}
