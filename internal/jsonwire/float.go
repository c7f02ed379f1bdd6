package jsonwire

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"

	"github.com/rowpage/rowpage/format"
)

// AppendFloatJSON appends the JSON text encoding/json writes for the cell's
// value: for a decimal cell the digits are written directly (no float
// conversion, no allocation beyond growing dst), in exponent form when the
// scientific exponent is below -6 or at least 21, else in plain form; a raw
// cell goes through AppendFloat64JSON with bits 64. Because a decimal cell
// holds the shortest digits at the bit size it was written with, a cell
// written from a float32 renders like json.Marshal(float32(...)). Dec must
// be normalised, as ConsumeFloatCell guarantees.
func AppendFloatJSON(dst []byte, c format.FloatCell) []byte {
	if c.Raw {
		return AppendFloat64JSON(dst, math.Float64frombits(c.Bits), 64)
	}
	return AppendDecimalJSON(dst, c.Dec)
}

// AppendDecimalJSON appends the decimal cell d (normalised, Mant below
// FloatMaxMant, Exp in [-63, 63]) as AppendFloatJSON does. A mantissa
// below 1e8 with f = -Exp from 1 to 7 digits after the point (prices,
// rates, measures: 0.99, 12.5), into a dst with 24 bytes of room, is
// written here without appendDecimalJSON's digit buffer and window: the
// eight digits of Mant, leading '0's and all, are made in one register
// (digits8); the first 8-l of them are dropped, where l = max(k, f+1)
// keeps the k digits of Mant and the '0' before the point of a value
// below 1, and the digits before the point and those after it go out with
// two 8-byte moves about a '.' (slack past the result, within the room,
// is overwritten by the next append). About 45 instructions where
// appendDecimalJSON took some 160. A value whose scientific exponent is
// below -6, which encoding/json writes in exponent form, and every other
// decimal, take appendDecimalJSON. A whole value, Exp from 0 to 8 (the
// zeros and round amounts of a float column: a discount of 0, a price of
// 20), is its digits and Exp '0's, some 20 instructions
// where appendDecimalJSON took 140.
func AppendDecimalJSON(dst []byte, d format.Decimal) []byte {
	n, f := len(dst), -d.Exp
	if d.Mant >= 1e8 {
		return AppendLongDecimalJSON(dst, d)
	}
	if cap(dst)-n < 24 {
		return appendDecimalJSON(dst, d.Neg, d.Mant, d.Exp)
	}
	if uint(f-1) >= 7 { // no digits after the point, or more than 7
		if uint(d.Exp) > 8 {
			// The exponent form (1e+21, 1e-08) from the digits here; the
			// plain forms of such values go to appendDecimalJSON.
			w := digits8(uint32(d.Mant))
			if x := d.Exp + 7 - int(zeroDigitBits(w)>>3); x < -6 || x >= 21 {
				return decimalExp8(dst, d.Neg, w, x)
			}
			return appendDecimalJSON(dst, d.Neg, d.Mant, d.Exp)
		}
		// The digits of Mant (one for 0, as appendDecimalJSON writes
		// it), then Exp '0's, in two 8-byte moves past the sign: 17
		// bytes at most, in the plain form as the value is below 1e16.
		b := (*[24]byte)(dst[n : n+24])
		i := 0
		if d.Neg {
			b[0] = '-'
			i = 1
		}
		w := digits8(uint32(d.Mant))
		z := zeroDigitBits(w)
		k := i + 8 - int(z>>3)
		binary.LittleEndian.PutUint64(b[i:i+8], (w|asciiZeros)>>z)
		binary.LittleEndian.PutUint64(b[k&15:], asciiZeros)
		return dst[:n+k+d.Exp]
	}
	w := digits8(uint32(d.Mant))
	k := 8 - int(uint(bits.TrailingZeros64(w))>>3) // digits of Mant; 0 for 0
	if f-max(k, 1) > 5 {                           // x = k-1-f < -6: 1e-07
		return decimalExp8(dst, d.Neg, w, k-1-f)
	}
	l := max(k, f+1)
	b := (*[24]byte)(dst[n : n+24])
	i := 0
	if d.Neg {
		b[0] = '-'
		i = 1
	}
	w = (w | asciiZeros) >> (uint(8-l) * 8 & 63) // the l digits in the low bytes
	p := l - f                                   // digits before the point: 1 to 7
	binary.LittleEndian.PutUint64(b[i:i+8], w)
	b[i+p] = '.'
	binary.LittleEndian.PutUint64(b[i+p+1:i+p+9], w>>(uint(p)*8&63))
	return dst[:n+i+l+1]
}

// longFracMax is the most digits after the point that AppendLongDecimalJSON
// writes: 22, a 17-digit mantissa below 1e-5 (x = -6).
const longFracMax = 22

