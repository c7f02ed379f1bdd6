package sqlpage

import "github.com/rowpage/rowpage/format"

// plainDecimal reads NUMERIC text in the form PostgreSQL and most drivers
// write it, -?(0|[1-9][0-9]*)\.[0-9]+, in one pass, and says what
// Builder.Number would make of it without parsing or formatting a float:
//
//   - isFloat: the text is exactly what json.Marshal writes for the
//     float64 nearest to it (floatText's test), so the text's digits are
//     that float's shortest: d holds them as a normalised Decimal, ready
//     for a float cell (at most 15 digits, the last not 0, and at most 20
//     decimals, which the cell's decimal form always holds). The float
//     itself is not needed for the cell, so it is not computed (the tests
//     compute it, decimalFloat, to check the digits against
//     strconv.ParseFloat).
//   - isText: the fraction ends in 0, which json.Marshal never writes, so
//     the text is no integer and no float's text: Number keeps it as text.
//
// Any other text (integers, exponents, more than 15 digits, tiny values,
// NaN) gives neither; Number decides those. Cost: one scan of the text.
func plainDecimal(s string) (d format.Decimal, isFloat, isText bool) {
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
		return d, false, false
	}
	frac := i + 1
	for i = frac; i < len(s); i++ {
		if s[i]-'0' > 9 {
			return d, false, false
		}
		m = m*10 + uint64(s[i]-'0')
	}
	if i == frac {
		return d, false, false // "1."
	}
	if s[len(s)-1] == '0' {
		return d, false, true
	}
	sig := intLen + len(s) - frac
	if s[start] == '0' { // 0.000ddd: leading zeros are not significant
		z := frac
		for s[z] == '0' { // stops: the last byte is not '0'
			z++
		}
		if z-frac > 5 { // below 1e-6: json.Marshal writes an exponent
			return d, false, false
		}
		sig = len(s) - z
	}
	if sig > 15 {
		return d, false, false
	}
	// The last digit is not 0, so m has no trailing zeros to strip.
	return format.Decimal{Neg: start == 1, Mant: m, Exp: frac - len(s)}, true, false
}
