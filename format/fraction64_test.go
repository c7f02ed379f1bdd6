package format

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFraction64IsFloat64 checks that Fraction64 takes exactly the cells
// it claims (a decimal fraction of at most 22 places, a mantissa below
// 2^53) and gives Float64's value for each, bit for bit.
func TestFraction64IsFloat64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	mants := []uint64{0, 1, 5, 1<<53 - 1, 1 << 53, 1<<53 + 1, math.MaxUint64}
	for range 20000 {
		mants = append(mants, r.Uint64()>>r.IntN(64))
	}
	for _, m := range mants {
		for exp := -25; exp <= 3; exp++ {
			for _, neg := range []bool{false, true} {
				c := FloatCell{Dec: Decimal{Neg: neg, Mant: m, Exp: exp}}
				got, ok := c.Fraction64()
				wantOK := m < 1<<53 && exp <= 0 && exp >= -22
				if ok != wantOK {
					t.Fatalf("%+v: ok %v, want %v", c.Dec, ok, wantOK)
				}
				if ok && math.Float64bits(got) != math.Float64bits(c.Float64()) {
					t.Fatalf("%+v: %v, Float64 gives %v", c.Dec, got, c.Float64())
				}
			}
		}
	}
	if _, ok := (&FloatCell{Raw: true, Bits: math.Float64bits(1.5)}).Fraction64(); ok {
		t.Fatal("a raw cell taken as a fraction")
	}
}
