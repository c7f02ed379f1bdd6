package format

import (
	"math"
	"math/bits"
)

// Exact binary to shortest decimal conversion by the Schubfach algorithm
// (Raffaello Giulietti, "The Schubfach way to render doubles", 2020/2022),
// restricted to the float64 values a float cell can hold as digits, and
// producing exactly the digits of strconv.FormatFloat(f, 'e', -1, 64).
//
// The spec. A positive float64 v = c×2^q (c in [2^52, 2^53)) is the
// nearest float to every real in its rounding interval R: from the
// midpoint with its predecessor to the midpoint with its successor, both
// ends included when c is even (round half to even would pick v) and
// excluded when c is odd. R is v ± 2^q/2, except at a power of two (c =
// 2^52), where the predecessor is only 2^q/2 below and R is [v - 2^q/4,
// v + 2^q/2]. strconv writes the decimal in R with the fewest significant
// digits; among those of that length, the one nearest to v; on an exact
// tie, the one with an even last digit (Go 1.26's Dragonbox, like
// Schubfach, rounds ties to even).
//
// The search. Let k = floor(log10(width of R)), i.e. floor(log10 2^q), or
// floor(log10(3/4 × 2^q)) at a power of two. In units of 10^k, R is W
// wide with 1 <= W < 10 (W = 10 would need 2^q or 3×2^(q-2) to be a power
// of ten). So R holds at most one multiple of 10 (of 10^(k+1) in real
// terms), and if it holds one, that is the answer: every shorter decimal is
// also such a multiple, and there is only one. Else R holds no decimal of
// fewer digits than those at 10^k, and it holds s = floor(v/10^k) or s+1:
// the nearer of the two lies within 1/2 of v, inside R when the half-width
// is at least 1/2; at a power of two R reaches W/3 below v and 2W/3 above,
// so when s is out (more than W/3 below) s+1 is within 1 - W/3 <= 2W/3
// above. The answer is whichever of s and s+1 is in R, or the nearer if
// both are, or the even one on a tie (possible only for k <= 0, where the
// table entry is exact).
//
// The arithmetic. Everything is compared in units of 10^k/4: the ends and
// v become X = cp × 2^q / 10^k for cp = 4c-2 (4c-1 at a power of two), 4c
// and 4c+2. A candidate d×10^k is in R when X_low <= 4d (X_low < 4d for
// odd c), and likewise at the top. These comparisons, and the tie test
// against 4s+2, are against even integers, so they only need X rounded to
// odd: floor(X) when X is an integer, else floor(X) with the last bit set.
// That value, not X itself, is what shortestRoundOdd computes.
//
// Why the rounding is exact. shortestPow10 holds g = 10^-k × 2^(127-b), b
// = floor(log2 10^-k), rounded up to an integer in [2^127, 2^128): exact
// (error 0) for 0 <= -k <= 55, else above the true G by less than 1. With
// h = q + b + 1, in [1, 4], so that cp << h < 2^59, the full 192-bit
// product (cp << h) × g has as its top 64 bits the integer part of Y =
// (cp << h) × g / 2^128 and as its low 128 bits the fraction. One
// multiplication gives the product for 4c; the other two differ from it by
// exactly ±2^(h+1)×g (or 2^h×g), added in 192 bits. Then X <= Y < X +
// 2^59/2^128 = X + 2^-69. If the fraction of Y is at least 2^-69 (in
// practice: its upper 64 bits are not all zero), X has the same integer
// part and is not an integer. Below that, X is either an integer (for -k
// in [0, 55] the product is exact and says so; for k > 0 X is an integer
// exactly when 5^k divides cp, possible for k <= 23; for -k > 55, X = cp ×
// 5^-k × 2^(q-k) would need a power of two above 2^64 to divide cp, so
// never) or lies within 2^-69 of one, where the rounding is undecided and
// shortestRoundOdd reports ok = false. Giulietti's paper proves that the
// analogous computation with a 126-bit g decides every float64 correctly,
// but this code leans on no such proof, only on the bound above: the
// undecided case returns ok=false, and the tests, which demand ok = true
// for every float in range, have never met it.

