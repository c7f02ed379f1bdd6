//go:build !purego

package jsonwire

import "unsafe"

// plainBlocks returns the offset of the first byte that is not plain in the
// n&^15 bytes at p, or n&^15 when all are plain. Sixteen bytes a turn with
// SSE2, which every amd64 processor has.
//
//go:noescape
func plainBlocks(p unsafe.Pointer, n int) int

// plainBlocksAVX2 is plainBlocks over n&^31 bytes, thirty-two a turn. Only
// call it when hasAVX2.
//
//go:noescape
func plainBlocksAVX2(p unsafe.Pointer, n int) int

func cpuHasAVX2() bool

// hasAVX2 reports whether the processor and operating system support AVX2.
var hasAVX2 = cpuHasAVX2()

// PlainPrefix returns the index of the first byte of s at or after i that
// is not plain, or len(s).
func PlainPrefix[S ~string | ~[]byte](s S, i int) int {
	// A string header and the first two words of a slice header agree:
	// data pointer, then length.
	str := *(*string)(unsafe.Pointer(&s))
	if i < len(str) && !plainTable[str[i]] {
		// Often so where a caller restarts after a string or a run of
		// another script (string-flag checks): no block call.
		return i
	}
	n := len(str) - i
	if n >= 32 && hasAVX2 {
		k := plainBlocksAVX2(unsafe.Pointer(unsafe.StringData(str[i:])), n)
		i += k
		if k < n&^31 {
			return i
		}
		n -= k
	}
	if n >= 16 {
		i += plainBlocks(unsafe.Pointer(unsafe.StringData(str[i:])), n)
	}
	for ; i < len(str) && plainTable[str[i]]; i++ {
	}
	return i
}
