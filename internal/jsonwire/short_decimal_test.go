package jsonwire

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// shortDecimalRef is the plain or exponent form of (-1)^neg × mant × 10^-f
// built from strconv digits, the simple reference for the short path.
func shortDecimalRef(neg bool, mant uint64, f int) string {
	s := strconv.FormatUint(mant, 10)
	sign := ""
	if neg {
		sign = "-"
	}
	if x := len(s) - 1 - f; x < -6 { // exponent form: "d[.ddd]e-x"
		m := s[:1]
		if len(s) > 1 {
			m += "." + s[1:]
		}
		return sign + m + "e-" + strconv.Itoa(-x)
	}
	if len(s) <= f {
		s = strings.Repeat("0", f+1-len(s)) + s
	}
	return sign + s[:len(s)-f] + "." + s[len(s)-f:]
}

// AppendDecimalJSON's short path (a mantissa below 1e8, 1 to 7 digits
// after the point, a dst with room) writes what the general path and the
// reference write,
// at every digit count's bounds and at random, and leaves the bytes of
// dst before it alone.
func TestShortDecimalJSON(t *testing.T) {
	ms := mantissasBelow1e8(rand.New(rand.NewPCG(3, 4)), 3000)
	buf := make([]byte, 0, 64)
	for _, m := range ms {
		if m == 0 || m%10 == 0 {
			continue // not normalised: a cell never holds it
		}
		for f := 1; f <= 7; f++ {
			for _, neg := range []bool{false, true} {
				want := shortDecimalRef(neg, m, f)
				if slow := string(appendDecimalJSON(nil, neg, m, -f)); slow != want {
					t.Fatalf("reference %q, general path %q (mant %d, exp %d)", want, slow, m, -f)
				}
				for _, pre := range []int{0, 3, 40} { // 40: too little room, the general path
					dst := append(buf[:0], strings.Repeat("x", pre)...)
					got := AppendDecimalJSON(dst, format.Decimal{Neg: neg, Mant: m, Exp: -f})
					if string(got[:pre]) != strings.Repeat("x", pre) || string(got[pre:]) != want {
						t.Fatalf("appendDecimalJSON(%d, %d) after %d bytes = %q, want %q", m, -f, pre, got[pre:], want)
					}
				}
			}
		}
	}
}

// mantissasBelow1e8 returns decimal mantissas below 1e8 for the short
// decimal writers' tests: the bounds of every digit count (1, 10, 19, 90,
// 91, 99, 100, ...) and n drawn by r, of any digit count (shifted right by
// up to 26 bits). Some are multiples of 10, which no cell holds; the tests
// skip them.
func mantissasBelow1e8(r *rand.Rand, n int) []uint64 {
	var ms []uint64
	for p := uint64(1); p < 1e8; p *= 10 {
		ms = append(ms, p, p+1, 2*p-1, 9*p, 9*p+1, 10*p-1, 99*p/10+1)
	}
	for range n {
		ms = append(ms, r.Uint64N(1e8)>>r.UintN(27))
	}
	return ms
}
