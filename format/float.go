package format

import (
	"encoding/binary"
	"math"
	"strconv"
)

// A float cell is one float value as a page stores it:
//
//	floatcell := 0xFF bits(8)        raw: IEEE-754 binary64 bits, little-endian
//	           | s uvarint(mant)      decimal: s = neg<<7 | (exp+63), exp in [-63, 63]
//
// exp+63 is at most 126, so selector 0x7F is invalid (an EncIntFloat column
// uses it to mark an integer) and 0xFF marks only the raw form. The decimal form stores (-1)^neg * mant * 10^exp and is
// used exactly when shortestDecimal succeeds and its Exp is in [-63, 63];
// mant then has at most 17 digits (mant < 10^17, a cell of 2 to 10 bytes).
// Otherwise the value is raw. So each value has one byte form. Non-finite
// values are never written; readers reject raw NaN and infinity bits as
// corrupt.
//
// Why decimals of 16 and 17 digits are stored as digits although raw bits
// would be up to a byte smaller: rendering digits as JSON is an integer
// formatting, while rendering raw bits needs a shortest-digits search (about
// three times the work), and arbitrary floats (scores, ratios, coordinates)
// are common in cached rows. The search moves to the writer, once per value.

// Float cell grammar, as above.
const (
	FloatRawSelector = 0xFF    // selector of a raw cell
	FloatExpBias     = 63      // added to a decimal cell's exponent in its selector
	FloatRawSize     = 9       // bytes of a raw cell, selector included
	FloatMaxMant     = 1e17    // decimal mantissas are below it: at most 17 digits, the most a shortest float64 needs
	FloatIntMax      = 1 << 53 // the largest |value| of EncFloatInt and TagFloatInt: integers up to it are exact float64s
	IntFloatSelector = 0x7F    // no float cell's: in an EncIntFloat column, an sv integer follows
)

// Decimal is (-1)^Neg × Mant × 10^Exp; normalised, Mant has no trailing
// zeros and a zero is +0 with Exp 0.
type Decimal struct {
	Neg  bool
	Mant uint64
	Exp  int
}

// FloatCell is one float cell: Raw binary64 Bits, or the normalised
// decimal Dec.
type FloatCell struct {
	Raw  bool
	Bits uint64
	Dec  Decimal
}

// pow10f64[k] = 10^k, exact in binary64 for k <= 22.
var pow10f64 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// pow10f32[k] = 10^k, exact in binary32 for k <= 10.
var pow10f32 = [...]float32{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}

// shortestDecimal returns the shortest decimal that converts back to f, with
// exactly the digits strconv.FormatFloat(f, 'e', -1, bits) writes, as a
// normalised Decimal. bits is 32 or 64; for 32 the value is float32(f), and
// any value other than 32 means 64. It returns false for NaN, infinities
// and negative zero. It does not allocate. Values whose shortest form has at
// most 15 (float64) or 6 (float32) significant digits and at most 22 (10)
// fractional digits take a loop of one multiply, one round and one divide
// per fractional digit; other float64s take Schubfach's conversion (about
// 17ns), and float32s strconv.AppendFloat (about 100ns).
func shortestDecimal(f float64, bits int) (Decimal, bool) {
	if bits == 32 {
		return shortest32(float32(f))
	}
	return shortest64(f)
}

// shortest64 is the binary64 case of shortestDecimal.
//
// Why the fast path is exact: for k = 0, 1, 2, ... it takes m, the integer
// nearest to |f|*10^k, and accepts m*10^-k if float64(m)/10^k == |f|. With
// m < 2^53 and k <= 22 both operands are exact, so the division is the
// correctly rounded value of m*10^-k: an accepted m really round-trips. While
// m < 10^15 the set of reals that round to |f|, scaled by 10^k, is narrower
// than 10^15 * 2^-52 < 0.23, so it holds at most one integer, and as the
// product |f|*10^k is computed with an error below 0.12 (0.23+0.12 < 0.5),
// its nearest integer is that integer when it exists, even on the asymmetric
// interval below a power of two. The first
// k with a candidate therefore gives the fewest fractional digits, which for
// numbers of one magnitude is the fewest significant digits, and being the
// only candidate it is also the closest: the digits strconv picks.
func shortest64(f float64) (Decimal, bool) {
	if f == 0 {
		return Decimal{}, !math.Signbit(f)
	}
	a := math.Abs(f)
	if a < 1e15 {
		k := 0
		if a < 0.5 {
			// Where a*10^k < 0.5, m is 0, which never matches a > 0:
			// start past those k. Below 4e-23 that is every k (a*1e22 <
			// 0.4), and the full conversion is asked at once, without
			// 23 rounds and divisions, which on subnormals cost a
			// microcode assist each.
			if a < 4e-23 {
				return shortestLong64(f)
			}
			for k < len(pow10f64) && float64(a*pow10f64[k]) < 0.5 {
				k++
			}
		}
		for ; k < len(pow10f64); k++ {
			p := pow10f64[k]
			m := math.Round(float64(a * p))
			if m >= 1e15 {
				break
			}
			if float64(m/p) == a {
				return normalise(f < 0, uint64(m), -k), true
			}
		}
	} else if a > math.MaxFloat64 || a != a {
		return Decimal{}, false
	}
	return shortestLong64(f)
}

