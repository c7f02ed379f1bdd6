//go:build !purego

package jsonwire

import "unsafe"

// equalAVX2 returns the index of the first byte where the n bytes at x
// and at y differ, or n when they are equal, n >= 64: 64 bytes a step of
// eleven instructions, the last n%64 bytes as the end of the last 64.
// Only call it when hasAVX2.
//
//go:noescape
func equalAVX2(x, y unsafe.Pointer, n int) int

// EqualPrefix returns how many of the first bytes of x and y are equal:
// the index of the first byte where they differ, or the length of the
// shorter when one is a prefix of the other. With AVX2 and 64 bytes or
// more, 64 bytes a step of eleven instructions (equalAVX2); else by words
// (equalPrefixWords, about 20 instructions for 32 bytes). Inlines.
func EqualPrefix(x, y []byte) int {
	n := min(len(x), len(y))
	if n >= 64 && hasAVX2 {
		return equalAVX2(unsafe.Pointer(unsafe.SliceData(x)), unsafe.Pointer(unsafe.SliceData(y)), n)
	}
	return equalPrefixWords(x[:n], y[:n])
}
