//go:build !purego

package format

import "testing"

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
	text := make([]byte, 1<<16)
	for i := range text {
		text[i] = "abcdefghij klmnopqrstuvwxyz0123456789"[i%37]
	}
	saved := hasAVX2
	defer func() { hasAVX2 = saved }()
	for _, avx := range []bool{false, true} {
		if avx && !saved {
			continue
		}
		name := "sse2"
		if avx {
			name = "avx2"
		}
		b.Run(name, func(b *testing.B) {
			hasAVX2 = avx
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if plainPrefix(text, 0) != len(text) {
					b.Fatal("special byte found")
				}
			}
		})
	}
	b.Run("swar", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if plainPrefixSWAR(text, 0) != len(text) {
				b.Fatal("special byte found")
			}
		}
	})
}