// shortestLong64 is the shortest decimal of a finite non-zero f by
// Schubfach (shortest.go, about 17ns), which covers every finite float64;
// strconv stays as the fallback for its undecided case, never seen.
func shortestLong64(f float64) (Decimal, bool) {
	if m, e, ok := shortestDigits64(f); ok {
		return Decimal{Neg: f < 0, Mant: m, Exp: e}, true
	}
	return shortestStrconv(f, 64)
}

// shortest32 is the binary32 case of shortestDecimal. The argument of
// shortest64 carries over with float32 ulps: for m < 10^6 the scaled
// rounding interval is narrower than 10^6 * 2^-23 < 0.12. The check divides
// in float32, where m < 2^24 and 10^k (k <= 10) are exact, so it is the
// correctly rounded conversion; a float64 division followed by a conversion
// to float32 could round twice.
func shortest32(f float32) (Decimal, bool) {
	if f == 0 {
		return Decimal{}, !math.Signbit(float64(f))
	}
	a32 := float32(math.Abs(float64(f)))
	a := float64(a32)
	if a < 1e6 {
		for k := 0; k < len(pow10f32); k++ {
			m := math.Round(float64(a * pow10f64[k]))
			if m >= 1e6 {
				break
			}
			if float32(float32(m)/pow10f32[k]) == a32 {
				return normalise(f < 0, uint64(m), -k), true
			}
		}
	} else if a > math.MaxFloat32 || a != a {
		return Decimal{}, false
	}
	return shortestStrconv(float64(f), 32)
}

// shortestDecimalLong is shortestDecimal for a float64 known to need more
// than 15 significant digits (or to be tiny or huge): it skips the search
// for short decimals and goes straight to the full conversion, about 17ns
// in the range decimal cells hold. It returns the same result as
// shortestDecimal(f, 64) for every f.
func shortestDecimalLong(f float64) (Decimal, bool) {
	if f == 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return shortestDecimal(f, 64)
	}
	return shortestLong64(f)
}

// AppendDecimalCell is AppendFloatCell(dst, f, 64) without the digit search,
// for a caller that has d, the shortest decimal of f, already.
func AppendDecimalCell(dst []byte, d Decimal, f float64) []byte {
	if cellDecimal(d) && (d.Mant != 0 || !math.Signbit(f)) { // -0 is raw
		return appendDecimalCell(dst, d)
	}
	return appendRawCell(dst, math.Float64bits(f))
}

// shortestStrconv takes the digits from strconv's shortest 'e' format,
// written to a stack buffer: "[-]d[.ddd]e±dd[d]". f is finite and non-zero.
func shortestStrconv(f float64, bits int) (Decimal, bool) {
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], f, 'e', -1, bits)
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	var mant uint64
	nd := 0
	for ; i < len(b) && b[i] != 'e'; i++ {
		if c := b[i]; c != '.' {
			mant = mant*10 + uint64(c-'0')
			nd++
		}
	}
	i++ // 'e'
	neg := i < len(b) && b[i] == '-'
	i++
	exp := 0
	for ; i < len(b); i++ {
		exp = exp*10 + int(b[i]-'0')
	}
	if neg {
		exp = -exp
	}
	return normalise(f < 0, mant, exp-(nd-1)), true
}

// normalise strips trailing zeros from mant.
func normalise(neg bool, mant uint64, exp int) Decimal {
	if mant == 0 {
		return Decimal{}
	}
	for mant%10 == 0 {
		mant /= 10
		exp++
	}
	return Decimal{Neg: neg, Mant: mant, Exp: exp}
}

