package rowpage

import "github.com/rowpage/rowpage/format"

// plainDecimal reads NUMERIC text in the form PostgreSQL and most drivers
// write it, -?(0|[1-9][0-9]*)\.[0-9]+, in one pass, and says what
// Builder.Number would make of it without parsing or formatting a float:
//
//   - isFloat: the text is exactly what json.Marshal writes for f, the
//     float64 nearest to it (floatText's test). f is exact: the digits, at
//     most 15 of them, and 10^k for k <= 20 fractional digits are exact
//     float64s, so one correctly rounded division gives the float
//     strconv.ParseFloat gives. d is then the text's digits, which are f's
//     shortest, as a normalised Decimal, ready for a float cell.
//   - isText: the fraction ends in 0, which json.Marshal never writes, so
//     the text is no integer and no float's text: Number keeps it as text.
//
// Any other text (integers, exponents, more than 15 digits, tiny values,
// NaN) gives neither; Number decides those. Cost: one scan of the text.
func plainDecimal(s string) (f float64, d format.Decimal, isFloat, isText bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	var m uint64
	for i < len(s) && s[i]-'0' <= 9 {
		m = m*10 + uint64(s[i]-'0')
		i++
	}
	intLen := i - start
	if intLen == 0 || (intLen > 1 && s[start] == '0') || i == len(s) || s[i] != '.' {
		return 0, d, false, false
	}
	frac := i + 1
	for i = frac; i < len(s); i++ {
		if s[i]-'0' > 9 {
			return 0, d, false, false
		}
		m = m*10 + uint64(s[i]-'0')
	}
	if i == frac {
		return 0, d, false, false // "1."
	}
	if s[len(s)-1] == '0' {
		return 0, d, false, true
	}
	sig := intLen + len(s) - frac
	if s[start] == '0' { // 0.000ddd: leading zeros are not significant
		z := frac
		for s[z] == '0' { // stops: the last byte is not '0'
			z++
		}
		if z-frac > 5 { // below 1e-6: json.Marshal writes an exponent
			return 0, d, false, false
		}
		sig = len(s) - z
	}
	if sig > 15 {
		return 0, d, false, false
	}
	f = float64(m) / decimalPow10[len(s)-frac]
	if start == 1 {
		f = -f
	}
	// The last digit is not 0, so m has no trailing zeros to strip.
	return f, format.Decimal{Neg: start == 1, Mant: m, Exp: frac - len(s)}, true, false
}

// decimalPow10 are the powers of ten that float64 holds exactly.
var decimalPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
