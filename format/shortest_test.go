package format

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// The spec of shortestDigits64: for every finite non-zero float64 f,
// subnormals included, it returns ok = true and exactly the digits and
// exponent of strconv.FormatFloat(|f|, 'e', -1, 64), with trailing zeros
// stripped; for zero, NaN and infinities it returns ok = false.
//
// The random tests scale with ROWPAGE_SHORTEST_SCALE (default 1, 6 million
// values, about 2 s on two cores; -short divides by 10):
// ROWPAGE_SHORTEST_SCALE=20 checks 120 million.

// sdInRange reports whether the spec promises ok = true for f.
func sdInRange(f float64) bool {
	return f != 0 && !math.IsNaN(f) && !math.IsInf(f, 0)
}

// sdCheck checks shortestDigits64(f) against the spec and returns ok. It
// reports a mismatch with Errorf, so it may run on any goroutine.
func sdCheck(t testing.TB, f float64) bool {
	t.Helper()
	mant, exp10, ok := shortestDigits64(f)
	if want := sdInRange(f); ok != want {
		t.Errorf("shortestDigits64(%v) (bits %#x): ok = %v, want %v", f, math.Float64bits(f), ok, want)
	}
	if ok {
		if wm, we := formatDigits(math.Abs(f), -1, 64); mant != wm || exp10 != we {
			t.Errorf("shortestDigits64(%v) (bits %#x) = %de%d, strconv gives %de%d",
				f, math.Float64bits(f), mant, exp10, wm, we)
		}
	}
	return ok
}

// sdParallel runs n calls of fn split over GOMAXPROCS goroutines, each with
// its own random source, and returns how many returned true. fn reports
// failures with Errorf; the goroutines stop soon after the first.
func sdParallel(t *testing.T, n int, seed uint64, fn func(rng *rand.Rand) bool) int {
	workers := runtime.GOMAXPROCS(0)
	var total atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(seed, uint64(w)))
			count := int64(0)
			for i := range n / workers {
				if i%4096 == 0 && t.Failed() {
					break
				}
				if fn(rng) {
					count++
				}
			}
			total.Add(count)
		})
	}
	wg.Wait()
	return int(total.Load())
}

// sdFloat returns the float64 c×2^q, c in [2^52, 2^53).
func sdFloat(c uint64, q int) float64 {
	return math.Float64frombits(uint64(q+1075)<<52 | c&(1<<52-1))
}

// TestShortestDigits64Examples pins cases by hand: the wanted digits are
// written out, and strconv must agree with them too.
func TestShortestDigits64Examples(t *testing.T) {
	for _, tc := range []struct {
		f     float64
		mant  uint64
		exp10 int
		ok    bool
	}{
		{1, 1, 0, true},
		{0.1, 1, -1, true},
		{0.30000000000000004, 30000000000000004, -17, true}, // 0.1 + 0.2 at run time
		{1.0 / 3, 3333333333333333, -16, true},
		{2.0 / 3, 6666666666666666, -16, true},
		{123456, 123456, 0, true},
		{1e23, 1, 23, true},                           // the float is 99999999999999991611392
		{8.41e21, 841, 19, true},                      // shorter than its 22-digit integer
		{9007199254740993, 9007199254740992, 0, true}, // rounds to 2^53
		{1 << 53, 9007199254740992, 0, true},
		{1<<53 + 2, 9007199254740994, 0, true},
		{math.Nextafter(1, 2), 10000000000000002, -16, true},
		{math.Nextafter(1, 0), 9999999999999999, -16, true}, // below a power of two
		{0x1p-25, 29802322387695312, -24, true},             // exact tie at a power of two: even
		{0x10000000000001p-2, 11258999068426242, -1, true},  // 2^50 + 0.25: a tie at full length, even
		{0x10000000000003p-2, 11258999068426248, -1, true},  // 2^50 + 0.75: the tie above, even
		{5e-324, 5, -324, true},                             // the smallest subnormal
		{1e-323, 1, -323, true},
		{math.Float64frombits(1<<52 - 1), 2225073858507201, -323, true},          // the largest subnormal
		{math.SmallestNonzeroFloat64 * (1 << 52), 22250738585072014, -324, true}, // the smallest normal
		{math.MaxFloat64, 17976931348623157, 292, true},
		{1e-80, 1, -80, true},
		{1e80, 1, 80, true},
		{8e-81, 8, -81, true},
		{1e81, 1, 81, true},
		{1e308, 1, 308, true},
		{1e-310, 1, -310, true}, // subnormal
		{0, 0, 0, false},
		{math.Inf(1), 0, 0, false},
		{math.NaN(), 0, 0, false},
		{-2.5, 25, -1, true}, // the sign is ignored
	} {
		mant, exp10, ok := shortestDigits64(tc.f)
		if mant != tc.mant || exp10 != tc.exp10 || ok != tc.ok {
			t.Errorf("shortestDigits64(%v) = %d, %d, %v; want %d, %d, %v", tc.f, mant, exp10, ok, tc.mant, tc.exp10, tc.ok)
		}
		if tc.ok {
			if wm, we := formatDigits(math.Abs(tc.f), -1, 64); wm != tc.mant || we != tc.exp10 {
				t.Errorf("strconv gives %de%d for %v, the example says %de%d", wm, we, tc.f, tc.mant, tc.exp10)
			}
		}
		sdCheck(t, tc.f)
	}
}

