package format

import "math"

// The fast path of AppendFloatCell for float64 values. It is faster than
// the general search for the common values: integers, money and other
// decimals of up to about 15 digits are found with a few float operations
// instead of shortestDecimal's digit-by-digit search, and values
// that need 16 or 17 digits (a random fraction, a computed score) are
// recognised as such in one step and sent straight to the full
// shortest-digits conversion (shortestDigits64: Schubfach, about 17ns).
// appendFloatCell64 writes exactly the bytes of the general path;
// TestFloatCellFastPath compares the two on millions of values, and
// TestFloatCellLongDigits compares both with strconv.
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
//     vain before its full conversion: appendLongCell goes there directly.
//
// Before that, integers (k = 0) are told by one conversion. Nothing else
// is tried before K: values with one or two decimals (money) and dyadic
// ones (n/2^j: halves, eighths) once took their own steps first, which
// cost the values of 16 or 17 digits about 70 instructions each (the two
// tries at k = 1 and 2 and the dyadic test) and saved the short ones less
// than that. Everything else (zero, -0, tiny and large values, NaN and
// infinities) takes the general path.

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
// 1e-7 <= |f| < cellMantLimit-0.5. Cost: about 25 instructions to find
// the digits of an integer or a decimal of up to 15 digits, and the
// conversion of appendLongCell for the others.
func appendFloatCell64(dst []byte, f float64) []byte {
	a := math.Abs(f)
	// For k = 0, m/1 == a says that a is an integer, which converting it
	// (a < 2^49) tells without rounding. The conversion is to int64, which
	// holds a: one instruction each way, where uint64's took a test and
	// two branches for values from 2^63 (about 8 instructions more).
	if m := int64(a); float64(m) == a {
		return appendDigitsCell(dst, f < 0, uint64(m), 0)
	}
	k := int(cellScaleStart[math.Float64bits(a)>>52])
	for float64(a*pow10f64[k+1]) < cellMantLimit-0.5 {
		k++
	}
	// m is a*p rounded half to even, one ROUNDSD, where math.Round (half
	// away from zero, as shortest64 rounds) is some 20 instructions of
	// bit arithmetic. The two differ only on a product of exactly n+0.5,
	// and it cannot matter: at most one integer m below 2^49 has m/p == a
	// (a's rounding interval, scaled by p, is narrower than 0.23), so a
	// match is that integer whichever way m was rounded, and a miss takes
	// appendLongCell, which is exact for every value.
	p := pow10f64[k]
	m := math.RoundToEven(float64(a * p))
	if float64(m/p) != a {
		return appendLongCell(dst, f)
	}
	return appendDigitsCell(dst, f < 0, uint64(m), -k)
}

// appendLongCell appends the cell of f, 1e-7 <= |f| < cellMantLimit-0.5,
// whose shortest decimal the fast search does not find: one of 16 or 17
// digits for most such values (random fractions, computed scores), or a
// shorter one whose digits at the search's scale pass 2^49 (such as
// 0.999999999999999). It calls
// shortestDigits64 itself, not through shortestDecimalLong, shortestLong64
// and AppendDecimalCell, whose tests for zero, NaN, infinities, -0 and the
// cell's range cannot fail here: the digits are below 10^17 and, for f in
// that range, their exponent lies in [-24, 15], well inside a decimal
// cell's [-63, 63]. Cost: Schubfach's conversion and the cell's append,
// about 40 instructions fewer than the calls it skips.
func appendLongCell(dst []byte, f float64) []byte {
	if mant, exp, ok := shortestDigits64(f); ok {
		return appendDecimalCell(dst, Decimal{Neg: f < 0, Mant: mant, Exp: exp})
	}
	d, _ := shortestDecimalLong(f) // the undecided case, never seen: strconv
	return AppendDecimalCell(dst, d, f)
}

// appendDigitsCell appends the decimal cell of (-1)^neg * mant * 10^exp
// after removing mant's trailing zeros; mant > 0.
func appendDigitsCell(dst []byte, neg bool, mant uint64, exp int) []byte {
	mant, exp = stripZeros(mant, exp)
	return appendDecimalCell(dst, Decimal{Neg: neg, Mant: mant, Exp: exp})
}
