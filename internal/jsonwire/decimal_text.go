package jsonwire

import "github.com/rowpage/rowpage/format"

// DecimalTextIs reports whether s is AppendDecimalJSON's text of d (Mant
// without trailing zeros, as a float's shortest digits are): what the
// callers that decide whether number text is a float's JSON text compared
// after writing the text. The exponent form, which encoding/json writes
// below 1e-6 and from 1e21 (5e-324, 1e-7, 1e+21, 1.7976931348623157e+308),
// is checked in place: the length the form of d has, the point, 'e', the
// exponent's sign and digits; the mantissa's digits are s's own when they
// fill their places, as the caller read d from s (a text whose digits
// read as d with a leading or trailing zero is longer). Cost: some 40
// instructions, where writing the text took 100 to 200. Other decimals
// (and exponents of four digits or more, which no float has and
// AppendDecimalJSON does not write in full) are written and compared.
func DecimalTextIs(s string, d format.Decimal) bool {
	k := decimalLen(d.Mant)
	if x := d.Exp + k - 1; (x < -6 || x >= 21) && x > -1000 && x < 1000 {
		return expTextIs(s, d.Neg, k, x)
	}
	var buf [64]byte
	return string(AppendDecimalJSON(buf[:0], d)) == s
}

// expTextIs reports whether s, text whose k significant digits were read
// as a decimal of scientific exponent x (|x| below 1000), has the
// exponent form appendDecimalExpJSON writes for it: a '-' if neg, the
// first digit, a point and the k-1 others if k > 1, 'e', the exponent's
// sign ('+' or '-') and its one to three digits without a leading zero,
// which are read back and compared with x.
func expTextIs(s string, neg bool, k, x int) bool {
	i := 0
	if neg {
		i = 1
	}
	m := i + k // the mantissa's end
	if k > 1 {
		m++
	}
	if len(s) < m+3 || len(s) > m+5 || s[i]-'1' > 8 || k > 1 && s[i+1] != '.' || s[m] != 'e' || s[m+2] == '0' {
		return false
	}
	if neg && s[0] != '-' {
		return false
	}
	e := 0
	for j := m + 2; j < len(s); j++ {
		c := s[j] - '0'
		if c > 9 {
			return false
		}
		e = e*10 + int(c)
	}
	switch s[m+1] {
	case '-':
		return -e == x
	case '+':
		return e == x
	}
	return false
}
