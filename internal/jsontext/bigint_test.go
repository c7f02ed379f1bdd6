package jsontext

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// bigSink is an intSink that is a DecimalSink too.
type bigSink struct {
	intSink
	bigs []string // "-" or "" and the magnitude BigInt was given, in decimal
}

func (s *bigSink) Decimal(text []byte, _ bool, _ uint64, _, _ int) { s.Number(text) }

func (s *bigSink) BigInt(text []byte, neg bool, u uint64) {
	sign := ""
	if neg {
		sign = "-"
	}
	if want := sign + strconv.FormatUint(u, 10); string(text) != want {
		s.bigs = append(s.bigs, "text "+string(text)+" is not "+want)
		return
	}
	s.bigs = append(s.bigs, string(text))
}

// TestBigIntegers parses integers of 19 to 21 digits, with and without a
// sign, at the edges of the ranges (10^18, 10^19, 2^63, 2^64, 2×10^19)
// and at random, padded so that the digits end at every position of a
// word: those of 19 or 20 digits that fit a uint64 (an int64 when
// negative) must come to BigInt with their magnitude, all others to
// Number as their text, and none to Int.
func TestBigIntegers(t *testing.T) {
	texts := []string{
		"1000000000000000000", "9999999999999999999", "9223372036854775807", "9223372036854775808",
		"9223372036854775809", "10000000000000000000", "18446744073709551615", "18446744073709551616",
		"18446744073709551617", "19999999999999999999", "20000000000000000000", "36893488147419103231",
		"36893488147419103232", "99999999999999999999", "100000000000000000000", "28446744073709551615",
		"11553255926290448384", "1844674407370955161", "18446744073709551625",
	}
	r := rand.New(rand.NewPCG(13, 14))
	for len(texts) < 2000 {
		if t := strconv.FormatUint(r.Uint64(), 10); len(t) >= 19 {
			texts = append(texts, t, t+"7")
		}
	}
	var p Parser
	for _, digits := range texts {
		for _, sign := range []string{"", "-"} {
			num := sign + digits
			_, errU := strconv.ParseUint(digits, 10, 64)
			_, errI := strconv.ParseInt(num, 10, 64)
			big := len(digits) >= 19 && len(digits) <= 20 && (sign == "" && errU == nil || sign == "-" && errI == nil)
			for pad := 0; pad < 9; pad++ {
				text := "[" + strings.Repeat(" ", pad) + num + "]"
				var s bigSink
				if e := p.Value(&s, []byte(text), 10); e != nil {
					t.Fatalf("%q: %v", text, e)
				}
				switch {
				case len(s.ints) != 0:
					t.Fatalf("%q: ints %v", text, s.ints)
				case big && (len(s.bigs) != 1 || s.bigs[0] != num || len(s.nums) != 0):
					t.Fatalf("%q: BigInt %q, Number %q, want BigInt", text, s.bigs, s.nums)
				case !big && (len(s.nums) != 1 || s.nums[0] != num || len(s.bigs) != 0):
					t.Fatalf("%q: BigInt %q, Number %q, want Number", text, s.bigs, s.nums)
				}
			}
		}
	}
}
