package jsonbridge

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// floatMemo remembers pagebuild.CanonicalDecimal's verdict (the float, its
// digits and whether the text is the float's own) for the last number
// texts of at most 24 bytes that took it, by their bytes, in a table of
// floatMemoSize entries, one place a text. CanonicalDecimal is the long
// way of canonicalDecimal, for the texts with an exponent, the floats
// beyond a decimal cell's exponents (5e-324, 1.7976931348623157e+308) and
// the digits shortestIs cannot settle: 150 to 450 instructions a number,
// where a text the memo holds costs some 30. Such texts recur in a page's
// lists of special floats (1e+21, 1e-7 and the two above). The verdict
// depends on the text alone, so entries hold from page to page.
type floatMemo [floatMemoSize]floatMemoEntry

// floatMemoSize is the number of entries of a floatMemo, a power of two.
const floatMemoSize = 16

// floatMemoEntry is one number text of a floatMemo (packed as canonical
// packs it; n is its length, 0 for an empty entry) and its verdict.
type floatMemoEntry struct {
	w  [3]uint64
	n  int
	f  float64
	d  format.Decimal
	ok bool
}

// canonical returns pagebuild.CanonicalDecimal of the number text and the
// digits a DecimalSink gets for it, from the memo when it holds the text,
// else computed and remembered (text of more than 24 bytes is computed
// each time). The text is packed into three words that, with its length,
// tell it from any other text of 1 to 24 bytes: its first eight bytes, its
// eight middle ones and its last eight, which overlap below 24 bytes; text
// of up to 7 bytes is its first word, zero above it, and the other two are
// zero.
func (m *floatMemo) canonical(text []byte, neg bool, mant uint64, nd, exp int) (float64, format.Decimal, bool) {
	n := len(text)
	var w0, w1, w2 uint64
	switch {
	case n >= 8 && n <= 24:
		w0, w1, w2 = binary.LittleEndian.Uint64(text), binary.LittleEndian.Uint64(text[n/2-4:]), binary.LittleEndian.Uint64(text[n-8:])
	case n >= 8 || n == 0:
		return pagebuild.CanonicalDecimal(view(text), neg, mant, nd, exp)
	case cap(text) >= 8: // a view of a longer text: one load
		w0 = binary.LittleEndian.Uint64(text[:8]) & (1<<(8*n) - 1)
	default:
		w0 = bytesWord(text)
	}
	e := &m[((w0^w2*0x9E3779B97F4A7C15^uint64(n))*0xBF58476D1CE4E5B9)>>(64-4)] // floatMemoSize = 1<<4
	if e.w == [3]uint64{w0, w1, w2} && e.n == n {
		return e.f, e.d, e.ok
	}
	f, d, ok := pagebuild.CanonicalDecimal(view(text), neg, mant, nd, exp)
	*e = floatMemoEntry{w: [3]uint64{w0, w1, w2}, n: n, f: f, d: d, ok: ok}
	return f, d, ok
}

// bytesWord returns the bytes of t, at most eight, as a little-endian
// word, one at a time: canonical's way for text at the end of a buffer.
func bytesWord(t []byte) (w uint64) {
	for i := len(t) - 1; i >= 0; i-- {
		w = w<<8 | uint64(t[i])
	}
	return w
}
