//go:build !amd64 || purego

package jsonwire

// ClassMasksFast reports whether ClassMasks has a vector form here: not on
// this processor or build.
const ClassMasksFast = false

// ClassMasks returns the class masks of s[i:i+64], or of s[i:] when fewer
// bytes remain (bits past the end of s are then zero); i < len(s). Eight
// bytes a turn (classMasksSWAR).
func ClassMasks(s []byte, i int) (esc, html, high uint64) { return classMasksSWAR(s, i) }
