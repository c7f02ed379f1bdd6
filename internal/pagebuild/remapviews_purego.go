//go:build purego

package pagebuild

// remapViews returns out[o:o+remapRoom] and src[pos:pos+remapView] as
// arrays for remapTagged's loop: the bounds-checked twin of
// remapviews_unsafe.go.
func remapViews(out []byte, o int, src []byte, pos int) (*[remapRoom]byte, *[remapView]byte) {
	return (*[remapRoom]byte)(out[o : o+remapRoom]), (*[remapView]byte)(src[pos : pos+remapView])
}