// TestShortestDigits64Range checks the ends of the range, every finite
// non-zero float64: the lowest and highest floats inside and their
// neighbours outside (zero and infinity).
func TestShortestDigits64Range(t *testing.T) {
	lo, hi := math.SmallestNonzeroFloat64, sdFloat(1<<53-1, shortestQMax)
	if !(lo <= 1e-80 && hi == math.MaxFloat64) {
		t.Fatalf("range [%v, %v] does not hold [1e-80, 1e80]", lo, hi)
	}
	for _, f := range []float64{lo, hi, math.Nextafter(lo, 1), math.Nextafter(hi, 0)} {
		if !sdCheck(t, f) {
			t.Errorf("shortestDigits64(%v): ok = false inside the range", f)
		}
	}
	for _, f := range []float64{math.Nextafter(lo, 0), math.Nextafter(hi, math.Inf(1))} {
		if _, _, ok := shortestDigits64(f); ok {
			t.Errorf("shortestDigits64(%v): ok = true outside the range", f)
		}
	}
	t.Logf("range [%v, %v]", lo, hi)
}

// TestShortestDigits64Exponents checks, at every binary exponent in range
// (and a few beyond each end), the significands where the rounding
// interval or the candidates are special: the power of two (whose interval
// is asymmetric) and its neighbours, the largest significand, significands
// near the middle, and the values just below the next power of two.
func TestShortestDigits64Exponents(t *testing.T) {
	cs := []uint64{1 << 52, 1<<52 + 1, 1<<52 + 2, 1<<52 + 3, 1<<53 - 1, 1<<53 - 2, 1<<53 - 3,
		3 << 51, 3<<51 + 1, 3<<51 - 1, 5 << 50, 0x1FFFFFFFFFFFF0, 0x10000000000010}
	n, ok := 0, 0
	for q := shortestQMin - 5; q <= shortestQMax+5; q++ {
		for _, c := range cs {
			n++
			if sdCheck(t, sdFloat(c, q)) {
				ok++
			}
		}
	}
	t.Logf("%d values, %d in range", n, ok)
}

// TestShortestDigits64Powers checks powers of ten times each digit 1 to 9,
// and their neighbours, for every exponent the cell allows and beyond:
// short decimals, where the one-digit-fewer branch and the stripping of
// zeros answer.
func TestShortestDigits64Powers(t *testing.T) {
	for e := -81; e <= 80; e++ {
		for d := 1; d <= 9; d++ {
			f, err := strconv.ParseFloat(strconv.Itoa(d)+"e"+strconv.Itoa(e), 64)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range []float64{f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1))} {
				sdCheck(t, g)
			}
		}
	}
}

