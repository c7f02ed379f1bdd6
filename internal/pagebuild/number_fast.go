package pagebuild

import (
	"math"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// canonicalFloatFast is CanonicalFloat without its float formatting, for
// the common numbers. sure reports whether it decided; if not, the caller
// takes the general path (parse, format, compare). It reads s's digits as
// a normalised decimal d (jsonwire.ScanDecimal) and requires s to be
// exactly the text encoding/json writes for a float whose shortest digits
// are d (jsonwire.AppendDecimalJSON, the hit path's renderer). Then it needs only to know that d is the shortest
// decimal of the float nearest to it:
//
//   - with at most 15 significant digits it always is: two decimals of 15
//     digits lie further apart than a float64's rounding interval, which is
//     also why they round-trip (format.FloatCell.Canonical relies on the
//     same);
//   - with 16 or 17 digits, format.AppendFloatCell writes the cell of the
//     float's shortest digits (Schubfach), which must be d's own.
//
// The float is format.FloatCell's conversion of d: one multiply or divide
// for short decimals, Eisel-Lemire for long ones, no text.
//
// Negative zero is "-0". Everything else (other zeros, more digits,
// exponents beyond a decimal cell's [-63, 63], texts json.Marshal would
// not write) is left undecided. Cost:
// reading the digits, rendering them (no allocation), comparing and a
// conversion, plus, for 16 or 17 digits, a digit search; the general path
// parses the text with strconv and formats the float with strconv.
func canonicalFloatFast(s string) (f float64, d format.Decimal, ok, sure bool) {
	if s == "-0" { // json.Marshal's text of negative zero; the general path's answer
		return math.Copysign(0, -1), format.Decimal{Neg: true}, true, true
	}
	neg, m, nd, exp, parsed := jsonwire.ScanDecimal(s)
	if !parsed || m == 0 {
		return 0, format.Decimal{}, false, false
	}
	for m%10 == 0 { // normalise: no trailing zeros
		m /= 10
		exp++
		nd--
	}
	d = format.Decimal{Neg: neg, Mant: m, Exp: exp}
	if nd > 17 || d.Exp < -format.FloatExpBias || d.Exp > format.FloatExpBias {
		return 0, format.Decimal{}, false, false
	}
	var buf [64]byte
	if string(jsonwire.AppendDecimalJSON(buf[:0], d)) != s {
		// Not the text of this decimal's float; whether it is some other
		// float's is for the general path.
		return 0, format.Decimal{}, false, false
	}
	f = format.FloatCell{Dec: d}.Float64()
	if nd > 15 {
		var a, b [16]byte
		got, _ := format.AppendFloatCell(a[:0], f, 64)
		if want := format.AppendDecimalCell(b[:0], d, f); string(got) != string(want) {
			return 0, format.Decimal{}, false, false
		}
	}
	return f, d, true, true
}
