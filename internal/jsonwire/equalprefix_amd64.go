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

// EqualAt returns how many of the first n bytes at b[x:] and at b[y:] are
// equal: the index of the first byte where they differ, or n when they
// are equal (n cut to the bytes b has past x and past y, x or y past
// b's end giving 0). With AVX2 and 64 bytes or more, 64 bytes a step of
// eleven instructions (equalAVX2); else by words (equalPrefixWords, about
// 20 instructions for 32 bytes). Taking offsets into one text, where two
// slices of it cost the caller their bounds checks and this call their
// lengths' minimum, saves some 30 instructions a call.
func EqualAt(b []byte, x, y, n int) int {
	if n >= 64 && n <= len(b) && uint(x) <= uint(len(b)-n) && uint(y) <= uint(len(b)-n) && hasAVX2 {
		p := unsafe.Pointer(unsafe.SliceData(b))
		return equalAVX2(unsafe.Add(p, x), unsafe.Add(p, y), n)
	}
	if uint(x) > uint(len(b)) || uint(y) > uint(len(b)) {
		return 0
	}
	n = max(min(n, len(b)-x, len(b)-y), 0)
	if n >= 64 && hasAVX2 { // cut to what b holds
		p := unsafe.Pointer(unsafe.SliceData(b))
		return equalAVX2(unsafe.Add(p, x), unsafe.Add(p, y), n)
	}
	return equalPrefixWords(b[x:][:n], b[y:][:n])
}