// longWindow is the room AppendLongDecimalJSON needs past len(dst): the text, a
// sign, at most 16 digits before the point, the point and a 24-byte move
// for the digits after it, at offsets masked to 31, then the digits'
// scratch (longScratch on) and the moves' reach past it, so that the
// moves need no bounds checks.
const longWindow = longScratch + 31 + 24

// longScratch is where in its window AppendLongDecimalJSON writes mant's digits
// before it moves them into place: past the text's reach (55 bytes).
const longScratch = 56

// AppendLongDecimalJSON is AppendDecimalJSON for a mantissa of 9 to 17
// digits (1e8 <= d.Mant < 1e17: the measures and random values whose
// shortest digits are long, 37.774929 or 0.8412637271034123), for a
// renderer that knows the mantissa's size and so saves AppendDecimalJSON's
// call. With 1 to longFracMax digits after the point (f = -d.Exp), a dst
// with longWindow bytes of room and a scientific exponent of -6 or more it
// writes the plain form itself, calling nothing; every other decimal takes
// appendDecimalJSON. The 17 digits of the mantissa, leading '0's and all,
// are made in three registers (digits8 twice and the top digit) and stored
// after eight '0's at longScratch in dst's room; the digits before the
// point (1 to 16: a value below 1 has its '0') go out from there with one
// 16-byte move, the point is stored over the slack after them, and the f
// digits after it (with the '0's a value below 0.1 needs) with a 16-byte
// and an 8-byte move, each load before the store that could reach it.
// Every offset is masked to 31, which its range allows, so that the
// window's size bounds the moves without checks: about 125 instructions
// where appendDecimalJSON, decimalLen and decimalDigits took some 190.
func AppendLongDecimalJSON(dst []byte, d format.Decimal) []byte {
	neg, mant, f, n := d.Neg, d.Mant, -d.Exp, len(dst)
	if uint(f-1) >= longFracMax || cap(dst)-n < longWindow || mant-1e8 >= 1e17-1e8 {
		return appendDecimalJSON(dst, neg, mant, -f)
	}
	q := mant / 1e8
	top := q / 1e8 // mant < 1e17: one digit, 0 for 16 digits or fewer
	hi := digits8(uint32(q - top*1e8))
	k := 17 // mant's digits
	if top == 0 {
		k = 16 - int(zeroDigitBits(hi)>>3) // hi is not 0: q >= 1
	}
	if f-k > 5 { // x = k-1-f < -6: the exponent form
		return appendDecimalJSON(dst, neg, mant, -f)
	}
	b := (*[longWindow]byte)(dst[n : n+longWindow])
	// t[25-l:25] are the l = max(k, f+1) digits written (mant's, and
	// the '0's of a value below 1): t[8] is the top digit, 0 to 9, and
	// t[0:8] '0's.
	t := (*[longWindow - longScratch]byte)(b[longScratch:])
	binary.LittleEndian.PutUint64(t[0:8], asciiZeros)
	t[8] = byte('0' + top)
	binary.LittleEndian.PutUint64(t[9:17], hi|asciiZeros)
	binary.LittleEndian.PutUint64(t[17:25], digits8(uint32(mant-q*1e8))|asciiZeros)
	l := max(k, f+1)
	p := uint(l - f) // digits before the point: 1 to 16
	i := uint(0)
	if neg {
		b[0] = '-'
		i = 1
	}
	j := uint(25-l) & 31 // 2 to 16
	*(*[16]byte)(b[i : i+16]) = *(*[16]byte)(t[j : j+16])
	b[(i+p)&31] = '.'
	o, s := (i+p+1)&31, uint(25-f)&31 // 2 to 18; 3 to 24
	to, from := (*[24]byte)(b[o:o+24]), (*[24]byte)(t[s:s+24])
	*(*[16]byte)(to[:16]) = *(*[16]byte)(from[:16])
	*(*[8]byte)(to[16:]) = *(*[8]byte)(from[16:])
	return dst[:n+int(i)+l+1]
}

