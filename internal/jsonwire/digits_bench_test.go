package jsonwire

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkAppendUint compares AppendUint with strconv.AppendUint on
// values of every length (bits=any) and on small ones (bits=13: counts,
// ids of small tables).
func BenchmarkAppendUint(b *testing.B) {
	for _, width := range []int{64, 13} {
		rng := rand.New(rand.NewPCG(1, 2))
		vs := make([]uint64, 1024)
		for i := range vs {
			vs[i] = rng.Uint64() >> (64 - width) >> rng.IntN(width)
		}
		name := "bits=any"
		if width < 64 {
			name = "bits=" + strconv.Itoa(width)
		}
		b.Run(name, func(b *testing.B) { benchAppendUint(b, vs) })
	}
}

func benchAppendUint(b *testing.B, vs []uint64) {
	buf := make([]byte, 0, 64)
	b.Run("via=format", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = AppendUint(buf[:0], vs[i&1023])
		}
	})
	b.Run("via=strconv", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = strconv.AppendUint(buf[:0], vs[i&1023], 10)
		}
	})
}
