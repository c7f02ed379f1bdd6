package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// AppendDecimalJSON's long path (a mantissa of 9 to 17 digits, 1 to
// longFracMax digits after the point, a dst with room) writes what the
// general path and the reference write, in plain and exponent form, at
// every digit count's bounds and at random, and leaves the bytes of dst
// before it alone.
func TestLongDecimalJSON(t *testing.T) {
	ms := mantissasFrom1e8(rand.New(rand.NewPCG(5, 6)), 3000)
	buf := make([]byte, 0, 160)
	for _, m := range ms {
		if m%10 == 0 {
			continue // not normalised: a cell never holds it
		}
		for f := 1; f <= longFracMax+2; f++ {
			for _, neg := range []bool{false, true} {
				want := shortDecimalRef(neg, m, f)
				if slow := string(appendDecimalJSON(nil, neg, m, -f)); slow != want {
					t.Fatalf("reference %q, general path %q (mant %d, exp %d)", want, slow, m, -f)
				}
				// The room exactly, and a byte too little: the general path.
				for _, pre := range []int{0, 3, cap(buf) - longWindow, cap(buf) - longWindow + 1} {
					dst := append(buf[:0], strings.Repeat("x", pre)...)
					d := format.Decimal{Neg: neg, Mant: m, Exp: -f}
					got := AppendDecimalJSON(dst, d)
					if string(got[:pre]) != strings.Repeat("x", pre) || string(got[pre:]) != want {
						t.Fatalf("AppendDecimalJSON(%d, %d) after %d bytes = %q, want %q", m, -f, pre, got[pre:], want)
					}
					dst = append(buf[:0], strings.Repeat("x", pre)...)
					if got := AppendLongDecimalJSON(dst, d); string(got[:pre]) != strings.Repeat("x", pre) || string(got[pre:]) != want {
						t.Fatalf("AppendLongDecimalJSON(%d, %d) after %d bytes = %q, want %q", m, -f, pre, got[pre:], want)
					}
				}
			}
		}
	}
}

// AppendLongDecimalJSON writes what AppendDecimalJSON writes for any
// decimal a cell holds, its long mantissas or not (those take the general
// path), in every exponent.
func TestLongDecimalJSONAnyDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ms := append(mantissasBelow1e8(r, 300), mantissasFrom1e8(r, 300)...)
	for _, m := range ms {
		if m == 0 || m%10 == 0 {
			continue
		}
		for exp := -63; exp <= 63; exp++ {
			d := format.Decimal{Neg: exp&1 == 0, Mant: m, Exp: exp}
			want := string(appendDecimalJSON(nil, d.Neg, d.Mant, d.Exp))
			if got := string(AppendLongDecimalJSON(make([]byte, 0, 128), d)); got != want {
				t.Fatalf("AppendLongDecimalJSON(%+v) = %q, want %q", d, got, want)
			}
			if got := string(AppendDecimalJSON(make([]byte, 0, 128), d)); got != want {
				t.Fatalf("AppendDecimalJSON(%+v) = %q, want %q", d, got, want)
			}
		}
	}
}

// mantissasFrom1e8 returns decimal mantissas from 1e8 to below 1e17 (9 to
// 17 digits) for the long decimal writer's tests: the bounds of every
// digit count and n drawn by r, of any of those digit counts. Some are
// multiples of 10, which no cell holds; the tests skip them.
func mantissasFrom1e8(r *rand.Rand, n int) []uint64 {
	var ms []uint64
	for p := uint64(1e8); p < 1e17; p *= 10 {
		ms = append(ms, p+1, 2*p-1, 9*p+1, 10*p-1, 99*p/10+1, p+p/10+1)
	}
	for range n {
		p := uint64(1e8)
		for range r.IntN(9) {
			p *= 10
		}
		ms = append(ms, p+r.Uint64N(9*p))
	}
	return ms
}

// The long path allocates nothing.
func TestLongDecimalJSONAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not exact under the race detector")
	}
	buf := make([]byte, 0, 64)
	d := format.Decimal{Neg: true, Mant: 84126372710341231, Exp: -17}
	if a := testing.AllocsPerRun(100, func() { buf = AppendDecimalJSON(buf[:0], d) }); a != 0 {
		t.Errorf("allocs = %v, want 0", a)
	}
	if got, want := string(buf), "-0.84126372710341231"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
