package jsonwire

import "math/bits"

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
func AppendUint(dst []byte, v uint64) []byte {
	if v < 10 {
		return append(dst, byte('0'+v))
	}
	n := decimalLen(v)
	l := len(dst)
	if cap(dst)-l < n {
		dst = append(dst, make([]byte, n)...)[:l]
	}
	dst = dst[:l+n]
	putDigits(dst[l:], v)
	return dst
}

// AppendInt appends the decimal text of v to dst, as strconv.AppendInt(dst,
// v, 10) does. No allocation beyond growing dst.
func AppendInt(dst []byte, v int64) []byte {
	if v < 0 {
		return AppendUint(append(dst, '-'), -uint64(v))
	}
	return AppendUint(dst, uint64(v))
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
