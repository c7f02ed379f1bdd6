package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// Decimal integers for JSON text. The transcoder writes an integer for most
// cells of a typical page (ids, counts, the digits of decimal floats), so
// these write the digits straight into dst, two at a time, with 32-bit
// arithmetic for each group of eight, instead of into a scratch buffer that
// is then copied.

// pow10u64[k] = 10^k.
var pow10u64 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// decimalLen returns the number of decimal digits of v (1 for 0).
func decimalLen(v uint64) int {
	// 1233/4096 approximates log10(2): the estimate is the digit count or
	// one more, which the comparison corrects.
	n := (bits.Len64(v) * 1233) >> 12
	if n < len(pow10u64) && v >= pow10u64[n] {
		n++
	}
	return max(n, 1)
}

// AppendUint appends the decimal digits of v to dst, as
// strconv.AppendUint(dst, v, 10) does. No allocation beyond growing dst.
// When dst has uintWindow bytes of room the digits are made eight at a
// time in a register (digits8) and stored with 8-byte moves, which may
// write slack past the result, within cap(dst), that the next append
// overwrites: about 25 instructions for a 9-digit id against 60 a pair of
// digits at a time. A value below 1e8 is written in line, without a
// call (see AppendInt), and so is one of 17 to 20 digits.
func AppendUint(dst []byte, v uint64) []byte {
	l := len(dst)
	if cap(dst)-l < uintWindow {
		return appendUintShort(dst, v)
	}
	b := (*[uintWindow]byte)(dst[l : l+uintWindow])
	if v < 10 { // one digit, the commonest integer on many pages
		b[0] = byte('0' + v)
		return dst[:l+1]
	}
	if v < 1e8 {
		// putLeading in line (it does not inline): a call per cell
		// was a tenth of an integer's cost.
		w := digits8(uint32(v))
		z := zeroDigitBits(w) // v = 0 keeps one
		binary.LittleEndian.PutUint64(b[:8], (w|asciiZeros)>>z)
		return dst[:l+8-int(z>>3)]
	}
	if v >= 1e16 {
		// 17 to 20 digits, in line: the ids, hashes and values past 2^63
		// that give a column EncUint. The lead, at most 1844, takes
		// Digits4 and the sixteen digits below it two digits8 words:
		// about 95 instructions where putLarge's switch and its call of
		// putLeading took 140.
		lead := v / 1e16
		rest := v - lead*1e16
		hi := uint32(rest / 1e8)
		w := Digits4(uint32(lead))
		z := ZeroDigitBits4(w) // lead >= 1 keeps its digits
		binary.LittleEndian.PutUint32(b[:4], (w|asciiZeros&0xFFFFFFFF)>>z)
		n := 4 - int(z>>3)
		binary.LittleEndian.PutUint64(b[n:n+8], digits8(hi)|asciiZeros)
		binary.LittleEndian.PutUint64(b[n+8:n+16], digits8(uint32(rest-uint64(hi)*1e8))|asciiZeros)
		return dst[:l+n+16]
	}
	return dst[:l+putLarge(b, v)]
}

// appendUintShort is AppendUint without the room for its fixed moves:
// dst grows by the exact digit count.
func appendUintShort(dst []byte, v uint64) []byte {
	if v < 10 {
		return append(dst, byte('0'+v))
	}
	l := len(dst)
	n := decimalLen(v)
	if cap(dst)-l < n {
		dst = append(dst, make([]byte, n)...)[:l]
	}
	dst = dst[:l+n]
	putDigits(dst[l:], v)
	return dst
}

// putLarge writes the digits of v >= 1e8 at the start of b and returns
// their count; b past them to the end of the last 8-byte move is slack.
func putLarge(b *[uintWindow]byte, v uint64) int {
	q := v / 1e8
	r := uint32(v - q*1e8)
	var n int
	switch {
	case q < 10: // 9 digits: most ids and timestamps in milliseconds / 1000
		b[0] = byte('0' + q)
		n = 1
	case q < 100:
		*(*[2]byte)(b[:2]) = pairs[q]
		n = 2
	case q < 1e8:
		n = putLeading(b[:], uint32(q))
	default:
		q2 := q / 1e8 // at most 1844
		n = putLeading(b[:], uint32(q2))
		binary.LittleEndian.PutUint64(b[n:n+8], digits8(uint32(q-q2*1e8))|asciiZeros)
		n += 8
	}
	binary.LittleEndian.PutUint64(b[n:n+8], digits8(r)|asciiZeros)
	return n + 8
}

// uintWindow is the room AppendUint's fast path needs past len(dst): 20
// digits in moves of 8 bytes, the first of which may write up to 7 bytes
// of slack.
const uintWindow = 32

// asciiZeros is '0' in every byte: digits8's digits or'd with it are text.
const asciiZeros = 0x3030303030303030

// putLeading writes the digits of v, 0 < v < 1e8, as text at the start of
// b (at least 8 bytes), without leading zeros, and returns their count;
// b[count:8] is slack.
func putLeading(b []byte, v uint32) int {
	w := digits8(v)
	z := zeroDigitBits(w)
	binary.LittleEndian.PutUint64(b[:8], (w|asciiZeros)>>z)
	return 8 - int(z>>3)
}

// zeroDigitBits returns the bits of the leading zero digits of w =
// digits8(v), w's trailing zero bytes, as a shift count: at most 56, so
// that v = 0 keeps one digit and (w|asciiZeros)>>zeroDigitBits(w) is the
// text of v < 1e8 in its low bytes. The bit 1<<56 tells the compiler
// that the count's argument is not zero and the mask that the count is
// below 64, so that neither the move for a zero word nor the check of a
// shift by 64 or more is needed: three instructions less than
// TrailingZeros64(w)&^7 on amd64. It inlines.
func zeroDigitBits(w uint64) uint { return uint(bits.TrailingZeros64(w|1<<56)) & 56 }

