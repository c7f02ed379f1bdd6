package pagebuild

import (
	"math"
	"math/bits"

	"github.com/rowpage/rowpage/format"
)

// Float cells (SPEC.md section 5.3) for float64 values, faster than
// format.AppendFloatCell for the common values: integers, money and other
// decimals of up to about 15 digits are found with a few float operations
// instead of format.ShortestDecimal's digit-by-digit search, and values
// that need 16 or 17 digits (a random fraction, a computed score) are
// recognised as such in one step and sent straight to the full
// shortest-digits conversion (format.ShortestDecimalLong: Schubfach, about
// 17ns). appendFloatCell writes exactly the bytes
// format.AppendFloatCell writes; TestFloatCellMatchesFormat compares the two
// on millions of values.
//
// The argument, for 1e-7 <= |f| < 2^49 - 0.5. Let a = |f|, p(k) = 10^k and
// m(k) = round(a*p(k)) computed in binary64, as format.shortest64 computes
// them, and let K be the largest k with m(k) < 2^49 (K <= 21, as a*1e22 >=
// 1e15). shortest64 accepts the first k with m(k)/p(k) == a, and its
// argument (scaled rounding interval narrower than 0.23, product error below
// 0.12, for scaled values below 1e15) shows that an integer that rounds to a
// at scale k is found at every scale from k to K. So:
//
//   - if m(K)/p(K) == a, a decimal exists; stripping the trailing zeros of
//     m(K) gives the same digits and exponent as the first match: those are
//     the cell's digits;
//   - otherwise no decimal with fewer than 2^49 as digits rounds to a (a
//     shorter one would have matched at K), so shortest64 would search in
//     vain before its full conversion: format.ShortestDecimalLong goes
//     there directly.
//
// Before that, k = 0, 1 and 2 are tried as shortest64 tries them, so that
// integers and values with one or two decimals take one or two steps.
// Everything else (zero, -0, tiny and large values, NaN and infinities)
// goes to format.AppendFloatCell.

const (
	cellMantLimit = 1 << 49 // the fast search's bound on digits (see above)
	cellExpBias   = 63      // decimal selector = exponent + 63, sign in bit 7
)

var CellPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// cellScaleStart[e] is K (see above) for the largest float64 of biased
// binary exponent e, so it is at most K for every value of that exponent:
// the search for K starts there and takes at most one more step.
var cellScaleStart = func() (t [2048]uint8) {
	for e := range t {
		a := math.Float64frombits(uint64(e+1)<<52 - 1)
		k := 0
		for k < len(CellPow10)-1 && float64(a*CellPow10[k+1]) < cellMantLimit-0.5 {
			k++
		}
		t[e] = uint8(k)
	}
	return t
}()

// appendFloatCell appends the canonical float cell of f read as a float of
// the given bits (32 or 64): format.AppendFloatCell, with a fast path for
// float64 values. It returns format.ErrNonFinite for NaN and infinities.
func AppendFloatCell(dst []byte, f float64, bits int) ([]byte, error) {
	a := math.Abs(f)
	if bits == 32 || !(a >= 1e-7 && a < cellMantLimit-0.5) {
		return format.AppendFloatCell(dst, f, bits)
	}
	// Values with at most two decimals (integers, money) are found by
	// shortest64's own first steps; for k = 0, m/1 == a says that a is an
	// integer, which converting it (a < 2^49) tells without rounding.
	if m := uint64(a); float64(m) == a {
		return appendDecimalCell(dst, f < 0, m, 0), nil
	}
	// A dyadic value n/2^j (n odd) is exactly the decimal n*5^j / 10^j.
	// With at most 15 digits, that decimal is the shortest (see
	// dyadicCell): a product and a compare, no division. Scores in eighths
	// and halves, and sums of them, are such.
	if b, ok := dyadicCell(dst, f < 0, math.Float64bits(a)); ok {
		return b, nil
	}
	for k := 1; k < 3; k++ {
		p := CellPow10[k]
		m := math.Round(float64(a * p))
		if m >= cellMantLimit {
			break
		}
		if float64(m/p) == a {
			return appendDecimalCell(dst, f < 0, uint64(m), -k), nil
		}
	}
	k := int(cellScaleStart[math.Float64bits(a)>>52])
	for float64(a*CellPow10[k+1]) < cellMantLimit-0.5 {
		k++
	}
	p := CellPow10[k]
	m := math.Round(float64(a * p))
	if float64(m/p) != a {
		d, _ := format.ShortestDecimalLong(f) // f is finite and non-zero
		return format.AppendDecimalCell(dst, d, f), nil
	}
	return appendDecimalCell(dst, f < 0, uint64(m), -k), nil
}

// dyadicCell appends the cell of a, given as its bits, if a = n/2^j for
// an odd n and 1 <= j <= 21 with n*5^j < 10^15, and reports whether it
// did. a = D/10^j exactly for D = n*5^j, an odd number, so:
//
//   - no decimal with fewer fractional digits rounds to a: such a decimal
//     m/10^k differs from a by at least 10^-j (m*10^(j-k) is a multiple of
//     10 and D is odd), while the decimals that round to a, below
//     10^15/10^j, are within half an ulp of it, less than 2^-53 * 10^15 *
//     10^-j;
//   - D/10^j rounds to a (it is a), so D is the shortest digits: the
//     digits of shortest64's first match when D < 2^49 (at scale j,
//     a*10^j is the integer D, which binary64 multiplication gives
//     exactly), and of its full conversion when D is larger.
//
// D is odd, so it has no trailing zeros to strip. Zero and subnormals,
// whose bits do not hold the leading 1, never get here (a >= 1e-7).
func dyadicCell(dst []byte, neg bool, bits64 uint64) ([]byte, bool) {
	m := bits64&(1<<52-1) | 1<<52
	tz := bits.TrailingZeros64(m)
	j := 1075 - int(bits64>>52) - tz // a = m>>tz / 2^j
	if uint(j-1) >= uint(len(dyadicLimit)-1) {
		return dst, false
	}
	n := m >> tz
	if n >= dyadicLimit[j] {
		return dst, false
	}
	return AppendCellDigits(dst, neg, n*pow5[j], -j), true
}

// pow5[j] is 5^j; dyadicLimit[j] is the smallest n with n*5^j >= 10^15
// (dyadicLimit[0] is unused).
var pow5, dyadicLimit = func() (p, l [22]uint64) {
	p[0] = 1
	for j := 1; j < len(p); j++ {
		p[j] = 5 * p[j-1]
		l[j] = (1e15 + p[j] - 1) / p[j]
	}
	return p, l
}()

// appendDecimalCell appends the decimal cell of (-1)^neg * mant * 10^exp
// after removing mant's trailing zeros; mant > 0.
func appendDecimalCell(dst []byte, neg bool, mant uint64, exp int) []byte {
	mant, exp = format.StripZeros(mant, exp)
	return AppendCellDigits(dst, neg, mant, exp)
}

// appendCellDigits appends the decimal cell of (-1)^neg * mant * 10^exp,
// where mant > 0 has no trailing zeros.
func AppendCellDigits(dst []byte, neg bool, mant uint64, exp int) []byte {
	s := byte(exp + cellExpBias)
	if neg {
		s |= 0x80
	}
	switch {
	case mant < 1<<7:
		return append(dst, s, byte(mant))
	case mant < 1<<14:
		return append(dst, s, byte(mant)|0x80, byte(mant>>7))
	case mant < 1<<21:
		return append(dst, s, byte(mant)|0x80, byte(mant>>7)|0x80, byte(mant>>14))
	}
	return format.AppendUvarint(append(dst, s), mant)
}