// cellDecimal reports whether d may be written in the decimal form.
func cellDecimal(d Decimal) bool {
	return d.Exp >= -FloatExpBias && d.Exp <= FloatExpBias && d.Mant < FloatMaxMant
}

// AppendFloatCell appends the canonical float cell of f (2 to 10 bytes) read
// as a float of bits 32 or 64, or returns dst and ErrNonFinite for NaN and
// infinities. Cost: a few float operations for integers and short decimals,
// about 20ns for 16 or 17 digits.
func AppendFloatCell(dst []byte, f float64, bits int) ([]byte, error) {
	if a := math.Abs(f); bits != 32 && a >= 1e-7 && a < cellMantLimit-0.5 {
		return appendFloatCell64(dst, f), nil
	}
	if bits == 32 {
		f = float64(float32(f))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, errAt(ErrNonFinite, -1, "")
	}
	if rawOnly(f) {
		return appendRawCell(dst, math.Float64bits(f)), nil
	}
	if d, ok := shortestDecimal(f, bits); ok && cellDecimal(d) {
		return appendDecimalCell(dst, d), nil
	}
	return appendRawCell(dst, math.Float64bits(f)), nil
}

// Bounds on the magnitude of a finite float64 outside which no decimal
// cell can hold it, whatever its digits (see rawOnly).
const (
	rawOnlyBelow = 1e-64
	rawOnlyAbove = 1e81
)

// rawOnly reports whether the finite f is too small or too large for any
// decimal cell, so that its cell is raw without a search for its digits.
// A decimal cell holds Mant × 10^Exp with 1 <= Mant < 10^17 and -63 <= Exp
// <= 63 (or zero): from 10^-63 to below 10^80. The decimals that convert
// back to f lie within half an ulp of it, a relative 2^-53 (for a
// subnormal, an absolute 2^-1075), so for 0 < |f| < 10^-64 they are all
// below 10^-63, and for |f| >= 10^81 all above 10^80. The shortest-digits
// search would find a decimal and reject it (cellDecimal); for the float64
// extremes (MaxFloat64, the smallest subnormal, which rows that test
// limits hold), outside the range of Schubfach, it went through strconv,
// about 600 instructions a cell.
func rawOnly(f float64) bool {
	a := math.Abs(f)
	return a >= rawOnlyAbove || a < rawOnlyBelow && a != 0
}

func appendRawCell(dst []byte, bits uint64) []byte {
	return binary.LittleEndian.AppendUint64(append(dst, FloatRawSelector), bits)
}

