package format

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFloatCellFastPath checks AppendFloatCell, whose float64 values take
// appendFloatCell64, against the reference refCell on random bit patterns, short decimals, integers,
// values near the fast path's bounds and their neighbours.
func TestFloatCellFastPath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(f float64) {
		t.Helper()
		for _, g := range []float64{f, -f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1))} {
			for _, bits := range []int{64, 32} {
				got, err := AppendFloatCell([]byte{1}, g, bits)
				g32 := g
				if bits == 32 {
					g32 = float64(float32(g))
				}
				if math.IsNaN(g32) || math.IsInf(g32, 0) {
					if !errors.Is(err, ErrNonFinite) || len(got) != 1 {
						t.Fatalf("AppendFloatCell(%v, %d) = %x, %v; want ErrNonFinite", g, bits, got, err)
					}
					continue
				}
				if want := append([]byte{1}, refCell(g, bits)...); !bytes.Equal(got, want) || err != nil {
					t.Fatalf("AppendFloatCell(%v (%#x), %d) = %x, %v; want %x", g, math.Float64bits(g), bits, got, err, want)
				}
			}
		}
	}
	specials := []float64{0, 1e-7, 1e-8, 5.6e-8, 0.1, 0.3, 1, 19.99, 1234.5, 1e14, 1e15, 1e16, 123456789012345,
		cellMantLimit - 1, cellMantLimit - 0.5, cellMantLimit, cellMantLimit + 1, 1e21, 1e22, 1e23,
		math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.NaN(), 0.1 + 0.2}
	for _, f := range specials {
		check(f)
	}
	// Dyadic values n / 2^j on both sides of n*5^j = 10^15, the bound of
	// the dyadic step the fast path once had: decimals of 15 and 16 digits.
	for j := 1; j < 30; j++ {
		l := uint64(1e15) >> min(2*j, 48)
		if j < 22 {
			l = uint64(math.Ceil(1e15 / math.Pow(5, float64(j))))
		}
		for n := max(l, 4) - 4; n < l+4; n++ {
			check(float64(n) / float64(uint64(1)<<j))
		}
	}
	n := 300_000 // 30,000 with -short, 60,000 under the race detector
	switch {
	case testing.Short():
		n = 30_000
	case raceEnabled:
		n = 60_000
	}
	for range n {
		check(math.Float64frombits(r.Uint64()))                   // any bits
		check(r.Float64())                                        // [0, 1), mostly 16-17 digits
		check(r.Float64() * math.Pow(10, float64(r.IntN(40)-20))) // any magnitude
		k := r.IntN(23)                                           // a short decimal m / 10^k
		m := r.Uint64N(uint64(math.Pow(10, float64(1+r.IntN(17))))) + 1
		check(float64(m) / pow10f64[k])
		check(float64(r.Uint64N(cellMantLimit)) * pow10f64[r.IntN(3)]) // integers near the bound
		j := 1 + r.IntN(24)                                            // a dyadic n / 2^j
		check(float64(r.Uint64N(1<<(1+r.IntN(52)))|1) / float64(uint64(1)<<j))
	}
}
