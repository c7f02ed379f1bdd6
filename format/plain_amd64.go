//go:build !purego

package format

import "unsafe"

// plainBlocks returns the offset of the first byte that is not plain in the
// n&^15 bytes at p, or n&^15 when all are plain. Sixteen bytes a turn with
// SSE2, which every amd64 processor has.
//
//go:noescape
func plainBlocks(p unsafe.Pointer, n int) int

// plainPrefix returns the index of the first byte of s at or after i that
// is not plain, or len(s).
func plainPrefix[S ~string | ~[]byte](s S, i int) int {
	// A string header and the first two words of a slice header agree:
	// data pointer, then length.
	str := *(*string)(unsafe.Pointer(&s))
	if n := len(str) - i; n >= 16 {
		i += plainBlocks(unsafe.Pointer(unsafe.StringData(str[i:])), n)
	}
	for ; i < len(str) && plainTable[str[i]]; i++ {
	}
	return i
}
