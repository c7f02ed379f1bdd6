//go:build !(amd64 || arm64) || purego

package jsontext

import "math/bits"

// equalPrefix returns how many of the first m bytes of in[s:] and in[a:]
// are equal, both of which in holds (m >= 0). This is the bounds-checked
// twin of equalprefix_unsafe.go's, by the same steps.
func equalPrefix(in []byte, s, a, m int) int {
	j := 0
	for ; m-j >= 32; j += 32 {
		x0 := wordAt(in, a+j) ^ wordAt(in, s+j)
		x1 := wordAt(in, a+j+8) ^ wordAt(in, s+j+8)
		x2 := wordAt(in, a+j+16) ^ wordAt(in, s+j+16)
		x3 := wordAt(in, a+j+24) ^ wordAt(in, s+j+24)
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
	for ; m-j >= 8; j += 8 {
		if x := wordAt(in, a+j) ^ wordAt(in, s+j); x != 0 {
			return j + bits.TrailingZeros64(x)>>3
		}
	}
	if j == m {
		return m
	}
	if m >= 8 {
		// The bytes before j are equal, so the first that differs in the
		// last word is at j or after.
		if x := wordAt(in, a+m-8) ^ wordAt(in, s+m-8); x != 0 {
			return m - 8 + bits.TrailingZeros64(x)>>3
		}
		return m
	}
	for j < m && in[a+j] == in[s+j] {
		j++
	}
	return j
}