// The range of binary exponents q (f = c×2^q, c in [2^52, 2^53), or c in
// [1, 2^52) with q = -1074 for a subnormal) that shortestDigits64 handles:
// every finite non-zero float64, 5e-324 to 1.7976931348623157e308. The
// table shortestPow10 holds 10^e for every e = -k that k = floor(log10
// 2^q) (or of 3/4×2^q) takes for them: e in [-292, 324].
//
// Subnormals fit the argument above unchanged: their rounding interval is
// v ± 2^q/2 with q = -1074 like that of the smallest normals (the smallest
// normal, 2^52×2^-1074, has the largest subnormal 2^q below it, so its
// interval is symmetric too: the power-of-two case starts at biased
// exponent 2), W is the same, and cp is only smaller.
const (
	shortestQMin = -1074
	shortestQMax = 971
)

// shortestDigits64 returns the shortest decimal of |f| as strconv writes
// it (strconv.FormatFloat(f, 'e', -1, 64)): the digits as an integer mant
// with trailing zeros stripped, and exp10 such that the decimal is
// mant × 10^exp10, mant < 10^17. It ignores the sign of f. It returns ok =
// false for zero, NaN and infinities, and in the undecided case described
// above, never seen (as are the two cases the search rules out, which also
// return ok = false); the caller then falls back to strconv.
// Cost: two 64×64→128-bit multiplies, a few adds and compares, and for
// decimals shorter than 16 digits a strip of trailing zeros; no
// allocation; about 16 ns here, against about 80 ns for shortestStrconv.
func shortestDigits64(f float64) (mant uint64, exp10 int, ok bool) {
	fb := math.Float64bits(f)
	be := int(fb >> 52 & 0x7FF) // biased exponent
	c := fb & (1<<52 - 1)
	q := be - 1075
	switch {
	case be == 0x7FF: // NaN and infinities
		return 0, 0, false
	case be == 0: // zero and subnormals: c×2^-1074
		if c == 0 {
			return 0, 0, false
		}
		q = shortestQMin
	default:
		c |= 1 << 52
	}
	out := c & 1 // 1: R excludes its ends, so in-R tests need a margin of 1
	cb := c << 2
	cbl := cb - 2
	var k int
	if c == 1<<52 && be > 1 {
		cbl = cb - 1 // the predecessor is 2^q/2 below: R reaches 2^q/4 down
		k = shortestLog10ThreeQuartersPow2(q)
	} else {
		k = shortestLog10Pow2(q)
	}
	g := &shortestPow10[-k-shortestPow10Min]
	// h is in [1, 4] (see above); the masks of the shifts by it and by
	// 64-h-1 tell the compiler so, which then shifts without the tests
	// Go's shifts by 64 or more need.
	h := uint(q+shortestLog2Pow10(-k)+1) & 63

	// The 192-bit products cp×g for the three cp differ by multiples of g:
	// one multiplication gives them all exactly.
	cp := cb << h
	bh, bl := bits.Mul64(cp, g.hi)
	ml, lo := bits.Mul64(cp, g.lo)
	mid, carry := bits.Add64(bl, ml, 0)
	ip := bh + carry
	// d = 2^(h+1) × g, the step from the middle to the top end (and to the
	// bottom end, or half of it at a power of two).
	s1 := h + 1
	r1 := (64 - s1) & 63
	s1 &= 63
	dh, dm, dl := g.hi>>r1, g.hi<<s1|g.lo>>r1, g.lo<<s1
	rl, b0 := bits.Add64(lo, dl, 0)
	rm, b1 := bits.Add64(mid, dm, b0)
	ri := ip + dh + b1
	if cbl == cb-1 {
		dl, dm, dh = dl>>1|dm<<63, dm>>1|dh<<63, dh>>1
	}
	ll, b0 := bits.Sub64(lo, dl, 0)
	lm, b1 := bits.Sub64(mid, dm, b0)
	li := ip - dh - b1
	vbl, okl := shortestRoundOdd(li, lm, ll, cbl<<h, k)
	vb, okb := shortestRoundOdd(ip, mid, lo, cp, k)
	vbr, okr := shortestRoundOdd(ri, rm, rl, (cb+2)<<h, k)
	if !(okl && okb && okr) {
		return 0, 0, false
	}

	// One digit fewer: the multiples of 10 around s = floor(v/10^k).
	s := vb >> 2
	u := s / 10 * 10
	w := u + 10
	uin := vbl+out <= u<<2
	win := w<<2+out <= vbr
	if uin != win {
		if win {
			u = w
		}
		mant, exp10 = stripZeros(u, k)
		return mant, exp10, true
	}
	if uin { // both: impossible while R is narrower than 10 units
		return 0, 0, false
	}

	// Full length: s or s+1, whichever is in R, else the nearer, else even.
	t := s + 1
	sin := vbl+out <= s<<2
	tin := t<<2+out <= vbr
	switch {
	case sin && tin:
		if mid := s<<2 + 2; vb < mid || vb == mid && s&1 == 0 {
			return s, k, true
		}
		return t, k, true
	case sin:
		return s, k, true
	case tin:
		return t, k, true
	}
	return 0, 0, false // impossible: R always holds s or s+1
}

