package jsontext

import (
	"strings"
	"testing"
)

// TestSkipDigitsEveryLengthEveryEnd skips runs of 0 to 30 digits ended by
// each kind of byte that can follow one (or by the end of the text), from
// every offset into the text, and compares the end with a digit at a
// time.
func TestSkipDigitsEveryLengthEveryEnd(t *testing.T) {
	for n := 0; n <= 30; n++ {
		run := strings.Repeat("9876543210", 3)[:n]
		for _, end := range []string{"", ",", "}", "]", "e3", "E", "+", "-", ".", " ", "/", ":", "\xff", "\x00", "a"} {
			for pad := 0; pad < 9; pad++ {
				in := []byte(strings.Repeat("x", pad) + run + end)
				if k := skipDigits(in, pad); k != pad+n {
					t.Fatalf("%q from %d: skipDigits ends at %d, want %d", in, pad, k, pad+n)
				}
			}
		}
	}
}

// TestLeadingDigitsEveryByteEveryLane puts each byte value in each lane
// after digits, with anything above it.
func TestLeadingDigitsEveryByteEveryLane(t *testing.T) {
	var b [8]byte
	for lane := range 8 {
		for c := range 256 {
			for k := range b {
				b[k] = byte('0' + (k*7)%10)
				if k > lane {
					b[k] = byte(k * 37 * (c + 1))
				}
			}
			b[lane] = byte(c)
			d := uint64(0)
			for k := 7; k >= 0; k-- {
				d = d<<8 | uint64(b[k])
			}
			want := lane
			if c >= '0' && c <= '9' {
				want = lane + 1
				for want < 8 && b[want] >= '0' && b[want] <= '9' {
					want++
				}
			}
			if got := leadingDigits(d - lsb*'0'); got != want {
				t.Fatalf("% x: leadingDigits %d, want %d", b, got, want)
			}
		}
	}
}
