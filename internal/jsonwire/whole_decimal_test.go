package jsonwire

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// AppendDecimalJSON's whole-value path (a mantissa below 1e8, Exp from 0
// to 8, a dst with room) writes what the general path and the reference
// (strconv's digits, then Exp '0's) write, for every digit count and
// exponent, zero and -0 included, and leaves the bytes of dst before it
// alone; Exp 9 and up and larger mantissas still take the general path.
func TestWholeDecimalJSON(t *testing.T) {
	ms := []uint64{0}
	for p := uint64(1); p <= 1e9; p *= 10 {
		ms = append(ms, p, p+1, 2*p-1, 9*p, 10*p-1, 99*p/10+1)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		ms = append(ms, r.Uint64N(1e9)>>r.UintN(30))
	}
	buf := make([]byte, 0, 64)
	for _, m := range ms {
		for exp := 0; exp <= 10; exp++ {
			for _, neg := range []bool{false, true} {
				want := strconv.FormatUint(m, 10) + strings.Repeat("0", exp)
				if neg {
					want = "-" + want
				}
				if slow := string(appendDecimalJSON(nil, neg, m, exp)); slow != want {
					t.Fatalf("reference %q, general path %q (mant %d, exp %d)", want, slow, m, exp)
				}
				for _, pre := range []int{0, 5, 40} { // 40: too little room, the general path
					dst := append(buf[:0], strings.Repeat("x", pre)...)
					got := AppendDecimalJSON(dst, format.Decimal{Neg: neg, Mant: m, Exp: exp})
					if string(got[:pre]) != strings.Repeat("x", pre) || string(got[pre:]) != want {
						t.Fatalf("AppendDecimalJSON(%v, %d, %d) after %d bytes = %q, want %q", neg, m, exp, pre, got[pre:], want)
					}
				}
			}
		}
	}
}
