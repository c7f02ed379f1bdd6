package pageread

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fracValidRef is fracValid as SPEC.md states it: at most nine digits
// (f%10), and the digits (f/10) below ten to the power of their count.
func fracValidRef(f uint64) bool {
	c, q := f%10, f/10
	p := uint64(1)
	for range c {
		p *= 10
	}
	return q < p
}

// TestFracValidMatchesReference checks fracValid's one compare against
// fracValidRef at every boundary of every digit count, the ten-digit and
// wider fractions, and random values.
func TestFracValidMatchesReference(t *testing.T) {
	check := func(f uint64) {
		if got, want := fracValid(f), fracValidRef(f); got != want {
			t.Fatalf("fracValid(%d) = %v, want %v", f, got, want)
		}
	}
	p := uint64(1)
	for c := uint64(0); c <= 10; c++ {
		for _, q := range []uint64{0, 1, p - 1, p, p + 1, 10*p - 1, 10 * p} {
			for d := uint64(0); d < 10; d++ {
				check(q*10 + d)
			}
		}
		p *= 10
	}
	for _, f := range []uint64{9_999_999_999, 10_000_000_000, 10_000_000_009, math.MaxUint64, math.MaxUint64 - 6} {
		check(f)
	}
	rng := rand.New(rand.NewPCG(10, 9))
	for range 1_000_000 {
		check(rng.Uint64N(1 << (1 + rng.IntN(63))))
	}
}
