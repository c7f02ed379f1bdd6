package format

import (
	"math"
	"math/bits"
)

// Exact decimal to binary conversion by the Eisel-Lemire algorithm (Daniel
// Lemire, "Number Parsing at a Gigabyte per Second", 2021; Noble Mushtak
// and Daniel Lemire, "Fast Number Parsing Without Fallback", 2023).
//
// mant×10^q = mant × 5^q × 2^q. The table pow10x128 holds 5^q as a 128-bit
// integer T scaled into [2^127, 2^128), so with mant shifted left until its
// top bit is set (w, in [2^63, 2^64)) the 192-bit product Z = w×T carries
// the value's leading bits, from bit 191 or 190 down. The float's 53 (or
// 24) bits plus one rounding bit come from the top word of Z; the rest of Z
// says whether the value lies below, on or above the half-way point
// between two floats.
//
// How far Z is from the true product R = w × 5^q × 2^(127-b), in units of
// Z's last bit: T is exact for 0 <= q <= 55, so R = Z. For q > 55 T is
// rounded down by less than 1, so Z <= R < Z + w. For q < 0 T is rounded up,
// so Z - w < R <= Z. Either way the doubt is below 2^64 out of at least
// 2^190. The algorithm first forms only the top 128 bits of w × T.hi, which
// leaves out w × T.lo (less than w units of the 128-bit result's last
// bit), then:
//
//  1. If the low 9 (38) bits of the top word, all below the rounding bit,
//     are ones and the left-out part could carry into them (lo + w
//     overflows), it adds the upper half of w × T.lo: the wider
//     approximation, now all of Z.
//  2. If Z sits just below a half-way point, within R's doubt (only
//     possible for truncated q > 55), the rounding is undecided: ok=false.
//  3. If the top 128 bits of Z are exactly a half-way point, it decides
//     between a true tie (round half to even) and a value just above it
//     (round up); for q < 0 with the rest of Z below w, R may also lie just
//     below it. An exact tie needs 5^-q to divide mant with 54 (25) bits
//     left, so q >= -4 (-17); there the distance from any decimal that is
//     not a tie to the nearest tie is more than 2^-65 of the value, far
//     beyond the doubt of 2^-125, so such a product is a tie. For q below
//     that the rounding is undecided: ok=false.
//  4. It rounds the 54 (25) bits to 53 (24), carrying into the exponent on
//     overflow, and checks that the result is a normal float.
//
// Mushtak and Lemire prove that the undecided case of step 2 never arises
// for a 64-bit mant. This code leans on no such proof, only on the bounds
// above: both undecided cases return ok=false, and the tests count them
// (none seen in any run so far).

// decimalToFloat64 returns the float64 nearest to mant × 10^exp10, ties to
// even, and ok = true (mant×10^exp10 is non-negative: the caller applies
// the sign); mant == 0 gives 0, true. It returns ok = false when
// exp10 is outside [pow10x128Min, pow10x128Max], when the result would
// not be a normal float64 (never inside that range), and in the undecided
// cases of the Eisel-Lemire algorithm, which none of the tests' inputs has
// reached; the caller then falls back to strconv.ParseFloat. Cost: one
// 64×64→128-bit multiply, a second one in 1 of 250 to 650 calls (as
// measured on the tests' mixes of decimals), no allocation; about 5 ns.
// Small enough to inline, leaving one call.
func decimalToFloat64(mant uint64, exp10 int) (f float64, ok bool) {
	b, ok := eiselLemire(mant, exp10, &float64Format)
	return math.Float64frombits(b), ok
}

// decimalToFloat32 is decimalToFloat64 for float32: the float32 nearest to
// mant × 10^exp10, ties to even. It returns ok = false also when the result
// is subnormal or overflows float32 (exp10 < -38 or > 38 for short mant),
// where the caller's strconv fallback gives the subnormal, 0 or infinity.
// Cost as for decimalToFloat64; the second multiply is rarer still.
func decimalToFloat32(mant uint64, exp10 int) (f float32, ok bool) {
	b, ok := eiselLemire(mant, exp10, &float32Format)
	return math.Float32frombits(uint32(b)), ok
}

