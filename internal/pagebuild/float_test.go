package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestFloatCellMatchesFormat checks appendFloatCell against the reference,
// format.AppendFloatCell, on random bit patterns, short decimals, integers,
// values near the fast path's bounds and their neighbours.
func TestFloatCellMatchesFormat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(f float64) {
		t.Helper()
		for _, g := range []float64{f, -f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1))} {
			for _, bits := range []int{64, 32} {
				want, werr := format.AppendFloatCell([]byte{1}, g, bits)
				got, gerr := AppendFloatCell([]byte{1}, g, bits)
				if !bytes.Equal(got, want) || werr != gerr {
					t.Fatalf("appendFloatCell(%v (%#x), %d) = %x, %v; want %x, %v", g, math.Float64bits(g), bits, got, gerr, want, werr)
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
	for j := 1; j < 30; j++ { // dyadic values n / 2^j on both sides of dyadicCell's bound
		l := uint64(1e15) >> min(2*j, 48)
		if j < len(dyadicLimit) {
			l = dyadicLimit[j]
		}
		for n := max(l, 4) - 4; n < l+4; n++ {
			check(float64(n) / float64(uint64(1)<<j))
		}
	}
	n := 300_000
	if testing.Short() {
		n = 30_000
	}
	for range n {
		check(math.Float64frombits(r.Uint64()))                   // any bits
		check(r.Float64())                                        // [0, 1), mostly 16-17 digits
		check(r.Float64() * math.Pow(10, float64(r.IntN(40)-20))) // any magnitude
		k := r.IntN(23)                                           // a short decimal m / 10^k
		m := r.Uint64N(uint64(math.Pow(10, float64(1+r.IntN(17))))) + 1
		check(float64(m) / CellPow10[k])
		check(float64(r.Uint64N(cellMantLimit)) * CellPow10[r.IntN(3)]) // integers near the bound
		j := 1 + r.IntN(24)                                             // a dyadic n / 2^j, near dyadicCell's bounds
		check(float64(r.Uint64N(1<<(1+r.IntN(52)))|1) / float64(uint64(1)<<j))
	}
}

// TestNumberTextCellMatchesFormat checks the JSON-text path of float cells:
// for the canonical text of a float64 (what json.Marshal writes), the
// decimal read from the text gives the cell format.AppendFloatCell writes
// for the parsed value, so a page built from JSON text and one built from
// the Go value hold the same bytes.
func TestNumberTextCellMatchesFormat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(f float64) {
		t.Helper()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return
		}
		text := string(jsonwire.AppendFloat64JSON(nil, f, 64))
		g, d, ok := CanonicalFloat(text)
		if !ok || math.Float64bits(g) != math.Float64bits(f) {
			t.Fatalf("canonicalFloat(%q) = %v, %v, want %v", text, g, ok, f)
		}
		want, _ := format.AppendFloatCell(nil, f, 64)
		if got := format.AppendDecimalCell(nil, d, g); !bytes.Equal(got, want) {
			t.Fatalf("cell of %q = % x (decimal %+v), want % x", text, got, d, want)
		}
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1e-7, 1.5e-7, 0.1, -19.99, 0.1 + 0.2, 1e20, 1e21,
		1.5e21, -1.2345678901234566e79, 1.2345678901234567e80, 1.0000000000000002e-47, 1.0000000000000002e-48,
		math.MaxFloat64, math.SmallestNonzeroFloat64} {
		check(f)
	}
	for range 200_000 {
		check(math.Float64frombits(r.Uint64()))
		check(r.Float64())
		check(r.Float64() * math.Pow(10, float64(r.IntN(160)-80)))
	}
	for _, text := range []string{"1.0", "1e3", "0.10000000000000001", "1E+21", "-0.0"} {
		if _, _, ok := CanonicalFloat(text); ok {
			t.Errorf("canonicalFloat(%q) accepted a text json.Marshal does not write", text)
		}
	}
}
