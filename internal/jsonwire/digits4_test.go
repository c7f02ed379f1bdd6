package jsonwire

import (
	"encoding/binary"
	"strconv"
	"testing"
)

// TestDigits4 checks every value below 1e4: Digits4 or'd with AsciiZeros
// is its four digits with leading zeros, and ZeroDigitBits4 counts those
// zeros, keeping the last digit, as strconv writes the value.
func TestDigits4(t *testing.T) {
	for v := uint32(0); v < 1e4; v++ {
		w := Digits4(v)
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], w|AsciiZeros&0xFFFFFFFF)
		if got, want := string(b[:]), strconv.Itoa(int(v) + 1e4)[1:]; got != want {
			t.Fatalf("Digits4(%d) = %q, want %q", v, got, want)
		}
		z := ZeroDigitBits4(w)
		if got, want := string(b[z>>3:]), strconv.Itoa(int(v)); got != want {
			t.Fatalf("Digits4(%d) without its leading zeros = %q, want %q", v, got, want)
		}
	}
}
