package pagebuild

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// CanonicalDecimal is CanonicalFloat for number text s whose digits the
// caller has read already, as jsonwire.ScanDecimal reads them: s is
// ±mant × 10^exp with nd significant digits (mant 0 and nd -1 when it did
// not read them, for more than 19 significant digits). So the common
// number is not read twice: the JSON tokenizer reads the digits as it
// checks the text. Cost: canonicalFloatFast's without its ScanDecimal.
func CanonicalDecimal(s string, neg bool, mant uint64, nd, exp int) (float64, format.Decimal, bool) {
	if nd < 0 || mant == 0 {
		return CanonicalFloat(s)
	}
	for mant%10 == 0 { // normalise: no trailing zeros
		mant /= 10
		exp++
		nd--
	}
	d := format.Decimal{Neg: neg, Mant: mant, Exp: exp}
	if nd > 17 {
		return canonicalFloatGeneral(s)
	}
	if d.Exp < -format.FloatExpBias || d.Exp > format.FloatExpBias {
		if f, ok := canonicalFloatWide(s, d); ok {
			return f, d, true
		}
		return canonicalFloatGeneral(s)
	}
	if !jsonwire.DecimalTextIs(s, d) {
		return canonicalFloatGeneral(s)
	}
	f := format.FloatCell{Dec: d}.Float64()
	if nd > 15 {
		var a, b [16]byte
		got, _ := format.AppendFloatCell(a[:0], f, 64)
		if want := format.AppendDecimalCell(b[:0], d, f); string(got) != string(want) {
			return canonicalFloatGeneral(s)
		}
	}
	return f, d, true
}
