package jsontext

import (
	"strconv"
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

// intSink records the integers and number texts it is given.
type intSink struct {
	stringSink
	ints []int64
	nums []string
}

func (s *intSink) Int(v int64)        { s.ints = append(s.ints, v) }
func (s *intSink) Number(text []byte) { s.nums = append(s.nums, string(text)) }

// TestIntegerEveryLengthEveryEnd parses integers of 1 to 20 digits, with
// and without a sign, followed by each kind of byte that can end one and
// padded so that the digits end at every position of a word, and compares
// the value with strconv's: Int for up to 18 bytes, sign included, Number
// beyond.
func TestIntegerEveryLengthEveryEnd(t *testing.T) {
	var p Parser
	for n := 1; n <= 20; n++ {
		for _, first := range "19" {
			digits := string(first) + strings.Repeat("9081726354", 2)[:n-1]
			for _, sign := range []string{"", "-"} {
				for _, end := range []string{"", ",0", "]", " ", "\n"} {
					for pad := 0; pad < 9; pad++ {
						text := "[" + strings.Repeat(" ", pad) + sign + digits + end
						if end != "]" {
							text += "]"
						}
						var s intSink
						if e := p.Value(&s, []byte(text), 10); e != nil {
							t.Fatalf("%q: %v", text, e)
						}
						if len(sign)+n > maxFastDigits { // the sign counts
							if len(s.nums) == 0 || s.nums[0] != sign+digits {
								t.Fatalf("%q: numbers %q, ints %v", text, s.nums, s.ints)
							}
							continue
						}
						want, _ := strconv.ParseInt(sign+digits, 10, 64)
						if len(s.ints) == 0 || s.ints[0] != want {
							t.Fatalf("%q: ints %v, want %d", text, s.ints, want)
						}
					}
				}
			}
		}
	}
}

// TestDigits8 checks digits8 on eight digits of every value at every place.
func TestDigits8(t *testing.T) {
	for _, x := range []uint64{0, 1, 9, 10, 99999999, 12345678, 87654321, 10000000, 90909090} {
		for place := uint64(1); place <= 10000000; place *= 10 {
			v := x % 100000000
			var d uint64
			for k, y := 0, v; k < 8; k, y = k+1, y/10 {
				d |= (y % 10) << (8 * (7 - k))
			}
			if got := digits8(d); got != v {
				t.Fatalf("digits8(%#x) = %d, want %d", d, got, v)
			}
			x = x*place + place/3
		}
	}
}
