package jsonbridge

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// TestCanonicalDecimalShortWay gives canonicalDecimal number text with a
// fraction or exponent, with the digits a DecimalSink gets for it (those
// jsonwire.ScanDecimal reads), and wants what pagebuild.CanonicalDecimal
// gives: the same float64 bits, digits and verdict. The texts are plain
// decimals at the edges of the short way (15 and 16 digits, 0.000001 and
// below, fractions ending in 0) and texts that look like them where an
// exponent follows ("1.2e-3" puts its point where "0.0012" does), and
// random ones.
func TestCanonicalDecimalShortWay(t *testing.T) {
	ints := []string{"0", "1", "7", "12", "100", "999", "123456", "99999999999999", "999999999999999", "1234567890123456", "12345678901234567890"}
	fracs := []string{"0", "5", "05", "50", "99", "25", "001", "100", "000001", "0000001", "00000015", "000000099",
		"123456789012345", "1234567890123456", "12345678901234", "9000000000000001", "0000000000000000000001"}
	exps := []string{"", "e-3", "E+2", "e-04", "e-005", "e3", "e-1", "e-2", "e-0003", "e21", "e-7"}
	for _, in := range ints {
		for _, fr := range fracs {
			for _, e := range exps {
				for _, sign := range []string{"", "-"} {
					sameAsCanonicalDecimal(t, sign+in+"."+fr+e)
					if fr == "5" {
						sameAsCanonicalDecimal(t, sign+in+e) // an exponent without a point
					}
				}
			}
		}
	}
	for _, x := range []string{"1.2e-3", "0.5e-3", "1.5e-3", "0.0012", "0.0005", "1.25e-04", "0.000001", "0.0000009",
		"0.00000099", "0.0000015", "0.00001", "1e-6", "0.1", "0.2", "0.3", "-0.99", "14.5", "9.8", "1.7976931348623157e308"} {
		sameAsCanonicalDecimal(t, x)
	}
	r := rand.New(rand.NewPCG(35, 16))
	digits := func(n int) string {
		b := make([]byte, n)
		for k := range b {
			b[k] = "0123456789"[r.IntN(10)]
			if r.IntN(3) == 0 {
				b[k] = '0'
			}
		}
		return string(b)
	}
	for range 200_000 {
		in := "0"
		if r.IntN(3) > 0 {
			in = string("123456789"[r.IntN(9)]) + digits(r.IntN(16))
		}
		x := in + "." + digits(1+r.IntN(18))
		switch r.IntN(4) {
		case 0:
			x += "e-" + strings.Repeat("0", r.IntN(3)) + string("0123456789"[r.IntN(10)])
		case 1:
			x = "-" + x
		}
		sameAsCanonicalDecimal(t, x)
	}
}

// TestCanonicalDecimalLongDigits gives canonicalDecimal the text
// encoding/json writes for random float64s from 1e-6 to 1e17, most of
// them of 16 or 17 significant digits, and the same text with its last
// digit moved by one either way (which often still denotes the same
// float, but is not its shortest text): each verdict, float and digits
// must be pagebuild.CanonicalDecimal's, and the float's own text must be
// taken, as json.Unmarshal then json.Marshal would give it back.
func TestCanonicalDecimalLongDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 17))
	for range 200_000 {
		f := r.Float64() * math.Pow(10, float64(r.IntN(23)-6))
		if r.IntN(2) == 0 {
			f = -f
		}
		if f == 0 || math.Abs(f) < 1e-6 {
			continue
		}
		x := strconv.FormatFloat(f, 'f', -1, 64)
		if !sameAsCanonicalDecimal(t, x) {
			t.Fatalf("%s: the text of %v is not taken", x, f)
		}
		if last := x[len(x)-1]; strings.Contains(x, ".") && last > '1' && last < '9' {
			sameAsCanonicalDecimal(t, x[:len(x)-1]+string(last-1))
			sameAsCanonicalDecimal(t, x[:len(x)-1]+string(last+1))
		}
	}
}

// TestDigitsOnly: digitsOnly is true exactly for text of ASCII digits, for
// every length up to three words and every place of one byte that is not
// a digit (the bytes next to '0' and '9', an exponent's, and the ends of
// the byte range), in a view with and without bytes after it.
func TestDigitsOnly(t *testing.T) {
	spec := func(b []byte) bool {
		for _, c := range b {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	for n := range 25 {
		b := make([]byte, n, n+8)
		for i := range b {
			b[i] = '0' + byte(i*7%10)
		}
		if !digitsOnly(b) {
			t.Fatalf("digitsOnly(%q) = false", b)
		}
		for i := range n {
			for _, c := range []byte{'/', ':', 'e', 'E', '+', '-', '.', 0, 0x80, 0xFF} {
				x := append([]byte(nil), b...)
				x[i] = c
				if got := digitsOnly(x); got != spec(x) {
					t.Fatalf("digitsOnly(%q) = %v", x, got)
				}
				if got := digitsOnly(append(x, "99999999"...)[:n]); got != spec(x) {
					t.Fatalf("digitsOnly(%q) in a longer view = %v", x, got)
				}
			}
		}
	}
}

// sameAsCanonicalDecimal requires canonicalDecimal to give for the number
// text x what pagebuild.CanonicalDecimal gives (whether the text is taken,
// and then the float and its decimal), and reports whether it was taken.
func sameAsCanonicalDecimal(t *testing.T, x string) bool {
	t.Helper()
	neg, mant, nd, exp, ok := jsonwire.ScanDecimal(x)
	if !ok {
		mant, nd = 0, -1
	}
	f, d, good := canonicalDecimal(nil, []byte(x), neg, mant, nd, exp)
	wf, wd, wgood := pagebuild.CanonicalDecimal(x, neg, mant, nd, exp)
	if good != wgood || good && (math.Float64bits(f) != math.Float64bits(wf) || d != wd) {
		t.Fatalf("%s: canonicalDecimal %v %v %+v, CanonicalDecimal %v %v %+v", x, good, f, d, wgood, wf, wd)
	}
	return good
}
