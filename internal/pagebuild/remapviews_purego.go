//go:build purego

package pagebuild

// remapViews returns out[o:o+remapRoom] and src[pos:pos+remapView] as
// arrays for remapTagged's loop: the bounds-checked twin of
// remapviews_unsafe.go.
func remapViews(out []byte, o int, src []byte, pos int) (*[remapRoom]byte, *[remapView]byte) {
	return (*[remapRoom]byte)(out[o : o+remapRoom]), (*[remapView]byte)(src[pos : pos+remapView])
}

// keyViews returns out[o:o+2] and src[pos:pos+2] as arrays for the key
// after an element in remapTagged's loop: the bounds-checked twin of
// remapviews_unsafe.go.
func keyViews(out []byte, o int, src []byte, pos int) (*[2]byte, *[2]byte) {
	return (*[2]byte)(out[o : o+2]), (*[2]byte)(src[pos : pos+2])
}
