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

// keyViews returns out[o:o+2] and src[pos:pos+2] as arrays for the key
// after an element in remapTagged's loop, which has checked that src has
// the 2 bytes; out has them because the loop's element left at least 5
// of the remapRoom bytes it made sure of (the longest element it copies
// takes 11), or remapElem made remapRoom bytes of room. Two additions,
// where the slicing of each cost about five instructions a key.
// remapviews_purego.go has its bounds-checked twin.
func keyViews(out []byte, o int, src []byte, pos int) (*[2]byte, *[2]byte) {
	return (*[2]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(out)), o)),
		(*[2]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), pos))
}
