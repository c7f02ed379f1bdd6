package jsontext

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// decimalSink keeps the digits of the last number given to Decimal.
type decimalSink struct {
	stringSink
	text    string
	decimal bool
	neg     bool
	mant    uint64
	nd, exp int
}

func (s *decimalSink) Decimal(text []byte, neg bool, mant uint64, nd, exp int) {
	s.text, s.decimal = string(text), true
	s.neg, s.mant, s.nd, s.exp = neg, mant, nd, exp
}

// BigInt keeps an integer of 19 or 20 digits as Number does, as its text.
func (s *decimalSink) BigInt(text []byte, _ bool, _ uint64) { s.Number(text) }

// decimalTexts are numbers with a fraction or exponent: zeros before and
// after the point, 17 to 21 significant digits, integer parts of 18 to 20
// digits (past int64, and wrapping to 0 at 2^64), exponents with and
// without signs and past the clamp.
var decimalTexts = []string{
	"0.5", "-0.5", "0.0", "-0.0", "0e0", "-0E-0", "1.5", "19.99", "100.250", "0.000123", "-0.00012300",
	"1e3", "1E+21", "1.5e-7", "2.5E308", "4.9e-324", "1e-400", "1e999999999999", "1.7976931348623157e308",
	"0.1234567890123456", "0.12345678901234567", "1.2345678901234567890", "12345678901234567890.5",
	"123456789012345678.25", "1234567890123456789.25", "18446744073709551616.5", "9223372036854775808.0",
	"0.00000000000000000000000001", "100000000000000000000.0", "1." + strings.Repeat("0", 30) + "1",
	strings.Repeat("9", 25) + "e-20", "-" + strings.Repeat("1", 19) + "." + strings.Repeat("2", 5),
	// Fractions after "0." whose leading zeros are skipped before the
	// words of digits: 16 to 21 digits past them, zeros only, zeros up to
	// the end and an exponent after them.
	"0.9450872974985036", "-0.38048150285713334", "0.0000000012345678901234567", "0.00012345678901234567890",
	"-0.000000000000000000001", "0.00000000", "0.000000000000000000000000000000000000000012345678",
	"-0.0000000098765432109876", "0.00000001e5", "0.0000000000000000001234567890123456789", "0.05",
	// Exponents of one to nine digits, with leading zeros and past the
	// clamp.
	"5e-324", "1e+21", "1e-7", "2.5e0000007", "1e1234567", "-1e-1234567", "1e12345678", "1e-00000001",
	"1E+000000000001", "9.5e99999", "9.5e100000", "9.5e100001", "1e0", "7.25e-12",
}

// TestDecimalDigitsAsScanDecimal parses each number, alone and inside an
// array, and checks that a DecimalSink gets it with its digits read as
// jsonwire.ScanDecimal reads its text (nd -1 where that has more than 19
// significant digits), and that a plain Sink gets its text.
func TestDecimalDigitsAsScanDecimal(t *testing.T) {
	var p Parser
	for _, x := range decimalTexts {
		if !json.Valid([]byte(x)) {
			t.Fatalf("%s: not JSON", x)
		}
		for _, frame := range [][2]string{{"", ""}, {"[1,", ",2]"}, {"[", ",12345678]"}, {"[", "   ]"}} {
			var s decimalSink
			if e := p.Value(&s, []byte(frame[0]+x+frame[1]), 10); e != nil {
				t.Fatalf("%s: %v", x, e)
			}
			if !s.decimal || s.text != x {
				t.Fatalf("%s: Decimal got %q (called %v)", x, s.text, s.decimal)
			}
			neg, mant, nd, exp, ok := jsonwire.ScanDecimal(x)
			if !ok {
				mant, nd, exp = 0, -1, s.exp // the exponent is not asked for then
			}
			if s.neg != neg || s.mant != mant || s.nd != nd || s.exp != exp {
				t.Fatalf("%s: Decimal(neg %v, mant %d, nd %d, exp %d), ScanDecimal (%v, %d, %d, %d, %v)",
					x, s.neg, s.mant, s.nd, s.exp, neg, mant, nd, exp, ok)
			}
			var n numberSink
			if e := p.Value(&n, []byte(x), 10); e != nil || n.text != x {
				t.Fatalf("%s: plain sink's Number got %q, %v", x, n.text, e)
			}
		}
	}
}

// numberSink keeps the text given to Number.
type numberSink struct {
	stringSink
	text string
}

func (s *numberSink) Number(text []byte) { s.text = string(text) }
