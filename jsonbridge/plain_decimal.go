package jsonbridge

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// canonicalDecimal is pagebuild.CanonicalDecimal (the arguments are a
// DecimalSink's) with a short way for the common decimal cell, "0.99" or
// "14.5": plain text, a point and no exponent, of at most 17 significant
// digits, its fraction not ending in 0, from 0.000001 up. Such text is
// the one way encoding/json writes the float of its decimal if that
// decimal is the float's shortest (json writes floats from 1e-6 to below
// 1e21 without an exponent), which CanonicalDecimal finds by writing the
// text again and comparing it (about 300 instructions). Of at most 15
// digits it always is (no shorter digits make the same float64 when no
// two decimals of 15 digits do), and the short way costs a look at the
// fraction's bytes and one division, exact for mantissas below 2^53 and
// powers of ten up to 10^22 (format.FloatCell.Float64 takes the same
// step); of 16 or 17 digits, shortestIs finds out. Other text goes to
// CanonicalDecimal, through the memo m if it is not nil (floatMemo).
func canonicalDecimal(m *floatMemo, text []byte, neg bool, mant uint64, nd, exp int) (float64, format.Decimal, bool) {
	// The point where a plain text's fraction of -exp digits begins.
	p := len(text) - 1 + exp
	if uint(nd-1) < 17 && exp < 0 && nd+exp >= -5 && p > 0 && text[p] == '.' && text[len(text)-1] != '0' && digitsOnly(text[p+1:]) {
		d := format.Decimal{Neg: neg, Mant: mant, Exp: exp}
		if nd <= 15 {
			f, _ := format.ExactDecimal64(mant, exp) // nd <= 15 and -exp <= 20: exact
			if neg {
				f = -f
			}
			return f, d, true
		}
		if f, ok := shortestIs(d); ok {
			return f, d, true
		}
	}
	if m != nil {
		return m.canonical(text, neg, mant, nd, exp)
	}
	return pagebuild.CanonicalDecimal(view(text), neg, mant, nd, exp)
}

// shortestIs returns the float64 nearest to d, a decimal of 16 or 17
// significant digits, and reports whether d is that float's shortest
// decimal (format.ShortestDigits), the digits its float cell holds: the
// text of d in the plain form is then the one encoding/json writes for
// the float. Where pagebuild.CanonicalDecimal writes the text of d again
// to compare it with the text, writes the float's cell and d's and
// compares them (about 1,150 instructions), this costs the conversion and
// Schubfach's digits, about 300. It reports false, for
// pagebuild.CanonicalDecimal to decide, when the digits differ or
// ShortestDigits cannot tell.
func shortestIs(d format.Decimal) (float64, bool) {
	f := format.FloatCell{Dec: d}.Float64()
	m, e, ok := format.ShortestDigits(f)
	return f, ok && m == d.Mant && e == d.Exp
}

// digitsOnly reports whether b is all ASCII digits: for a JSON number's
// text after its point, that no exponent follows the fraction. Eight
// bytes a load where b has eight (the last load ending at b's end, over
// bytes already seen), about 15 instructions for a fraction of 9 to 16
// digits where a byte at a time took about 60; a byte at a time below
// eight.
func digitsOnly(b []byte) bool {
	if len(b) < 8 {
		for _, c := range b {
			if c-'0' > 9 {
				return false
			}
		}
		return true
	}
	bad := notDigits(binary.LittleEndian.Uint64(b[len(b)-8:]))
	for i := 0; i < len(b)-8; i += 8 {
		bad |= notDigits(binary.LittleEndian.Uint64(b[i:]))
	}
	return bad == 0
}

// notDigits returns w, eight bytes of text, with the high bit of its
// lowest byte that is not an ASCII digit set, 0 if all eight are digits:
// a byte below '0' less '0' wraps to 0xD0 or above and one above '9'
// becomes 10 or more, whose sum with 0x76 reaches 0x80; the borrows and
// carries of such a byte disturb only the bytes above it (as
// jsontext.leadingDigits).
func notDigits(w uint64) uint64 {
	const lsb = 0x0101010101010101
	d := w - lsb*'0'
	return (d | (d + lsb*0x76)) & (lsb * 0x80)
}