// decimalExp8 appends, as appendDecimalExpJSON does, a decimal in
// exponent form whose mantissa (non-zero, below 1e8, normalised: no
// trailing zero digit) has the digits8 word w, with scientific exponent x
// (|x| < 100 as a decimal cell's exponent and eight digits keep it, below
// 1000 for the wider exponents pagebuild checks texts with), to a dst with
// 24 bytes of room: the digits in one 8-byte move after the first and its
// '.', the exponent's one to three digits in place (tens as v*103>>10,
// exact below 179). About 30 instructions where
// appendDecimalJSON, its digit buffer and appendDecimalExpJSON took some
// 150: the 1e+21 and 1e-07 of test rows and the small measures of
// science data.
func decimalExp8(dst []byte, neg bool, w uint64, x int) []byte {
	n := len(dst)
	b := (*[24]byte)(dst[n : n+24])
	i := 0
	if neg {
		b[0] = '-'
		i = 1
	}
	z := zeroDigitBits(w)
	v := (w | asciiZeros) >> z // the k digits in the low bytes
	b[i] = byte(v)
	if k := 8 - int(z>>3); k > 1 {
		b[i+1] = '.'
		binary.LittleEndian.PutUint64(b[i+2:i+10], v>>8)
		i += k // the point and k-1 digits
	}
	b[i+1], b[i+2] = 'e', '+'
	if x < 0 {
		b[i+2] = '-'
		x = -x
	}
	u := uint(x) & 1023
	switch {
	case u < 10:
		b[i+3] = byte('0' + u)
		return dst[:n+i+4]
	case u < 100:
		t := u * 103 >> 10
		b[i+3], b[i+4] = byte('0'+t), byte('0'+u-t*10)
		return dst[:n+i+5]
	}
	h := u / 100 // the wide exponents pagebuild renders (5e-324)
	r := u - h*100
	t := r * 103 >> 10
	b[i+3], b[i+4], b[i+5] = byte('0'+h), byte('0'+t), byte('0'+r-t*10)
	return dst[:n+i+6]
}

// decimalWindow is what appendDecimalJSON may write past len(dst) in plain
// form: a sign, up to 21 digits and a point, and fixed-size moves' slack.
const decimalWindow = 64

// appendDecimalJSON appends the decimal (-1)^neg × mant × 10^exp as
// AppendFloatJSON does (mant < 10^17 and |exp| < 64, as a float cell holds
// them). Plain forms are assembled in a fixed window of dst from the
// digits and the '0's after them (decimalDigits), with fixed-size moves
// instead of appends; the bytes past the result are slack that the next
// append overwrites.
func appendDecimalJSON(dst []byte, neg bool, mant uint64, exp int) []byte {
	k := decimalLen(mant)
	x := exp + k - 1 // scientific exponent
	if x < -6 || x >= 21 {
		return appendDecimalExpJSON(dst, neg, mant, k, x)
	}
	n := len(dst)
	if cap(dst)-n < decimalWindow {
		dst = append(dst, make([]byte, decimalWindow)...)[:n]
	}
	b := dst[n : n+decimalWindow]
	i := 0
	if neg {
		b[0] = '-'
		i = 1
	}
	var digits [decimalDigitsLen]byte
	buf := decimalDigits(&digits, mant, k)
	switch {
	case exp >= 0: // an integer: the digits, then exp zeros (k+exp <= 21)
		move24(b[i:], buf[:])
		i += k + exp
	case x >= 0: // the point inside the digits: x+1 before it
		move24(b[i:], buf[:])
		b[i+x+1] = '.'
		move24(b[i+x+2:], buf[x+1:])
		i += k + 1
	default: // "0.", then -x-1 (<= 5) zeros, then the digits
		*(*[8]byte)(b[i:]) = [8]byte{'0', '.', '0', '0', '0', '0', '0', '0'}
		move24(b[i+1-x:], buf[:])
		i += 1 - x + k
	}
	return dst[:n+i]
}

// move24 copies the first 24 bytes of src to dst (both at least that
// long, and apart) with three 8-byte loads and three stores, where an
// array assignment between slices the compiler cannot prove apart is a
// call of runtime.memmove, some 20 instructions more.
func move24(dst, src []byte) {
	_, _ = dst[23], src[23]
	a := binary.LittleEndian.Uint64(src)
	b := binary.LittleEndian.Uint64(src[8:])
	c := binary.LittleEndian.Uint64(src[16:])
	binary.LittleEndian.PutUint64(dst, a)
	binary.LittleEndian.PutUint64(dst[8:], b)
	binary.LittleEndian.PutUint64(dst[16:], c)
}

// decimalDigitsLen is the size of decimalDigits' buffer.
const decimalDigitsLen = 48

