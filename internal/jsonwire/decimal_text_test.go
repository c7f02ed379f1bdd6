package jsonwire

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// readDecimal reads number text as the callers of DecimalTextIs do:
// ScanDecimal's digits without trailing zeros.
func readDecimal(s string) (format.Decimal, bool) {
	neg, m, _, exp, ok := ScanDecimal(s)
	if !ok || m == 0 {
		return format.Decimal{}, false
	}
	for m%10 == 0 {
		m /= 10
		exp++
	}
	return format.Decimal{Neg: neg, Mant: m, Exp: exp}, true
}

// TestDecimalTextIsEncodingJSON checks DecimalTextIs on encoding/json's
// text of floats (which it must accept with the float's shortest digits)
// and on texts near it that read as the same or other digits (which it
// must accept exactly when AppendDecimalJSON writes them): exponent forms
// at the 1e21 and 1e-6 boundaries, subnormals, MaxFloat64, 17-digit
// floats, and changed signs, cases, zeros and exponent digits.
func TestDecimalTextIsEncodingJSON(t *testing.T) {
	floats := []float64{
		1e21, 1e-7, 9.999999999999999e20, 1e20, 1e-6, 9.99999e-7, 1.5e-7, 5e-324, 1e-323, 2.2250738585072014e-308,
		2.225073858507201e-308, math.MaxFloat64, math.SmallestNonzeroFloat64, 1.7976931348623155e308,
		123456789012345678e10, 1.2345678901234567e-100, 1e100, 1e-100, 1e99, 1e-99, 1e-10, 1e+22, 1e23,
		0.1, 123.456, 1, 100, 9007199254740993, 1 << 53, 1 << 63, 1 << 64,
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		floats = append(floats, math.Float64frombits(r.Uint64()))
		floats = append(floats, float64(r.Int64N(1e17))*math.Pow10(r.IntN(60)-30))
	}
	for _, f := range floats {
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
			continue
		}
		for _, g := range []float64{f, -f} {
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			s := string(b)
			m, e, ok := format.ShortestDigits(g)
			if !ok {
				continue
			}
			if !DecimalTextIs(s, format.Decimal{Neg: g < 0, Mant: m, Exp: e}) {
				t.Errorf("DecimalTextIs(%q, its shortest digits) = false", s)
			}
			for _, v := range textVariants(s) {
				d, ok := readDecimal(v)
				if !ok {
					continue
				}
				var buf [64]byte
				want := string(AppendDecimalJSON(buf[:0], d)) == v
				if got := DecimalTextIs(v, d); got != want {
					t.Errorf("DecimalTextIs(%q, %+v) = %v, AppendDecimalJSON says %v", v, d, got, want)
				}
			}
		}
	}
}

// textVariants returns texts that read as the same or nearby digits as
// s: other cases, signs and zeros, and the same float in other forms.
func textVariants(s string) []string {
	f, _ := strconv.ParseFloat(s, 64)
	out := []string{
		s, "+" + s, "0" + s, s + "0",
		strconv.FormatFloat(f, 'e', -1, 64), strconv.FormatFloat(f, 'E', -1, 64),
		strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'f', -1, 64),
		strconv.FormatFloat(f, 'e', 20, 64),
	}
	if i := indexByte(s, 'e'); i >= 0 {
		m, x := s[:i], s[i+1:]
		out = append(out, m+"0e"+x, m+"E"+x, m+"e0"+x[1:], m+"e"+x[:1]+"0"+x[1:], m+"e"+x[1:])
		if x[0] == '-' {
			out = append(out, m+"e+"+x[1:])
		}
		if j := indexByte(m, '.'); j >= 0 {
			out = append(out, m[:j]+m[j+1:]+"e"+x, m[:j]+"."+m[j+1:]+"0e"+x)
		} else {
			out = append(out, m+".0e"+x, "0."+m+"e"+x)
		}
	}
	return out
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