// TestShortestDigits64Integers checks the integers 1 to 100,000, random
// integers below 2^53 and random multiples of powers of 5 and 10: the
// values where X can be an integer and the product's fraction is zero.
func TestShortestDigits64Integers(t *testing.T) {
	for i := 1; i <= 100000; i++ {
		sdCheck(t, float64(i))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 200000 {
		sdCheck(t, float64(rng.Uint64N(1<<53)))
		k := rng.IntN(23)
		m := rng.Uint64N(1<<53/shortestPow5(k)) + 1
		sdCheck(t, math.Ldexp(float64(m*shortestPow5(k)), rng.IntN(200)))
		sdCheck(t, float64(m)*math.Pow(10, float64(rng.IntN(40))))
	}
}

// TestShortestDigits64Ties checks full-length ties, where the value lies
// exactly half-way between two candidates and strconv picks the even one:
// all odd significands at q = -2 (values c/4 in [2^50, 2^51), whose
// tenths end in 5) are ties, as is 2^-25 among powers of two.
func TestShortestDigits64Ties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ties := 0
	for range 100000 {
		c := 1<<52 | rng.Uint64N(1<<51)<<1 | 1
		f := sdFloat(c, -2)
		sdCheck(t, f)
		if mant, exp10, _ := shortestDigits64(f); exp10 == -1 && mant%2 == 0 {
			ties++
		}
	}
	if ties < 40000 {
		t.Errorf("only %d of 100000 values at q = -2 came out even", ties)
	}
}

// TestShortestDigits64Random compares with strconv on random bit patterns
// in range and one exponent beyond each end, and on rand.Float64()-style
// values: in [0, 1), scaled by powers of ten, exponential and normal
// scores. 5 million values by default (see testScale).
func TestShortestDigits64Random(t *testing.T) {
	n := int(1.25e6 * testScale(t, "ROWPAGE_SHORTEST_SCALE"))
	bitsOK := sdParallel(t, 2*n, 1, func(rng *rand.Rand) bool {
		q := shortestQMin - 1 + rng.IntN(shortestQMax-shortestQMin+3)
		f := sdFloat(rng.Uint64(), q)
		if rng.Uint64()&1 != 0 {
			f = -f
		}
		return sdCheck(t, f)
	})
	floatOK := sdParallel(t, 2*n, 2, func(rng *rand.Rand) bool {
		var f float64
		switch rng.IntN(4) {
		case 0:
			f = rng.Float64()
		case 1:
			f = rng.Float64() * math.Pow(10, float64(rng.IntN(161)-80))
		case 2:
			f = rng.ExpFloat64()
		default:
			f = rng.NormFloat64() * 100
		}
		if f == 0 {
			return true
		}
		return sdCheck(t, f)
	})
	t.Logf("%d random bit patterns, %d in range; %d random floats, %d in range; all ok exactly in range",
		2*n, bitsOK, 2*n, floatOK)
}

// TestShortestDigits64Decimals compares with strconv on the floats nearest
// to random decimals of 1 to 17 digits with exponents across the range:
// the floats a page mostly holds, many with short shortest forms.
func TestShortestDigits64Decimals(t *testing.T) {
	n := int(1e6 * testScale(t, "ROWPAGE_SHORTEST_SCALE"))
	okCount := sdParallel(t, n, 3, func(rng *rand.Rand) bool {
		nd := 1 + rng.IntN(17)
		mant := rng.Uint64N(decPow10u64[nd]) + 1
		var buf [40]byte
		b := strconv.AppendUint(buf[:0], mant, 10)
		b = append(b, 'e')
		b = strconv.AppendInt(b, int64(rng.IntN(161)-80-nd), 10)
		f, err := strconv.ParseFloat(string(b), 64)
		if err != nil || f == 0 {
			return false
		}
		return sdCheck(t, f)
	})
	t.Logf("%d decimals, %d in range", n, okCount)
}

// FuzzShortestDigits64 checks the spec for any bit pattern: ok exactly in
// range, and then strconv's digits.
func FuzzShortestDigits64(f *testing.F) {
	for _, x := range []float64{1, 0.1 + 0.2, 1e23, 0x1p-25, 0x10000000000001p-2, 1e-80, 1e80,
		5e-324, math.MaxFloat64, math.Inf(1), math.NaN(), -1.5, 9007199254740993} {
		f.Add(math.Float64bits(x))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		sdCheck(t, x)
		// The same significand moved into range, so that most inputs count.
		q := shortestQMin + int(bits>>52&0x7FF)%(shortestQMax-shortestQMin+1)
		sdCheck(t, sdFloat(bits, q))
	})
}