// binaryFormat describes an IEEE 754 binary format to eiselLemire.
type binaryFormat struct {
	sig            uint // significand bits, with the implicit leading one
	bias           int  // exponent bias; biased exponents run from 1 to 2×bias
	tieMin, tieMax int  // the exp10 where some mant×10^exp10 lies half-way between two floats
}

// The formats of float64 and float32. The half-way ranges are derived at
// the top of the file and exercised by TestDecimalToFloat64HalfWay.
var (
	float64Format = binaryFormat{sig: 53, bias: 1023, tieMin: -4, tieMax: 23}
	float32Format = binaryFormat{sig: 24, bias: 127, tieMin: -17, tieMax: 10}
)

// eiselLemire returns the IEEE bits of the float of format f nearest to
// mant × 10^exp10, ties to even, and ok = true; mant == 0 gives 0, true.
// ok is false for exp10 outside the table, for results that are not normal
// floats, and in the undecided cases described at the top of this file.
// Shift counts are masked with &63 so that the compiler need not handle
// shifts by 64 or more.
func eiselLemire(mant uint64, exp10 int, f *binaryFormat) (ieee uint64, ok bool) {
	if mant == 0 {
		return 0, true
	}
	i := exp10 - pow10x128Min
	if uint(i) >= uint(len(pow10x128)) {
		return 0, false
	}
	p := &pow10x128[i]
	lz := bits.LeadingZeros64(mant)
	w := mant << uint(lz)

	// The product's top bit is bit 63 or 62 of hi. Below the sig+1 bits
	// kept, drop bits are left over when it is 62, drop+1 when 63.
	drop := 64 - 2 - f.sig
	low := uint64(1)<<(drop&63) - 1
	hi, lo := bits.Mul64(w, p.hi)
	wide := false // hi:lo is the top 128 bits of Z, and x the rest
	var x uint64
	if hi&low == low && lo+w < lo {
		// Step 1: w×T.lo might carry into the kept bits; add its top half.
		var xhi, c uint64
		xhi, x = bits.Mul64(w, p.lo)
		lo, c = bits.Add64(lo, xhi, 0)
		hi += c
		wide = true
		// Step 2: for a truncated T, R may reach the next half-way point.
		if exp10 > pow10ExactMax && hi&low == low && lo == math.MaxUint64 && x+w < x {
			return 0, false
		}
	}

	msb := uint(hi >> 63)
	shift := drop + msb
	m := hi >> (shift & 63)                              // sig+1 bits: the significand and the rounding bit
	if lo == 0 && m&1 == 1 && hi<<((64-shift)&63) == 0 { // lo first: rarely 0, so well predicted
		// Step 3: hi:lo is a half-way point. Without step 1 the left-out
		// w×T.lo is positive (T.lo != 0 unless q <= 27, and then Z is
		// exact), so R is above it unless Z = R; with step 1 and q < 0, R
		// is in (Z-w, Z], so x >= w puts it above.
		tie := exp10 >= 0 && exp10 <= f.tieMax // Z = R: a true tie
		if exp10 < 0 && wide && x < w {
			if exp10 < f.tieMin {
				return 0, false
			}
			tie = true
		}
		if tie && m&2 == 0 {
			m &^= 1 // round down to the even neighbour
		}
	}

	// Step 4: round to sig bits; 10^exp10 = T × 2^(exp10+b-127).
	m = (m + m&1) >> 1
	e := 63 + int(msb) - lz + (217706*exp10)>>16 + f.bias
	if m>>(f.sig&63) != 0 {
		m >>= 1
		e++
	}
	// A value just below the smallest normal float that rounded up to it
	// passes: rounding to the coarser subnormal spacing gives it too.
	if e < 1 || e > 2*f.bias {
		return 0, false
	}
	frac := f.sig - 1
	return uint64(e)<<(frac&63) | m&(1<<(frac&63)-1), true
}
