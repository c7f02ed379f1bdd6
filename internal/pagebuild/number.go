package pagebuild

import (
	"math"
	"strconv"

	"github.com/rowpage/rowpage/format"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// CanonicalInt parses s if it is exactly strconv.FormatInt's text of an
// int64. The value is read in the loop that checks the digits: text in
// range cannot overflow it, and text out of range is refused before
// anything else (strconv's range error allocated, twice for each such
// number of a page, and its parse cost about 500 instructions for the 19
// or 20 digits that reach here from the JSON tokenizer, which reads
// shorter integers itself).
func CanonicalInt(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 20 {
		return 0, false
	}
	d, most := s, "9223372036854775807"
	if d[0] == '-' {
		d, most = d[1:], "9223372036854775808"
	}
	if len(d) == 0 || (d[0] == '0' && len(d) > 1) || (s[0] == '-' && d == "0") {
		return 0, false
	}
	var u uint64
	for i := 0; i < len(d); i++ {
		c := d[i] - '0'
		if c > 9 {
			return 0, false
		}
		u = u*10 + uint64(c)
	}
	if len(d) > len(most) || len(d) == len(most) && d > most {
		return 0, false
	}
	if s[0] == '-' {
		return -int64(u), true // -(1<<63) for the most negative: int64(u) is already that
	}
	return int64(u), true
}

// CanonicalUint parses s if it is exactly strconv.FormatUint's text of a
// uint64, as CanonicalInt does.
func CanonicalUint(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 20 || s[0] == '0' {
		return 0, false
	}
	var u uint64
	for i := 0; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		u = u*10 + uint64(c)
	}
	if most := "18446744073709551615"; len(s) == len(most) && s > most {
		return 0, false
	}
	return u, true
}

// canonicalFloat parses s if the page's float rendering of the parsed value
// gives back exactly s. Then s holds the value's shortest digits, which it
// also returns as a Decimal, so that the cell needs no digit search.
func CanonicalFloat(s string) (float64, format.Decimal, bool) {
	if f, d, ok, sure := canonicalFloatFast(s); sure {
		return f, d, ok
	}
	return canonicalFloatGeneral(s)
}

// canonicalFloatGeneral is CanonicalFloat for any text: a parse, the
// page's float rendering and a comparison.
func canonicalFloatGeneral(s string) (float64, format.Decimal, bool) {
	f, err := jsonwire.ParseFloat64(s) // strconv's bits, without its cliff at subnormals
	if err != nil || math.IsInf(f, 0) {
		return 0, format.Decimal{}, false
	}
	var buf [32]byte
	out := jsonwire.AppendFloat64JSON(buf[:0], f, 64)
	if string(out) != s {
		return 0, format.Decimal{}, false
	}
	return f, DecimalOfText(s), true
}

// decimalOfText reads a float as AppendFloat64JSON writes it ("-0.0012",
// "19.99", "1e+21", "1.5e-7") as a normalised Decimal. Zeros are counted
// rather than multiplied in until a non-zero digit follows, so the leading
// and trailing zeros of the plain form (up to 21 digits) never overflow the
// at most 17 significant digits.
func DecimalOfText(s string) format.Decimal {
	var d format.Decimal
	i := 0
	if s[0] == '-' {
		d.Neg = true
		i++
	}
	frac, zeros, point := 0, 0, false
	for ; i < len(s) && s[i] != 'e'; i++ {
		c := s[i]
		switch {
		case c == '.':
			point = true
			continue
		case c == '0':
			zeros++
		default:
			for ; zeros > 0; zeros-- {
				d.Mant *= 10
			}
			d.Mant = d.Mant*10 + uint64(c-'0')
		}
		if point {
			frac++
		}
	}
	if i < len(s) { // e±x
		d.Exp, _ = strconv.Atoi(s[i+1:])
	}
	if d.Mant == 0 {
		return format.Decimal{Neg: d.Neg} // ±0; AppendDecimalCell writes -0 raw
	}
	d.Exp += zeros - frac
	return d
}
