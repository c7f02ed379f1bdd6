package jsonwire

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestDecimalExp8 checks AppendDecimalJSON on mantissas below 1e8 at every
// exponent a decimal cell holds, where the exponent forms (1e+21, 1e-07,
// 1.2345678e-60) now come from decimalExp8: each must be what the general
// path writes and what strconv's shortest 'e' digits give, and the bytes
// of dst before it must stay.
func TestDecimalExp8(t *testing.T) {
	ms := mantissasBelow1e8(rand.New(rand.NewPCG(5, 6)), 400)
	buf := make([]byte, 0, 64)
	for _, m := range ms {
		if m == 0 || m%10 == 0 {
			continue // not normalised: a cell never holds it
		}
		// A cell's exponents, and the wider ones of the float64 range
		// that pagebuild renders (canonicalFloatWide: 5e-324, 1e+300).
		for e := -340; e <= 310; e++ {
			if e > format.FloatExpBias && e < 280 || e < -format.FloatExpBias && e > -280 {
				if e%7 != 0 {
					continue
				}
			}
			for _, neg := range []bool{false, true} {
				want := string(appendDecimalJSON(nil, neg, m, e))
				if x := len(strconv.FormatUint(m, 10)) - 1 + e; x < -6 || x >= 21 {
					s := strconv.FormatFloat(float64(m), 'e', -1, 64) // the digits of m, one before the point
					s = s[:strings.IndexByte(s, 'e')] + "e"
					if x >= 0 {
						s += "+"
					}
					if neg {
						s = "-" + s
					}
					if ref := s + strconv.Itoa(x); want != ref {
						t.Fatalf("general path %q, reference %q (mant %d, exp %d)", want, ref, m, e)
					}
				}
				dst := append(buf[:0], "xyz"...)
				got := AppendDecimalJSON(dst, format.Decimal{Neg: neg, Mant: m, Exp: e})
				if string(got) != "xyz"+want {
					t.Fatalf("got %q, want %q (mant %d, exp %d)", got, "xyz"+want, m, e)
				}
			}
		}
	}
}