// SizeFloatCell returns the length AppendFloatCell writes for f, or 0.
func SizeFloatCell(f float64, bits int) int {
	if bits == 32 {
		f = float64(float32(f))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	if rawOnly(f) {
		return FloatRawSize
	}
	if d, ok := shortestDecimal(f, bits); ok && cellDecimal(d) {
		return 1 + SizeUvarint(d.Mant)
	}
	return FloatRawSize
}

// ConsumeFloatCell decodes the float cell b starts with and returns it and
// its length (2 to 10), or a negative n: ErrCodeInvalid for a cell against
// SPEC.md 5.3, else a varint's code. Canonical checks its digits.
func ConsumeFloatCell(b []byte) (FloatCell, int) {
	if len(b) == 0 {
		return FloatCell{}, ErrCodeTruncated
	}
	s := b[0]
	if s == FloatRawSelector {
		if len(b) < FloatRawSize {
			return FloatCell{}, ErrCodeTruncated
		}
		bits := binary.LittleEndian.Uint64(b[1:FloatRawSize])
		if !ValidFloatCell(s, bits) {
			return FloatCell{}, ErrCodeInvalid
		}
		return FloatCell{Raw: true, Bits: bits}, FloatRawSize
	}
	if s&0x7F == 0x7F { // reserved: invalid before its mantissa is read
		return FloatCell{}, ErrCodeInvalid
	}
	m, n := ConsumeUvarint(b[1:])
	if n < 0 {
		return FloatCell{}, n
	}
	if !ValidFloatCell(s, m) {
		return FloatCell{}, ErrCodeInvalid
	}
	return FloatCell{Dec: Decimal{Neg: s&0x80 != 0, Mant: m, Exp: int(s&0x7F) - FloatExpBias}}, 1 + n
}

// AppendTo appends the bytes of c, a cell ConsumeFloatCell could return.
func (c FloatCell) AppendTo(dst []byte) []byte {
	if c.Raw {
		return appendRawCell(dst, c.Bits)
	}
	return appendDecimalCell(dst, c.Dec)
}

// ExactDecimal64 returns mant × 10^exp as a float64, and true, where one
// multiplication or division gives it correctly rounded: mant below 2^53
// and exp within ±22, so that both operands are exact (Float64's first
// step). Otherwise it returns 0 and false. Small enough to inline, for
// readers that hold a cell's mantissa and exponent without a FloatCell.
func ExactDecimal64(mant uint64, exp int) (float64, bool) {
	if mant >= 1<<53 || uint(exp+22) > 44 {
		return 0, false
	}
	if exp >= 0 {
		return float64(mant) * pow10f64[exp], true
	}
	return float64(mant) / pow10f64[-exp], true
}

// Fraction64 is Float64 for the common float of a reader, a decimal of at
// most 22 digits after the point whose mantissa is below 2^53 (prices,
// rates): its value, one division, and true; for any other cell 0 and
// false. Small enough to inline, so that a reader can take such cells
// without the call of Float64, which copies the cell.
func (c *FloatCell) Fraction64() (float64, bool) {
	d := &c.Dec
	if c.Raw || d.Mant >= 1<<53 || uint(-d.Exp) >= uint(len(pow10f64)) {
		return 0, false
	}
	f := float64(d.Mant) / pow10f64[-d.Exp]
	if d.Neg {
		f = -f
	}
	return f, true
}

// Float64 returns the cell's value correctly rounded to a float64: one
// multiply or divide for short decimals, about 6ns for 16 or 17 digits.
func (c FloatCell) Float64() float64 {
	if c.Raw {
		return math.Float64frombits(c.Bits)
	}
	d := c.Dec
	var f float64
	switch {
	case d.Mant < 1<<53 && d.Exp >= 0 && d.Exp <= 22:
		f = float64(float64(d.Mant) * pow10f64[d.Exp])
	case d.Mant < 1<<53 && d.Exp < 0 && d.Exp >= -22:
		f = float64(float64(d.Mant) / pow10f64[-d.Exp])
	default:
		var ok bool
		if f, ok = decimalToFloat64(d.Mant, d.Exp); !ok {
			f = parseDecimal(d, 64)
		}
	}
	if d.Neg {
		f = -f
	}
	return f
}

// Float32 returns the value correctly rounded to a float32 (float32(Float64())
// rounds ±7.038531e-26 twice), or an infinity beyond float32's range.
func (c FloatCell) Float32() float32 {
	if c.Raw {
		return float32(math.Float64frombits(c.Bits))
	}
	d := c.Dec
	var f float32
	switch {
	case d.Mant < 1<<24 && d.Exp >= 0 && d.Exp <= 10:
		f = float32(float32(d.Mant) * pow10f32[d.Exp])
	case d.Mant < 1<<24 && d.Exp < 0 && d.Exp >= -10:
		f = float32(float32(d.Mant) / pow10f32[-d.Exp])
	default:
		var ok bool
		if f, ok = decimalToFloat32(d.Mant, d.Exp); !ok {
			f = float32(parseDecimal(d, 32))
		}
	}
	if d.Neg {
		f = -f
	}
	return f
}

// parseDecimal converts Mant*10^Exp with strconv.ParseFloat. The text is at
// most 20+1+20 bytes; up to 32 bytes (every canonical cell: at most 17+1+3) the
// string conversion stays on the stack.
func parseDecimal(d Decimal, bits int) float64 {
	var buf [48]byte
	b := strconv.AppendUint(buf[:0], d.Mant, 10)
	b = append(b, 'e')
	b = strconv.AppendInt(b, int64(d.Exp), 10)
	f, _ := strconv.ParseFloat(string(b), bits) // out of range gives ±Inf or 0
	return f
}

// Canonical reports whether c is AppendFloatCell's cell for its value at
// bits 32 or 64 (at 64, every valid decimal of up to 15 digits is).
func (c FloatCell) Canonical(bits int) bool {
	var f float64
	switch {
	case c.Raw:
		f = math.Float64frombits(c.Bits)
	case bits == 32:
		f = float64(c.Float32())
	default:
		f = c.Float64()
	}
	var have, want [16]byte
	h := c.AppendTo(have[:0])
	w, err := AppendFloatCell(want[:0], f, bits)
	return err == nil && string(h) == string(w)
}
