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
	if nd > 17 {
		return 0, format.Decimal{}, false, false
	}
	if d.Exp < -format.FloatExpBias || d.Exp > format.FloatExpBias {
		if f, ok := canonicalFloatWide(s, d); ok {
			return f, d, true, true
		}
		return 0, format.Decimal{}, false, false
	}
	if !jsonwire.DecimalTextIs(s, d) {
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

// canonicalFloatWide decides, for the normalised decimal d of at most 17
// digits read from s whose exponent is beyond a decimal cell's (5e-324,
// 1.7976931348623157e+308), the texts that are some float's JSON text: s
// must be AppendDecimalJSON's text of d, and d the shortest digits
// (format.ShortestDigits) of a float x near d. Then s is the text
// AppendFloat64JSON writes for x, and x is the float nearest to s (the
// shortest digits read back as their float), which is what the general
// path finds with strconv and, below 1e-100, math/big. The candidates are
// d's float computed in a few roundings (wideCandidate), mostly the
// nearest float or next to it, and the two floats either side of it (all
// but 42 of 793,395 random floats' texts with such exponents are decided,
// in a test run); ok = false, leaving
// the text to the general path, when none of them has d as its shortest
// digits (texts that are not a float's, or a candidate further off).
// Cost: the text rendering and comparison and one to three Schubfach
// conversions (some 150 instructions each; five for a text it leaves), no allocation, where the
// general path parses with strconv (math/big below 1e-100) and formats.
func canonicalFloatWide(s string, d format.Decimal) (float64, bool) {
	if !jsonwire.DecimalTextIs(s, d) {
		return 0, false
	}
	x := math.Float64bits(wideCandidate(d.Mant, d.Exp))
	// x, then the floats one and two places below and above it (at the
	// ends of the range: zero, NaN or infinity, which have no digits)
	for _, step := range [5]int64{0, -1, 1, -2, 2} {
		c := math.Float64frombits(x + uint64(step))
		if m, e, ok := format.ShortestDigits(c); ok && m == d.Mant && e == d.Exp {
			if d.Neg {
				c = -c
			}
			return c, true
		}
	}
	return 0, false
}

// wideCandidate returns mant × 10^exp (mant below 10^17, exp outside
// [-63, 63]) in float arithmetic: within a few units in the last place of
// the nearest float64 (float64(mant) and math.Pow10 are rounded, and so is
// the product), and the largest finite float64 rather than +Inf for values
// past it; 0 for values far below the smallest subnormal.
func wideCandidate(mant uint64, exp int) float64 {
	m := float64(mant)
	var x float64
	switch {
	case exp > 0:
		x = m * math.Pow10(exp)
	case exp >= -300:
		x = m / math.Pow10(-exp)
	default: // below 1e-300: two divisions keep the first step normal
		x = m / 1e300 / math.Pow10(-exp-300)
	}
	if math.IsInf(x, 1) {
		return math.MaxFloat64
	}
	return x
}