// digits8 returns the eight decimal digits of v < 1e8, leading zeros
// included, one a byte with the most significant in the lowest byte, as
// values 0 to 9: a little-endian store of digits8(v)|asciiZeros writes
// them as text. Three steps split v into halves of four digits, quarters
// of two and single digits, every lane at once; each division by a
// constant is a multiplication and a shift that is exact for the lane's
// range (v < 1e8 by 10000 with 109951163/2^40, v < 10000 by 100 with
// 10486/2^20, v < 100 by 10 with 103/2^10), and no lane's product carries
// into the next. The last two steps place
// quotient q and remainder x-q*m of each lane in one multiply-subtract,
// x<<s - q*(m<<s - 1), which equals q | (x-q*m)<<s (every remainder is
// at least 0, and the lanes' tops are clear, so nothing wraps): 20
// instructions on amd64 where the compiler's division and the or of the
// two parts took 25.
func digits8(v uint32) uint64 {
	hi := uint32(uint64(v) * 109951163 >> 40) // v / 10000, the multiplier in one instruction's immediate
	x := uint64(hi) | uint64(v-hi*10000)<<32  // 4-digit halves in 32-bit lanes
	q := (x * 10486 >> 20) & 0x0000007F_0000007F
	x = x<<16 - q*(100<<16-1) // 2-digit quarters in 16-bit lanes
	d := (x * 103 >> 10) & 0x000F000F_000F000F
	return x<<8 - d*(10<<8-1) // digits in bytes
}

// AppendInt appends the decimal text of v to dst, as strconv.AppendInt(dst,
// v, 10) does. No allocation beyond growing dst. It is AppendUint after
// the sign, written out rather than called: on the fast path a value
// below 1e8 takes no call at all.
func AppendInt(dst []byte, v int64) []byte {
	l := len(dst)
	if cap(dst)-l <= uintWindow { // the sign and AppendUint's window
		if v < 0 {
			return appendUintShort(append(dst, '-'), -uint64(v))
		}
		return appendUintShort(dst, uint64(v))
	}
	u := uint64(v)
	if v < 0 {
		dst[:l+1][l] = '-'
		l++
		u = -u
	}
	b := (*[uintWindow]byte)(dst[l : l+uintWindow])
	if u < 10 { // as in AppendUint
		b[0] = byte('0' + u)
		return dst[:l+1]
	}
	if u < 1e8 {
		w := digits8(uint32(u))
		z := zeroDigitBits(w)
		binary.LittleEndian.PutUint64(b[:8], (w|asciiZeros)>>z)
		return dst[:l+8-int(z>>3)]
	}
	return dst[:l+putLarge(b, u)]
}

// pairs[v] is the two digits of v < 100.
var pairs = func() (t [100][2]byte) {
	for v := range t {
		t[v] = [2]byte{byte('0' + v/10), byte('0' + v%10)}
	}
	return t
}()

// putDigits writes the decimal digits of v right-aligned in b, which is
// exactly decimalLen(v) bytes long.
func putDigits(b []byte, v uint64) {
	i := len(b)
	for v >= 1e8 {
		q := v / 1e8
		r := uint32(v - q*1e8)
		v = q
		hi, lo := r/10000, r%10000
		w := (*[8]byte)(b[i-8 : i])
		*(*[2]byte)(w[0:2]) = pairs[hi/100]
		*(*[2]byte)(w[2:4]) = pairs[hi%100]
		*(*[2]byte)(w[4:6]) = pairs[lo/100]
		*(*[2]byte)(w[6:8]) = pairs[lo%100]
		i -= 8
	}
	r := uint32(v)
	for r >= 100 {
		*(*[2]byte)(b[i-2 : i]) = pairs[r%100]
		r /= 100
		i -= 2
	}
	if r >= 10 {
		*(*[2]byte)(b[i-2 : i]) = pairs[r]
	} else {
		b[i-1] = byte('0' + r)
	}
}

// Digits8 is digits8 for the renderers of other packages that write a
// number's digits in line: the eight decimal digits of v < 1e8, leading
// zeros included, one a byte with the most significant in the lowest
// byte, as values 0 to 9 (or'd with AsciiZeros, text). Inlines.
func Digits8(v uint32) uint64 { return digits8(v) }

// ZeroDigitBits is zeroDigitBits for users of Digits8: the bits of the
// leading zero digits of w = Digits8(v), at most 56, as a shift count
// that needs no checks. Inlines.
func ZeroDigitBits(w uint64) uint { return zeroDigitBits(w) }

// AsciiZeros is asciiZeros, '0' in every byte, for users of Digits8.
const AsciiZeros = asciiZeros

// Digits4 is Digits8 for v < 1e4: its four decimal digits, leading zeros
// included, in the four low bytes, the most significant lowest, as values
// 0 to 9 (or'd with AsciiZeros, text). digits8's last two steps on one
// 32-bit lane (v/100 by 10486/2^20, then each pair by 103/2^10; no
// product passes 2^31): about 6 instructions fewer than Digits8, for the
// two- to four-digit integers (counts, years, sizes). Inlines.
func Digits4(v uint32) uint32 {
	q := v * 10486 >> 20
	x := v<<16 - q*(100<<16-1) // 2-digit halves in 16-bit lanes
	d := (x * 103 >> 10) & 0x000F000F
	return x<<8 - d*(10<<8-1)
}

// ZeroDigitBits4 is ZeroDigitBits for w = Digits4(v): the bits of its
// leading zero digits, at most 24. Inlines.
func ZeroDigitBits4(w uint32) uint { return uint(bits.TrailingZeros32(w|1<<24)) & 24 }
