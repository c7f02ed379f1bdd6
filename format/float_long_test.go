package format

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestFloatCellLongDigits holds AppendFloatCell to strconv's shortest
// digits (refCell) where appendFloatCell64 decides between its one scale
// test and Schubfach (appendLongCell): decimals of 14 to 17 significant
// digits at every magnitude of the fast path and around it, one- and
// two-decimal values (money), dyadic values n/2^j whose digits need 15 or
// 16 places (once their own step), powers of ten and their neighbours,
// subnormals, 2^53 and its neighbours, and negative zero.
func TestFloatCellLongDigits(t *testing.T) {
	check := func(f float64) {
		t.Helper()
		for _, g := range []float64{f, -f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1))} {
			checkCell(t, g, 64)
		}
	}
	for e := -12; e <= 25; e++ {
		check(math.Pow(10, float64(e)))
	}
	for _, f := range []float64{
		math.Copysign(0, -1), 5e-324, 1e-323, 2.2250738585072009e-308, 2.2250738585072014e-308,
		1<<53 - 1, 1 << 53, 1<<53 + 2, cellMantLimit - 0.5, cellMantLimit, 1e-7, 9.999999999999999e-8,
		1.0 / 3, 2.0 / 3, math.Pi, math.E, 0.1 + 0.2, 123456789.125, 0.30000000000000004,
	} {
		check(f)
	}
	r := rand.New(rand.NewPCG(46, 16))
	n := 200_000 // 20,000 with -short, 40,000 under the race detector
	switch {
	case testing.Short():
		n = 20_000
	case raceEnabled:
		n = 40_000
	}
	for range n {
		// d significant digits, the point anywhere from 10^-9 to 10^16.
		d := 14 + r.IntN(4)
		digits := r.Uint64N(uint64(9*math.Pow10(d-1))) + uint64(math.Pow10(d-1))
		f, err := strconv.ParseFloat(strconv.FormatUint(digits, 10)+"e"+strconv.Itoa(r.IntN(26)-9-d), 64)
		if err != nil {
			t.Fatal(err)
		}
		check(f)
		check(float64(r.Uint64N(1e9)) / 100) // cents
		check(float64(r.Uint64N(1e6)) / 10)
		j := 15 + r.IntN(7) // n*5^j between 2^49 and 10^15 and past it
		check(float64(r.Uint64N(uint64(2e15/math.Pow(5, float64(j))))|1) / float64(uint64(1)<<j))
		check(r.NormFloat64() * 1e3)
	}
}