// decimalDigits writes the k digits of mant (k = decimalLen(mant) <= 17)
// into d and returns the slice of d that starts with them and goes on
// with '0's for 24 bytes: the digits are made eight at a time (digits8)
// and stored right-aligned before the '0's with 8-byte moves, one for a
// mantissa below 1e8 and three for the longest, where writing them two
// at a time from the end took a division and a table load a pair.
func decimalDigits(d *[decimalDigitsLen]byte, mant uint64, k int) []byte {
	const end = 24 // the digits end here; '0's follow to the end of d
	binary.LittleEndian.PutUint64(d[end:end+8], asciiZeros)
	binary.LittleEndian.PutUint64(d[end+8:end+16], asciiZeros)
	binary.LittleEndian.PutUint64(d[end+16:end+24], asciiZeros)
	switch {
	case mant < 10:
		d[end-1] = byte('0' + mant)
	case mant < 1e8:
		binary.LittleEndian.PutUint64(d[end-8:end], digits8(uint32(mant))|asciiZeros)
	default:
		q := mant / 1e8
		hi := q / 1e8 // mant < 1e17: below 10
		binary.LittleEndian.PutUint64(d[end-8:end], digits8(uint32(mant-q*1e8))|asciiZeros)
		binary.LittleEndian.PutUint64(d[end-16:end-8], digits8(uint32(q-hi*1e8))|asciiZeros)
		d[end-17] = byte('0' + hi)
	}
	return d[end-k&31:]
}

// appendDecimalExpJSON appends a decimal of k digits (mant < 10^17) and
// scientific exponent x (|x| < 1000) in exponent form: "d[.ddd]e±x", x
// without zero padding. Like the plain forms it works in a fixed window of
// dst: the digits come from decimalDigits and go out, after the first and
// its '.', in one 24-byte move, and the exponent's one to three digits are
// stored in place, where appending byte by byte, putDigits' pairs and
// AppendUint took about three times the instructions.
func appendDecimalExpJSON(dst []byte, neg bool, mant uint64, k, x int) []byte {
	n := len(dst)
	if cap(dst)-n < decimalWindow {
		dst = append(dst, make([]byte, decimalWindow)...)[:n]
	}
	b := dst[n : n+decimalWindow]
	i := 0
	if neg {
		b[0] = '-'
		i = 1
	}
	var digits [decimalDigitsLen]byte
	buf := decimalDigits(&digits, mant, k) // k digits, then '0's: 24+k bytes
	b[i] = buf[0]
	i++
	if k > 1 {
		b[i] = '.'
		move24(b[i+1:], buf[1:])
		i += k // the point and k-1 digits
	}
	b[i] = 'e'
	b[i+1] = '+'
	if x < 0 {
		b[i+1] = '-'
		x = -x
	}
	i += 2
	u := uint(x)
	switch {
	case u < 10:
		b[i] = byte('0' + u)
		i++
	case u < 100:
		b[i], b[i+1] = byte('0'+u/10), byte('0'+u%10)
		i += 2
	default: // u < 1000: a float64's |x| is at most 324
		b[i], b[i+1], b[i+2] = byte('0'+u/100), byte('0'+u/10%10), byte('0'+u%10)
		i += 3
	}
	return dst[:n+i]
}

// AppendFloat64JSON appends exactly what encoding/json writes for f as a
// float64 (bits 64) or as float32(f) (bits 32): shortest digits, exponent
// form below 1e-6 and from 1e21 on, exponents without zero padding. For NaN
// and infinities, where json.Marshal fails, it writes strconv's "NaN",
// "+Inf" or "-Inf", which is not JSON; callers reject those first. Cost: a
// non-zero finite float64 takes format.ShortestDigits (Schubfach: the
// digits strconv's 'e' format picks) and appendDecimalJSON (the forms
// encoding/json picks from them, as for a decimal cell), some 250
// instructions where strconv.AppendFloat took about 650; float32 and the
// rest take strconv.AppendFloat. No allocation beyond growing dst.
func AppendFloat64JSON(dst []byte, f float64, bits int) []byte {
	if bits != 32 {
		if m, e, ok := format.ShortestDigits(f); ok {
			// The shortest decimal lies in f's rounding interval, which no
			// other float's reaches, so its scientific exponent is below
			// -6 exactly when |f| < 1e-6 and at least 21 exactly when
			// |f| >= 1e21: appendDecimalJSON's choice of form is
			// encoding/json's. Its plain form holds exp in [-23, 20].
			if cap(dst)-len(dst) >= decimalWindow {
				return appendDecimalJSON(dst, f < 0, m, e)
			}
			// A dst with little room (a caller's 32-byte stack buffer,
			// enough for any float's text) is not grown by the whole
			// window: the text is made on the stack and appended.
			var w [decimalWindow]byte
			return append(dst, appendDecimalJSON(w[:0], f < 0, m, e)...)
		}
		return appendFloat64JSONStrconv(dst, f, 64)
	}
	return appendFloat64JSONStrconv(dst, f, 32)
}

// appendFloat64JSONStrconv is AppendFloat64JSON by strconv.AppendFloat:
// encoding/json's floatEncoder.encode, minus the error path.
func appendFloat64JSONStrconv(dst []byte, f float64, bits int) []byte {
	if bits == 32 {
		f = float64(float32(f))
	}
	abs := math.Abs(f)
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, fmt, -1, bits)
	if fmt == 'e' {
		// clean up e-09 to e-9
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}
