package jsonwire

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestParseFloat64MatchesStrconv compares ParseFloat64 with
// strconv.ParseFloat bit for bit where parseTiny answers: the shortest text
// of every kind of subnormal and of floats around the smallest normal,
// random digits at exponents around the subnormal range (most of which
// parseTiny must decline), signs and the forms of the JSON grammar.
func TestParseFloat64MatchesStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	check := func(s string) {
		t.Helper()
		want, werr := strconv.ParseFloat(s, 64)
		got, gerr := ParseFloat64(s)
		if math.Float64bits(got) != math.Float64bits(want) || (gerr == nil) != (werr == nil) {
			t.Fatalf("ParseFloat64(%q) = %v (%#x), %v; strconv %v (%#x), %v", s, got, math.Float64bits(got), gerr, want, math.Float64bits(want), werr)
		}
	}
	for _, s := range []string{"5e-324", "-5e-324", "4.9406564584124654e-324", "2e-324", "3e-324", "2.4703282292062327e-324",
		"2.4703282292062328e-324", "1e-324", "0.0000e-300", "0e-400", "1e-400", "-1e-400", "2.225073858507201e-308",
		"2.2250738585072014e-308", "2.2250738585072011e-308", "9.99999999999999999e-309", "1e-308", "1.0e-308", "1e-307",
		"0.000000001e-300", "1234567890123456789e-330", "12345678901234567890e-330", "1E-310", "1e+0", "0", "-0", "0.1"} {
		check(s)
	}
	for range 200_000 {
		switch rng.IntN(4) {
		case 0: // a subnormal's shortest text
			f := math.Float64frombits(rng.Uint64N(1<<52) + 1)
			check(strconv.FormatFloat(f, 'e', -1, 64))
		case 1: // around the smallest normal
			f := math.Float64frombits(1<<52 + rng.Uint64N(1<<20) - 1<<19)
			check(strconv.FormatFloat(f, 'e', -1, 64))
			check(strconv.FormatFloat(f, 'e', 16, 64))
		case 2: // random digits, exponents from the zeros to the normals
			n := 1 + rng.IntN(20)
			b := make([]byte, 0, 40)
			if rng.IntN(2) == 0 {
				b = append(b, '-')
			}
			b = append(b, byte('1'+rng.IntN(9)))
			if n > 1 {
				b = append(b, '.')
				for range n - 1 {
					b = append(b, byte('0'+rng.IntN(10)))
				}
			}
			b = append(b, 'e')
			b = strconv.AppendInt(b, int64(-350+rng.IntN(60)), 10)
			check(string(b))
		default: // the plain form, 0.000…ddd
			b := []byte("0.")
			for range 300 + rng.IntN(30) {
				b = append(b, '0')
			}
			for range 1 + rng.IntN(19) {
				b = append(b, byte('0'+rng.IntN(10)))
			}
			check(string(b))
		}
	}
}

func TestParseFloat64Allocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items: allocation counts are meaningless")
	}
	ParseFloat64("5e-324")
	if a := testing.AllocsPerRun(100, func() { ParseFloat64("4.9406564584124654e-324") }); a > 0 {
		t.Errorf("allocs = %v, want 0", a)
	}
}

func BenchmarkParseFloat64(b *testing.B) {
	for _, s := range []string{"5e-324", "1.5e-310", "2.2250738585072014e-308", "0.1", "123456789.125"} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				ParseFloat64(s)
			}
		})
		b.Run(s+"/strconv", func(b *testing.B) {
			for b.Loop() {
				strconv.ParseFloat(s, 64)
			}
		})
	}
}
