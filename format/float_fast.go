package format

import (
	"math"
	"math/bits"
)

// The fast path of AppendFloatCell for float64 values. It is faster than
// the general search for the common values: integers, money and other
// decimals of up to about 15 digits are found with a few float operations
// instead of shortestDecimal's digit-by-digit search, and values
// that need 16 or 17 digits (a random fraction, a computed score) are
// recognised as such in one step and sent straight to the full
// shortest-digits conversion (shortestDecimalLong: Schubfach, about 17ns). appendFloatCell64 writes
// exactly the bytes of the general path; TestFloatCellFastPath compares
// the two on millions of values.
//
// The argument, for 1e-7 <= |f| < 2^49 - 0.5. Let a = |f|, p(k) = 10^k and
// m(k) = round(a*p(k)) computed in binary64, as shortest64 computes
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
//     vain before its full conversion: shortestDecimalLong goes
//     there directly.
//
// Before that, k = 0, 1 and 2 are tried as shortest64 tries them, so that
// integers and values with one or two decimals take one or two steps.
// Everything else (zero, -0, tiny and large values, NaN and infinities)
// takes the general path.

// cellMantLimit is the fast search's bound on digits (see above).
const cellMantLimit = 1 << 49

// cellScaleStart[e] is K (see above) for the largest float64 of biased
// binary exponent e, so it is at most K for every value of that exponent:
// the search for K starts there and takes at most one more step.
var cellScaleStart = func() (t [2048]uint8) {
	for e := range t {
		a := math.Float64frombits(uint64(e+1)<<52 - 1)
		k := 0
		for k < len(pow10f64)-1 && float64(a*pow10f64[k+1]) < cellMantLimit-0.5 {
			k++
		}
		t[e] = uint8(k)
	}
	return t
}()

// appendFloatCell64 appends the canonical float cell of the float64 f,
// 1e-7 <= |f| < cellMantLimit-0.5.
func appendFloatCell64(dst []byte, f float64) []byte {
	a := math.Abs(f)
	// Values with at most two decimals (integers, money) are found by
	// shortest64's own first steps; for k = 0, m/1 == a says that a is an
	// integer, which converting it (a < 2^49) tells without rounding.
	if m := uint64(a); float64(m) == a {
		return appendDigitsCell(dst, f < 0, m, 0)
	}
	// A dyadic value n/2^j (n odd) is exactly the decimal n*5^j / 10^j.
	// With at most 15 digits, that decimal is the shortest (see
	// dyadicCell): a product and a compare, no division. Scores in eighths
	// and halves, and sums of them, are such.
	if b, ok := dyadicCell(dst, f < 0, math.Float64bits(a)); ok {
		return b
	}
	for k := 1; k < 3; k++ {
		p := pow10f64[k]
		m := math.Round(float64(a * p))
		if m >= cellMantLimit {
			break
		}
		if float64(m/p) == a {
			return appendDigitsCell(dst, f < 0, uint64(m), -k)
		}
	}
	k := int(cellScaleStart[math.Float64bits(a)>>52])
	for float64(a*pow10f64[k+1]) < cellMantLimit-0.5 {
		k++
	}
	p := pow10f64[k]
	m := math.Round(float64(a * p))
	if float64(m/p) != a {
		d, _ := shortestDecimalLong(f) // f is finite and non-zero
		return AppendDecimalCell(dst, d, f)
	}
	return appendDigitsCell(dst, f < 0, uint64(m), -k)
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
	return appendDecimalCell(dst, Decimal{Neg: neg, Mant: n * pow5[j], Exp: -j}), true
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

// appendDigitsCell appends the decimal cell of (-1)^neg * mant * 10^exp
// after removing mant's trailing zeros; mant > 0.
func appendDigitsCell(dst []byte, neg bool, mant uint64, exp int) []byte {
	mant, exp = stripZeros(mant, exp)
	return appendDecimalCell(dst, Decimal{Neg: neg, Mant: mant, Exp: exp})
}
