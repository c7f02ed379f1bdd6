package jsontext

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestCellDecimalEveryLength parses a number that is a whole cell with an
// integer part of 0 to 9 digits (value's short path, shortDecimal, takes
// 1 to 7 without a leading zero, "0" included) and a fraction of 0 to 9
// digits with zeros first, last or throughout, followed by each kind of
// byte that can end it or continue it and by enough spaces for the short
// path or too few. A valid number must come to Decimal with its digits as
// jsonwire.ScanDecimal reads them; text json.Valid rejects must fail at the
// offset the long path gives.
func TestCellDecimalEveryLength(t *testing.T) {
	var p, long Parser
	ints := []string{"", "0", "00", "-0", "-3", "5", "12", "907", "1000", "65536", "123456", "9999999", "10000000", "123456789"}
	fracs := []string{"", "0", "5", "00", "05", "50", "99", "001", "100", "0000001", "1234567", "9000000", "12345678", "000000001", "987654321"}
	ends := []string{"", ",", "]", "e3", "E-2", "e", ".", "x", "0", " "}
	for _, in := range ints {
		for _, fr := range fracs {
			for _, end := range ends {
				for pad := 0; pad < 20; pad += 3 {
					num := in + "." + fr + end
					text := num + strings.Repeat(" ", pad)
					var s decimalSink
					e := p.Value(&s, []byte(text), 10)
					if in != "" {
						// The long path: Value through number.
						var ref decimalSink
						long.begin(&ref, []byte(text), 10)
						if j := long.number(0); j >= 0 {
							if j = skipWS(long.in, j); j < len(text) {
								long.syntax(j, "after top-level value")
							}
						}
						want := long.result()
						if (e == nil) != (want == nil) || e != nil && *e != *want || s.text != ref.text || s.decimal != ref.decimal ||
							s.neg != ref.neg || s.mant != ref.mant || s.nd != ref.nd || s.exp != ref.exp {
							t.Fatalf("%q: %v %+v, long path %v %+v", text, e, s, want, ref)
						}
					}
					if !json.Valid([]byte(text)) {
						if e == nil {
							t.Fatalf("%q: no error", text)
						}
						continue
					}
					if e != nil {
						t.Fatalf("%q: %v", text, e)
					}
					x := strings.TrimSpace(num)
					if !s.decimal || s.text != x {
						t.Fatalf("%q: Decimal got %q (called %v)", text, s.text, s.decimal)
					}
					neg, mant, nd, exp, ok := jsonwire.ScanDecimal(x)
					if !ok || s.neg != neg || s.mant != mant || s.nd != nd || s.exp != exp {
						t.Fatalf("%q: Decimal(neg %v, mant %d, nd %d, exp %d), ScanDecimal (%v, %d, %d, %d, %v)",
							text, s.neg, s.mant, s.nd, s.exp, neg, mant, nd, exp, ok)
					}
				}
			}
		}
	}
}

// TestDecimalFractionWords parses numbers with integer parts of 1 to 20
// digits and fractions of 1 to 24 (decimal reads a fraction eight digits
// a load past the first significant digit while they keep within 19),
// some digits zero, with and without an exponent, as an element of an
// array with text after it: a DecimalSink must get the digits
// jsonwire.ScanDecimal reads.
func TestDecimalFractionWords(t *testing.T) {
	var p Parser
	r := rand.New(rand.NewPCG(16, 35))
	digits := func(n int, first byte) string {
		b := make([]byte, n)
		for k := range b {
			b[k] = "0123456789"[r.IntN(10)]
			if r.IntN(4) == 0 {
				b[k] = '0'
			}
		}
		if n > 0 && first != 0 {
			b[0] = first
		}
		return string(b)
	}
	for il := 1; il <= 20; il++ {
		for fl := 1; fl <= 24; fl++ {
			for _, exp := range []string{"", "e-3", "E+12"} {
				for try := 0; try < 4; try++ {
					x := digits(il, "123456789"[r.IntN(9)]) + "." + digits(fl, 0) + exp
					if try%2 == 1 {
						x = "-" + x
					}
					var s decimalSink
					if e := p.Value(&s, []byte("["+x+","+strings.Repeat(" ", try*3)+"1]"), 10); e != nil {
						t.Fatalf("%s: %v", x, e)
					}
					neg, mant, nd, ex, ok := jsonwire.ScanDecimal(x)
					if !ok {
						mant, nd, ex = 0, -1, s.exp
					}
					if s.text != x || s.neg != neg || s.mant != mant || s.nd != nd || s.exp != ex {
						t.Fatalf("%s: Decimal(%q, neg %v, mant %d, nd %d, exp %d), ScanDecimal (%v, %d, %d, %d, %v)",
							x, s.text, s.neg, s.mant, s.nd, s.exp, neg, mant, nd, ex, ok)
					}
				}
			}
		}
	}
}
