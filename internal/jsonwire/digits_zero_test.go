package jsonwire

import (
	"strconv"
	"testing"
)

// TestZeroDigitBits checks the shift count of digits8's leading zero
// digits against the length of strconv's text, at every digit count's
// boundaries below 1e8 (0 keeps one digit), and that the shifted word is
// the text itself.
func TestZeroDigitBits(t *testing.T) {
	var vals []uint32
	for p := uint32(1); p < 1e8; p *= 10 {
		vals = append(vals, p-1, p, p+1, 2*p-1, 9*p, 10*p-2)
	}
	vals = append(vals, 12345678, 1020304, 99999999)
	for _, v := range vals {
		s := strconv.FormatUint(uint64(v), 10)
		w := Digits8(v)
		z := ZeroDigitBits(w)
		if want := uint(8 * (8 - len(s))); z != want {
			t.Fatalf("ZeroDigitBits(Digits8(%d)) = %d, want %d", v, z, want)
		}
		var b [8]byte
		x := (w | AsciiZeros) >> z
		for i := range b {
			b[i] = byte(x >> (8 * i))
		}
		if got := string(b[:len(s)]); got != s {
			t.Fatalf("text of %d = %q, want %q", v, got, s)
		}
	}
}