// ShortestDigits returns the digits strconv.FormatFloat(f, 'e', -1, 64)
// writes for the finite non-zero float64 f, ignoring its sign: mant, with
// trailing zeros stripped (below 10^17), and exp10, so that the shortest
// decimal is mant × 10^exp10. ok is false for zero, NaN and infinities.
// Cost: Schubfach's conversion (shortestDigits64), some 100 to 150
// instructions, where strconv takes about 650 at full length.
func ShortestDigits(f float64) (mant uint64, exp10 int, ok bool) {
	return shortestDigits64(f)
}

// shortestRoundOdd returns X = cp × g / 2^128 rounded to odd (floor(X)
// when X is an integer, else floor(X) | 1), given the 192-bit product
// cp × g as ip (the integer part), mid and lo, where g is the table entry
// for 10^-k; ok = false when it cannot tell (see the header comment).
// cp < 2^59. The slow branch is taken only when the fraction is below
// 2^-64: for integer X and about 1 in 2^64 others.
func shortestRoundOdd(ip, mid, lo, cp uint64, k int) (uint64, bool) {
	if mid != 0 {
		return ip | 1, true
	}
	switch {
	case k <= 0 && -k <= shortestPow10ExactMax: // exact product
		if lo != 0 {
			ip |= 1
		}
		return ip, true
	case lo >= cp: // fraction at least cp/2^128, more than the error
		return ip | 1, true
	case k > 0 && k <= 23 && cp%shortestPow5(k) == 0: // X is an integer
		return ip, true
	}
	return 0, false
}

// shortestPow5 returns 5^k for k <= 27. Only the rare integer case of
// shortestRoundOdd calls it.
func shortestPow5(k int) uint64 {
	p := uint64(1)
	for range k {
		p *= 5
	}
	return p
}

// stripZeros removes the trailing decimal zeros of m > 0, adding their
// count to the exponent e, so that m × 10^e is unchanged: in steps of 16,
// 8, 4, 2 and 1 zeros, at most five divisibility tests by constants (m <
// 2^64 has at most 19 trailing zeros), where one test per zero would take
// up to nineteen.
func stripZeros(m uint64, e int) (uint64, int) {
	if m%1e16 == 0 {
		m /= 1e16
		e += 16
	}
	if m%1e8 == 0 {
		m /= 1e8
		e += 8
	}
	if m%1e4 == 0 {
		m /= 1e4
		e += 4
	}
	if m%100 == 0 {
		m /= 100
		e += 2
	}
	if m%10 == 0 {
		m /= 10
		e++
	}
	return m, e
}

// shortestLog10Pow2 returns floor(q × log10 2) for q in [-1100, 1100]
// (checked against math/big by the tests): 1292913986 = floor(log10 2 ×
// 2^32).
func shortestLog10Pow2(q int) int { return int(int64(q) * 1292913986 >> 32) }

// shortestLog10ThreeQuartersPow2 returns floor(log10(3/4 × 2^q)) for q in
// [-1100, 1100]: 536607788 is log10(4/3) × 2^32 rounded.
func shortestLog10ThreeQuartersPow2(q int) int {
	return int((int64(q)*1292913986 - 536607788) >> 32)
}

// shortestLog2Pow10 returns floor(e × log2 10) for e in [-400, 400]:
// 14267572527 = floor(log2 10 × 2^32).
func shortestLog2Pow10(e int) int { return int(int64(e) * 14267572527 >> 32) }
