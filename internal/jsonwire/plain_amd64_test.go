//go:build !purego

package jsonwire

import (
	"fmt"
	"testing"
)

// TestPlainPrefixSSE2 runs the exhaustive test with AVX2 switched off, so
// the SSE2 loop is covered on machines that have AVX2 as well.
func TestPlainPrefixSSE2(t *testing.T) {
	saved := hasAVX2
	defer func() { hasAVX2 = saved }()
	hasAVX2 = false
	checkPlainPrefixEveryByte(t)
	t.Logf("AVX2 available here: %v", saved)
}

func BenchmarkPlainPrefix(b *testing.B) {
	saved := hasAVX2
	defer func() { hasAVX2 = saved }()
	// Short inputs matter most: a page's strings are mostly 1 to 64 bytes,
	// where a call's fixed cost (or a SIMD state transition) dominates. Each
	// input ends in a quote, as an escaped string does, so every call runs
	// the vector loop and then finds the special.
	for _, n := range []int{1, 8, 16, 31, 32, 33, 48, 64, 1 << 16} {
		text := make([]byte, n)
		for i := range text {
			text[i] = "abcdefghij klmnopqrstuvwxyz0123456789"[i%37]
		}
		text[n-1] = '"'
		for _, kernel := range []string{"sse2", "avx2", "swar"} {
			if kernel == "avx2" && !saved {
				continue
			}
			b.Run(fmt.Sprintf("%s/%d", kernel, n), func(b *testing.B) {
				hasAVX2 = kernel == "avx2"
				b.SetBytes(int64(n))
				find := PlainPrefix[[]byte]
				if kernel == "swar" {
					find = plainPrefixSWAR[[]byte]
				}
				for b.Loop() {
					if find(text, 0) != n-1 {
						b.Fatal("wrong offset")
					}
				}
			})
		}
	}
}
