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

// CanonicalInteger parses s if it is exactly strconv.FormatInt's text of
// an int64 or strconv.FormatUint's of a uint64, which CanonicalInt and
// then CanonicalUint decide for a number's text: it returns the value's
// magnitude u and whether it is negative (u is then at most 2^63, and
// -int64(u) the int64), so that text of 19 or 20 digits (the integers
// the JSON tokenizer leaves as text) is read once rather than by both.
// Up to 16 digits are read eight a load while eight remain (digitsWord),
// then one at a time; 17 to 20 by longInteger, from three loads. Cost:
// some 90 instructions for 20 digits, where CanonicalInt and
// CanonicalUint took about 190 each.
func CanonicalInteger(s string) (u uint64, neg, ok bool) {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d, neg = d[1:], true
	}
	if len(d) == 0 || len(d) > 20 || d[0] == '0' && (len(d) > 1 || neg) {
		return 0, false, false
	}
	if len(d) > 16 {
		return longInteger(d, neg)
	}
	i := 0
	for ; len(d)-i >= 8; i += 8 {
		w, ok := digitsWord(d[i : i+8])
		if !ok {
			return 0, false, false
		}
		u = u*1e8 + w
	}
	for ; i < len(d); i++ {
		c := d[i] - '0'
		if c > 9 {
			return 0, false, false
		}
		u = u*10 + uint64(c)
	}
	return u, neg, true
}

// longInteger is CanonicalInteger for the digits d of 17 to 20 bytes,
// with no leading zero, of a number whose sign is neg: three loads (the
// first sixteen bytes and the last eight, which overlap them), one test
// that all are digits, the last k (1 to 4) digits taken from the third
// load with its first 8-k bytes masked off as leading zeros, and the
// range checked on the values, which compare with MaxUint64's own parts,
// 1844674407370955 and 1615, without a comparison of text.
func longInteger(d string, neg bool) (uint64, bool, bool) {
	const lsb, msb = 0x0101010101010101, 0x8080808080808080
	k := len(d) - 16
	a := stringWord(d[:8]) - lsb*'0'
	b := stringWord(d[8:16]) - lsb*'0'
	t := stringWord(d[len(d)-8:]) - lsb*'0'
	// A byte below '0' wraps to 0xD0 or above, one above '9' becomes 10
	// or more, whose sum with 0x76 reaches 0x80.
	if (a|(a+lsb*0x76)|b|(b+lsb*0x76)|t|(t+lsb*0x76))&msb != 0 {
		return 0, false, false
	}
	hi := wordDigits(a)*1e8 + wordDigits(b)
	lo := wordDigits(t & (^uint64(0) << ((64 - 8*k) & 63)))
	if k == 4 && (hi > 1844674407370955 || hi == 1844674407370955 && lo > 1615) {
		return 0, false, false // past MaxUint64
	}
	u := hi*smallPow10[k&7] + lo
	if neg && u > 1<<63 {
		return 0, false, false
	}
	return u, neg, true
}

// smallPow10[k] is 10^k, for longInteger (k of 1 to 4).
var smallPow10 = [8]uint64{1, 10, 100, 1000, 10000}

// stringWord returns the first eight bytes of s as a little-endian word:
// one load.
func stringWord(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// wordDigits returns the number whose eight decimal digits are the bytes
// of d, the first in the low byte, each 0 to 9: three multiplications,
// each joining neighbouring groups of digits.
func wordDigits(d uint64) uint64 {
	d = (d*10 + d>>8) & 0x00FF00FF00FF00FF
	d = (d*100 + d>>16) & 0x0000FFFF0000FFFF
	return (d*10000 + d>>32) & 0xFFFFFFFF
}

// digitsWord returns the number whose decimal digits are the eight bytes
// of s, and whether they are all digits: one load, a test of all eight
// bytes at once and three multiplications (each joining neighbouring
// groups of digits).
func digitsWord(s string) (uint64, bool) {
	_ = s[7]
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	const lsb = 0x0101010101010101
	d := w - lsb*'0'
	// A byte below '0' wraps to 0xD0 or above, one above '9' becomes 10
	// or more, whose sum with 0x76 reaches 0x80.
	if (d|(d+lsb*0x76))&(lsb*0x80) != 0 {
		return 0, false
	}
	d = (d*10 + d>>8) & 0x00FF00FF00FF00FF
	d = (d*100 + d>>16) & 0x0000FFFF0000FFFF
	return (d*10000 + d>>32) & 0xFFFFFFFF, true
}
