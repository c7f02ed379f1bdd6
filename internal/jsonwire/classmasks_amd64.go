//go:build !purego

package jsonwire

import "unsafe"

// classMasksAVX2 returns the class masks of the 64 bytes at p. Only call
// it when hasAVX2.
//
//go:noescape
func classMasksAVX2(p unsafe.Pointer) (esc, html, high uint64)

// ClassMasksFast reports whether ClassMasks has a vector form here (amd64
// with AVX2), so that a caller may prefer it to a byte loop.
var ClassMasksFast = hasAVX2

// ClassMasks returns the class masks of s[i:i+64], or of s[i:] when fewer
// bytes remain (bits past the end of s are then zero); i < len(s). About 50
// instructions a call with AVX2 (a block near the end of s is read as the
// last 64 bytes of s and its masks shifted; a string of s shorter than 64
// bytes is copied first), classMasksSWAR's eight words without.
func ClassMasks(s []byte, i int) (esc, html, high uint64) {
	if !hasAVX2 {
		return classMasksSWAR(s, i)
	}
	n := len(s) - i
	if n >= ClassMasksLen {
		return classMasksAVX2(unsafe.Pointer(unsafe.SliceData(s[i:])))
	}
	if len(s) >= ClassMasksLen {
		sh := uint(ClassMasksLen - n)
		esc, html, high = classMasksAVX2(unsafe.Pointer(unsafe.SliceData(s[len(s)-ClassMasksLen:])))
		return esc >> sh, html >> sh, high >> sh
	}
	var b [ClassMasksLen]byte
	copy(b[:], s[i:])
	esc, html, high = classMasksAVX2(unsafe.Pointer(&b))
	m := ^uint64(0) >> uint(ClassMasksLen-n)
	return esc & m, html & m, high & m
}
