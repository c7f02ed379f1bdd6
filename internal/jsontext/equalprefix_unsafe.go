//go:build (amd64 || arm64) && !purego

package jsontext

import (
	"math/bits"
	"unsafe"
)

// equalPrefix returns how many of the first m bytes of in[s:] and in[a:]
// are equal, both of which in holds (m >= 0): four words a step, each a
// load and an xor with the other's word in memory, then a word, then the
// last word overlapping the ones before, and bytes alone only when m is
// below 8. About seventeen instructions a step of 32 bytes: the loads
// are written out, in the machine's byte order (little-endian on amd64
// and arm64, as wordAt's), rather than through wordAt, whose inlining
// leaves a no-op instruction a load (about a third of the step).
// equalprefix_purego.go is its bounds-checked twin.
func equalPrefix(in []byte, s, a, m int) int {
	ps := unsafe.Add(unsafe.Pointer(unsafe.SliceData(in)), s)
	pa := unsafe.Add(unsafe.Pointer(unsafe.SliceData(in)), a)
	j := 0
	for ; j <= m-32; j += 32 {
		x0 := *(*uint64)(unsafe.Add(pa, j)) ^ *(*uint64)(unsafe.Add(ps, j))
		x1 := *(*uint64)(unsafe.Add(pa, j+8)) ^ *(*uint64)(unsafe.Add(ps, j+8))
		x2 := *(*uint64)(unsafe.Add(pa, j+16)) ^ *(*uint64)(unsafe.Add(ps, j+16))
		x3 := *(*uint64)(unsafe.Add(pa, j+24)) ^ *(*uint64)(unsafe.Add(ps, j+24))
		if x0|x1|x2|x3 != 0 {
			switch {
			case x0 != 0:
				return j + bits.TrailingZeros64(x0)>>3
			case x1 != 0:
				return j + 8 + bits.TrailingZeros64(x1)>>3
			case x2 != 0:
				return j + 16 + bits.TrailingZeros64(x2)>>3
			}
			return j + 24 + bits.TrailingZeros64(x3)>>3
		}
	}
	for ; j <= m-8; j += 8 {
		if x := *(*uint64)(unsafe.Add(pa, j)) ^ *(*uint64)(unsafe.Add(ps, j)); x != 0 {
			return j + bits.TrailingZeros64(x)>>3
		}
	}
	if j == m {
		return m
	}
	if m >= 8 {
		// The bytes before j are equal, so the first that differs in the
		// last word is at j or after.
		if x := *(*uint64)(unsafe.Add(pa, m-8)) ^ *(*uint64)(unsafe.Add(ps, m-8)); x != 0 {
			return m - 8 + bits.TrailingZeros64(x)>>3
		}
		return m
	}
	for j < m && *(*byte)(unsafe.Add(pa, j)) == *(*byte)(unsafe.Add(ps, j)) {
		j++
	}
	return j
}