var sdSink uint64

// BenchmarkShortestDigits64 finds the shortest digits of 4096 random
// float64 in [0, 1) (16 or 17 digits), by shortestDigits64 and by the
// strconv path it replaces (shortestStrconv: AppendFloat 'e', -1, then
// parse the text back), and of the same values scaled by random powers of
// ten in [1e-60, 1e60].
func BenchmarkShortestDigits64(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	var unit, scaled [4096]float64
	for i := range unit {
		for unit[i] == 0 {
			unit[i] = rng.Float64()
		}
		scaled[i] = unit[i] * math.Pow(10, float64(rng.IntN(121)-60))
	}
	for _, in := range []struct {
		name string
		fs   *[4096]float64
	}{{"unit", &unit}, {"scaled", &scaled}} {
		b.Run(in.name+"/schubfach", func(b *testing.B) {
			sum := uint64(0)
			for i := 0; b.Loop(); i++ {
				m, e, _ := shortestDigits64(in.fs[i%len(in.fs)])
				sum += m + uint64(e)
			}
			sdSink = sum
		})
		b.Run(in.name+"/strconv", func(b *testing.B) {
			sum := uint64(0)
			for i := 0; b.Loop(); i++ {
				d, _ := shortestStrconv(in.fs[i%len(in.fs)], 64)
				sum += d.Mant + uint64(d.Exp)
			}
			sdSink = sum
		})
	}
}

// TestStripZeros checks stripZeros against one division at a time for
// every count of trailing zeros a uint64 can hold.
func TestStripZeros(t *testing.T) {
	for digits := uint64(1); digits < 1000; digits += 7 {
		m := digits
		for zeros := 0; m <= math.MaxUint64/10; zeros++ {
			wantM, wantE := m, 3
			for wantM%10 == 0 {
				wantM /= 10
				wantE++
			}
			if gotM, gotE := stripZeros(m, 3); gotM != wantM || gotE != wantE {
				t.Fatalf("stripZeros(%d, 3) = %d, %d; want %d, %d", m, gotM, gotE, wantM, wantE)
			}
			m *= 10
		}
	}
}

// TestShortestDigits64Subnormals compares with strconv on the subnormals,
// whose significand lacks the leading 1 and whose interval stays
// symmetric up to the smallest normal: the 2^20 smallest, the 2^16 below
// the smallest normal and the smallest normals, and random ones.
func TestShortestDigits64Subnormals(t *testing.T) {
	for c := uint64(1); c < 1<<20; c++ {
		sdCheck(t, math.Float64frombits(c))
		sdCheck(t, math.Float64frombits(1<<52-c))
		sdCheck(t, math.Float64frombits(1<<52-1+c))
		if t.Failed() {
			return
		}
	}
	n := int(1e6 * testScale(t, "ROWPAGE_SHORTEST_SCALE"))
	okCount := sdParallel(t, n, 4, func(rng *rand.Rand) bool {
		return sdCheck(t, math.Float64frombits(rng.Uint64()&(1<<52-1)|rng.Uint64()&(1<<63)))
	})
	t.Logf("%d random subnormals, %d ok", n, okCount)
}

// TestShortestShiftRange checks the bound that shortestDigits64's masked
// shifts rely on: h = q + floor(log2 10^-k) + 1 is in [1, 4] for every
// binary exponent q of a finite non-zero float64, with k taken as for a
// power of two (c = 2^52) and for any other significand.
func TestShortestShiftRange(t *testing.T) {
	for q := shortestQMin; q <= shortestQMax; q++ {
		ks := []int{shortestLog10Pow2(q)}
		if q > shortestQMin { // biased exponent 2 and above: a power of two's interval
			ks = append(ks, shortestLog10ThreeQuartersPow2(q))
		}
		for _, k := range ks {
			if h := q + shortestLog2Pow10(-k) + 1; h < 1 || h > 4 {
				t.Fatalf("q %d, k %d: h = %d, outside [1, 4]", q, k, h)
			}
		}
	}
}
