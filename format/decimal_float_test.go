package format

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"
)

// The spec of decimalToFloat64 (and decimalToFloat32): for every mant and
// exp10 in [pow10x128Min, pow10x128Max] it returns either ok = false or
// exactly what strconv.ParseFloat returns for the text "<mant>e<exp10>";
// mant == 0 gives 0, true; any other exp10 gives ok = false. ok = false is
// meant to be (and in these tests is) never seen for the decimals a page
// holds: the shortest decimals of float64 (float32) values.
//
// The random tests scale with ROWPAGE_EISEL_SCALE (default 1, about a
// second in all; -short divides by 10): ROWPAGE_EISEL_SCALE=100 checks
// 400 million random decimals and 100 million shortest decimals.

// refDecimal is the reference: strconv.ParseFloat of "<mant>e<exp10>" at
// bitSize 64 or 32, the fallback the caller uses today. Out-of-range
// values give ±Inf or 0 without an error that matters here.
func refDecimal(mant uint64, exp10, bitSize int) float64 {
	var buf [48]byte
	b := strconv.AppendUint(buf[:0], mant, 10)
	b = append(b, 'e')
	b = strconv.AppendInt(b, int64(exp10), 10)
	f, _ := strconv.ParseFloat(string(b), bitSize)
	return f
}

// ratDecimal is a second reference that shares no code with strconv's own
// Eisel-Lemire: the exact rational mant×10^exp10, rounded by math/big.
func ratDecimal(mant uint64, exp10 int) (float64, float32) {
	r := ratPow10(exp10)
	r.Mul(r, new(big.Rat).SetInt(new(big.Int).SetUint64(mant)))
	f64, _ := r.Float64()
	f32, _ := r.Float32()
	return f64, f32
}

// ratPow10 returns 10^e as an exact rational.
func ratPow10(e int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(e, -e))), nil)
	if e < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

// checkDec64 compares decimalToFloat64(mant, exp10) with strconv when it
// reports ok, and returns ok. It reports a mismatch with Errorf, so it may
// run on any goroutine.
func checkDec64(t testing.TB, mant uint64, exp10 int) bool {
	t.Helper()
	got, ok := decimalToFloat64(mant, exp10)
	if ok {
		if want := refDecimal(mant, exp10, 64); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("decimalToFloat64(%d, %d) = %v (%#x), strconv gives %v (%#x)",
				mant, exp10, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	return ok
}

// checkDec32 is checkDec64 for decimalToFloat32.
func checkDec32(t testing.TB, mant uint64, exp10 int) bool {
	t.Helper()
	got, ok := decimalToFloat32(mant, exp10)
	if ok {
		if want := float32(refDecimal(mant, exp10, 32)); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("decimalToFloat32(%d, %d) = %v (%#x), strconv gives %v (%#x)",
				mant, exp10, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
	return ok
}

// shortestDigits returns the shortest decimal of f > 0 that strconv writes
// at bitSize 64 or 32, as mant×10^exp10 with no trailing zeros in mant:
// the decimal a page stores for f.
func shortestDigits(f float64, bitSize int) (mant uint64, exp10 int) {
	return formatDigits(f, -1, bitSize)
}

// inPow10Table reports whether exp10 is one the page format allows.
func inPow10Table(exp10 int) bool { return exp10 >= pow10x128Min && exp10 <= pow10x128Max }

// eiselParallel runs n calls of fn, split over chunks run in parallel, each
// with its own random source; fn returns true to count a case. It returns
// the total count. fn reports failures with Errorf (not Fatalf: it runs
// on other goroutines); the chunks stop soon after the first.
func eiselParallel(t *testing.T, n int, seed uint64, fn func(rng *rand.Rand) bool) int {
	const chunks = 8
	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for c := range chunks {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(seed, uint64(c)))
			count := 0
			for i := range n / chunks {
				if i%4096 == 0 && t.Failed() {
					break
				}
				if fn(rng) {
					count++
				}
			}
			mu.Lock()
			total += count
			mu.Unlock()
		})
	}
	wg.Wait()
	return total
}

// decPow10u64[k] = 10^k for k <= 19.
var decPow10u64 = func() (p [20]uint64) {
	p[0] = 1
	for k := 1; k < len(p); k++ {
		p[k] = p[k-1] * 10
	}
	return p
}()

// TestDecimalToFloat64Examples pins a few conversions by hand, with the
// wanted values written as Go constants (which the compiler rounds
// exactly).
func TestDecimalToFloat64Examples(t *testing.T) {
	for _, c := range []struct {
		mant uint64
		exp  int
		want float64
		ok   bool
	}{
		{0, 0, 0, true},
		{0, 1000, 0, true}, // zero needs no table entry
		{1, 0, 1, true},
		{7306094602680625, -16, 0.7306094602680625, true}, // a random float64's shortest decimal
		{1, -1, 0.1, true},
		{3, -1, 0.3, true},
		{1, 23, 1e23, true},                                 // exactly half-way: rounds to even
		{9007199254740993, 0, 9007199254740992, true},       // 2^53+1, half-way: down to even
		{9007199254740995, 0, 9007199254740996, true},       // 2^53+3, half-way: up to even
		{1, -63, 1e-63, true},                               // the smallest the format holds
		{99999999999999999, 63, 99999999999999999e63, true}, // the largest with 17 digits
		{math.MaxUint64, 63, 18446744073709551615e63, true},
		{math.MaxUint64, -63, 18446744073709551615e-63, true},
		{17976931348623157, 292, 0, false}, // outside the table, though a float64
		{1, 64, 0, false},
		{1, -64, 0, false},
		{1, math.MinInt, 0, false},
		{1, math.MaxInt, 0, false},
	} {
		got, ok := decimalToFloat64(c.mant, c.exp)
		if got != c.want || ok != c.ok {
			t.Errorf("decimalToFloat64(%d, %d) = %v, %v; want %v, %v", c.mant, c.exp, got, ok, c.want, c.ok)
		}
	}
}

// TestDecimalToFloat32Examples is the float32 table, including the edges
// of the float32 range, where decimalToFloat32 leaves subnormals and
// overflow to the caller's fallback.
func TestDecimalToFloat32Examples(t *testing.T) {
	for _, c := range []struct {
		mant uint64
		exp  int
		want float32
		ok   bool
	}{
		{0, -1000, 0, true},
		{1, -1, 0.1, true},
		{7038531, -32, 7.038531e-26, true}, // the float32 that float32(float64) gets wrong
		{16777217, 0, 16777216, true},      // 2^24+1, half-way: down to even
		{16777219, 0, 16777220, true},      // 2^24+3, half-way: up to even
		{34028235, 31, math.MaxFloat32, true},
		{34028236, 31, 0, false},             // rounds to infinity
		{11754944, -45, 1.1754944e-38, true}, // smallest normal float32
		{11754942, -45, 0, false},            // subnormal
		{1, -45, 0, false},                   // subnormal
		{1, 39, 0, false},                    // overflow
		{999999999, 63, 0, false},            // overflow
		{1, 64, 0, false},                    // outside the table
		{math.MaxUint64, 19, 18446744073709551615e19, true},
	} {
		got, ok := decimalToFloat32(c.mant, c.exp)
		if got != c.want || ok != c.ok {
			t.Errorf("decimalToFloat32(%d, %d) = %v, %v; want %v, %v", c.mant, c.exp, got, ok, c.want, c.ok)
		}
	}
}

// TestDecimalToFloat64Random compares with strconv for random mant of 1
// to 17 digits (and a few of 18 to 20) at every exp10 the format allows,
// 4 million by default. ok = false is allowed but counted; more than one in
// a million fails the test.
func TestDecimalToFloat64Random(t *testing.T) {
	n := int(4e6 * testScale(t, "ROWPAGE_EISEL_SCALE"))
	notOK := eiselParallel(t, n, 1, func(rng *rand.Rand) bool {
		digits := 1 + rng.IntN(18) // 18 stands for 18 to 20 digits: any uint64
		mant := rng.Uint64()
		if digits <= 17 {
			mant = 1 + rng.Uint64N(decPow10u64[digits]-1)
		}
		return !checkDec64(t, mant, pow10x128Min+rng.IntN(pow10x128Max-pow10x128Min+1))
	})
	t.Logf("%d random decimals, %d with ok = false", n, notOK)
	if notOK > n/1e6 {
		t.Errorf("%d of %d random decimals gave ok = false", notOK, n)
	}
}

// TestDecimalToFloat32Random is TestDecimalToFloat64Random for float32,
// with mant of 1 to 9 digits (the float32 cells' range). Results outside
// the normal float32 range give ok = false by design; any other ok =
// false fails the test.
func TestDecimalToFloat32Random(t *testing.T) {
	n := int(1e6 * testScale(t, "ROWPAGE_EISEL_SCALE"))
	notOK := eiselParallel(t, n, 2, func(rng *rand.Rand) bool {
		mant := 1 + rng.Uint64N(decPow10u64[1+rng.IntN(9)]-1)
		exp10 := -46 + rng.IntN(86) // around the float32 range
		ok := checkDec32(t, mant, exp10)
		if f := float32(refDecimal(mant, exp10, 32)); !ok && f >= math.SmallestNonzeroFloat32*(1<<23) && f <= math.MaxFloat32 {
			t.Errorf("decimalToFloat32(%d, %d) = _, false for the normal %v", mant, exp10, f)
		}
		return !ok
	})
	t.Logf("%d random decimals, %d with ok = false (subnormal or overflow)", n, notOK)
}

// randFormatFloat returns a random float64 whose shortest decimal is in
// the format's range: random significand bits, random binary exponent
// between 2^-210 (about 1e-63) and 2^265 (about 1e80), or, one time in
// four, a value from rand's Float64 in [0, 1).
func randFormatFloat(rng *rand.Rand) float64 {
	if rng.IntN(4) == 0 {
		if f := rng.Float64(); f != 0 {
			return f
		}
	}
	e := uint64(1023 - 210 + rng.IntN(210+266))
	return math.Float64frombits(e<<52 | rng.Uint64()&(1<<52-1))
}

// TestDecimalToFloat64Shortest converts the shortest decimal of random
// float64 values, the decimals pages hold, 1 million by default: each
// must give ok = true and the value it came from.
func TestDecimalToFloat64Shortest(t *testing.T) {
	n := int(1e6 * testScale(t, "ROWPAGE_EISEL_SCALE"))
	inRange := eiselParallel(t, n, 3, func(rng *rand.Rand) bool {
		f := randFormatFloat(rng)
		mant, exp10 := shortestDigits(f, 64)
		if !inPow10Table(exp10) {
			return false
		}
		got, ok := decimalToFloat64(mant, exp10)
		if !ok || got != f {
			t.Errorf("decimalToFloat64(%d, %d) = %v, %v; want %v, true", mant, exp10, got, ok, f)
		}
		return true
	})
	t.Logf("%d random float64, %d with the exponent in range, all ok", n, inRange)
}

// TestDecimalToFloat32Shortest does the same for every shortest decimal
// of random normal float32 values.
func TestDecimalToFloat32Shortest(t *testing.T) {
	n := int(1e6 * testScale(t, "ROWPAGE_EISEL_SCALE"))
	eiselParallel(t, n, 4, func(rng *rand.Rand) bool {
		f := math.Float32frombits(uint32(1+rng.IntN(254))<<23 | rng.Uint32()&(1<<23-1))
		mant, exp10 := shortestDigits(float64(f), 32)
		got, ok := decimalToFloat32(mant, exp10)
		if !ok || got != f {
			t.Errorf("decimalToFloat32(%d, %d) = %v, %v; want %v, true", mant, exp10, got, ok, f)
		}
		return true
	})
}

// TestDecimalToFloat64HalfWay builds decimals that lie exactly half-way
// between two float64 (or float32) values, the only inputs where the
// result depends on ties going to even, for every exp10 where they exist
// (-4 to 23 for float64, -17 to 10 for float32), and checks them and their
// neighbours mant±1 against both references.
func TestDecimalToFloat64HalfWay(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ties := 0
	for _, f := range []struct {
		sig            uint // significand bits
		tieMin, tieMax int
	}{{53, -4, 23}, {24, -17, 10}} {
		for exp10 := f.tieMin; exp10 <= f.tieMax; exp10++ {
			for range 200 {
				mant, ok := randHalfWay(rng, f.sig, exp10)
				if !ok {
					continue
				}
				ties++
				checkHalfWay(t, f.sig, mant, exp10)
			}
		}
	}
	// The classic ones, by hand: 2^53+1, 1e23, 2^24+1.
	checkHalfWay(t, 53, 9007199254740993, 0)
	checkHalfWay(t, 53, 1, 23)
	checkHalfWay(t, 24, 16777217, 0)
	t.Logf("%d half-way decimals", ties)
}

// randHalfWay returns a random mant with mant×10^exp10 exactly half-way
// between two floats with sig-bit significands: an odd (sig+1)-bit
// integer times a power of two. ok is false when the draw does not fit in
// a uint64.
func randHalfWay(rng *rand.Rand, sig uint, exp10 int) (mant uint64, ok bool) {
	lo, hi := uint64(1)<<sig, uint64(1)<<(sig+1) // the odd integer's range
	if exp10 >= 0 {
		// mant = odd×2^j with odd×5^exp10 in [lo, hi).
		p := pow5u64(exp10)
		if p >= hi {
			return 0, false
		}
		oMin, oMax := (lo+p-1)/p, (hi-1)/p
		o := (oMin + rng.Uint64N(oMax-oMin+1)) | 1
		if o > oMax {
			o -= 2
		}
		if o < oMin {
			return 0, false
		}
		mant = o
	} else {
		// mant×2^exp10/5^k = t×2^e, so mant = t×5^k×2^(e-exp10).
		p := pow5u64(-exp10)
		t := (lo + rng.Uint64N(hi-lo)) | 1
		h, l := bits.Mul64(t, p)
		if h != 0 {
			return 0, false
		}
		mant = l
	}
	if s := bits.LeadingZeros64(mant); s > 0 {
		mant <<= uint(rng.IntN(s + 1)) // any power of two that fits
	}
	return mant, true
}

// pow5u64 returns 5^k for k <= 27.
func pow5u64(k int) uint64 {
	p := uint64(1)
	for range k {
		p *= 5
	}
	return p
}

// checkHalfWay checks a half-way mant×10^exp10 and its neighbours at
// sig = 53 (float64) or 24 (float32): each must give ok = true, agree with
// strconv and math/big, and the tie itself must come out even.
func checkHalfWay(t *testing.T, sig uint, mant uint64, exp10 int) {
	t.Helper()
	for _, m := range []uint64{mant - 1, mant, mant + 1} {
		if m == 0 {
			continue
		}
		w64, w32 := ratDecimal(m, exp10)
		if sig == 53 {
			got, ok := decimalToFloat64(m, exp10)
			if !checkDec64(t, m, exp10) || got != w64 {
				t.Fatalf("decimalToFloat64(%d, %d) = %v, %v; math/big gives %v", m, exp10, got, ok, w64)
			}
			if m == mant && math.Float64bits(got)&1 != 0 {
				t.Fatalf("half-way decimalToFloat64(%d, %d) = %v is odd", m, exp10, got)
			}
		} else {
			got, ok := decimalToFloat32(m, exp10)
			if !checkDec32(t, m, exp10) || got != w32 {
				t.Fatalf("decimalToFloat32(%d, %d) = %v, %v; math/big gives %v", m, exp10, got, ok, w32)
			}
			if m == mant && math.Float32bits(got)&1 != 0 {
				t.Fatalf("half-way decimalToFloat32(%d, %d) = %v is odd", m, exp10, got)
			}
		}
	}
}

// nearDecimal returns the decimal mant×10^exp10 nearest to x > 0 with
// mant of 19 or 20 digits, and false if exp10 is outside the table or the
// mant overflows: the hardest inputs near a half-way point x.
func nearDecimal(x *big.Rat) (mant uint64, exp10 int, ok bool) {
	f, _ := x.Float64()
	exp10 = int(math.Floor(math.Log10(f))) - 18
	if !inPow10Table(exp10) {
		return 0, 0, false
	}
	q := new(big.Rat).Mul(x, ratPow10(-exp10))
	q.Add(q, big.NewRat(1, 2))
	m := new(big.Int).Quo(q.Num(), q.Denom())
	if !m.IsUint64() {
		return 0, 0, false
	}
	return m.Uint64(), exp10, true
}

// ratMidpoint returns the exact value half-way between a and b.
func ratMidpoint(a, b float64) *big.Rat {
	x := new(big.Rat).SetFloat64(a)
	x.Add(x, new(big.Rat).SetFloat64(b))
	return x.Mul(x, big.NewRat(1, 2))
}

// TestDecimalToFloat64NearHalfWay checks the decimals with 19-20 digits
// nearest to half-way points, at every exp10 in the table, including the
// ones where no exact tie exists and a truncated product is most likely to
// leave the rounding undecided. Those may give ok = false; the test counts
// them and fails on more than one in ten thousand.
func TestDecimalToFloat64NearHalfWay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n, notOK := 0, 0
	for range int(2e4 * testScale(t, "ROWPAGE_EISEL_SCALE")) {
		f := randFormatFloat(rng)
		x := ratMidpoint(f, math.Nextafter(f, math.Inf(1)))
		mant, exp10, ok := nearDecimal(x)
		if !ok {
			continue
		}
		for _, m := range []uint64{mant - 1, mant, mant + 1} {
			n++
			if !checkDec64(t, m, exp10) {
				notOK++
			}
		}
	}
	t.Logf("%d decimals near half-way points, %d with ok = false", n, notOK)
	if notOK > n/1e4 {
		t.Errorf("%d of %d gave ok = false", notOK, n)
	}
}

// TestDecimalToFloat64PowersOfTwo walks the binades the format reaches,
// 2^-210 to 2^265: each power of two, its neighbours and the decimals
// nearest the half-way points on either side (the one below a power of two
// is half as far: the gap halves there).
func TestDecimalToFloat64PowersOfTwo(t *testing.T) {
	for k := -210; k <= 265; k++ {
		p := math.Ldexp(1, k)
		down, up := math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1))
		for _, f := range []float64{down, p, up} {
			if mant, exp10 := shortestDigits(f, 64); inPow10Table(exp10) {
				if got, ok := decimalToFloat64(mant, exp10); !ok || got != f {
					t.Fatalf("decimalToFloat64(%d, %d) = %v, %v; want %v, true", mant, exp10, got, ok, f)
				}
			}
			// 17 and 19 digits, not the shortest but read back the same.
			for _, prec := range []int{16, 18} {
				if mant, exp10 := formatDigits(f, prec, 64); inPow10Table(exp10) {
					if got, ok := decimalToFloat64(mant, exp10); !ok || got != f {
						t.Fatalf("decimalToFloat64(%d, %d) = %v, %v; want %v, true", mant, exp10, got, ok, f)
					}
				}
			}
		}
		for _, x := range []*big.Rat{ratMidpoint(down, p), ratMidpoint(p, up)} {
			if mant, exp10, ok := nearDecimal(x); ok {
				for _, m := range []uint64{mant - 1, mant, mant + 1} {
					if !checkDec64(t, m, exp10) {
						t.Errorf("decimalToFloat64(%d, %d): ok = false", m, exp10)
					}
				}
			}
		}
	}
}

// TestDecimalToFloat64Ends runs chosen mant, from 1 to the largest uint64,
// at every exp10 the format allows, and both references must agree.
func TestDecimalToFloat64Ends(t *testing.T) {
	for _, mant := range []uint64{
		1, 2, 5, 9, 10, 99999999999999999, 1e17, 1<<53 - 1, 1 << 53, 1<<53 + 1,
		1<<63 - 1, 1 << 63, 1e19, math.MaxUint64,
	} {
		for exp10 := pow10x128Min; exp10 <= pow10x128Max; exp10++ {
			w64, w32 := ratDecimal(mant, exp10)
			if got, ok := decimalToFloat64(mant, exp10); !ok || got != w64 {
				t.Errorf("decimalToFloat64(%d, %d) = %v, %v; want %v", mant, exp10, got, ok, w64)
			}
			checkDec64(t, mant, exp10)
			got, ok := decimalToFloat32(mant, exp10)
			if ok && got != w32 {
				t.Errorf("decimalToFloat32(%d, %d) = %v; want %v", mant, exp10, got, w32)
			}
			checkDec32(t, mant, exp10)
		}
	}
}

// FuzzDecimalToFloat64 checks any (mant, exp) against strconv wherever
// decimalToFloat64 or decimalToFloat32 says ok, at exp and at exp folded
// into the table's range; and it checks the production promise: the
// shortest decimal of strconv's value for (mant, exp), and of mant read as
// float64 and float32 bits, converts back with ok = true.
func FuzzDecimalToFloat64(f *testing.F) {
	f.Add(uint64(7306094602680625), int16(-16))
	f.Add(uint64(1), int16(23))
	f.Add(uint64(9007199254740993), int16(0))
	f.Add(uint64(math.MaxUint64), int16(63))
	f.Add(uint64(1), int16(-63))
	f.Add(uint64(0), int16(-64))
	f.Add(uint64(1), int16(64))
	f.Add(uint64(0x3FE5_5555_5555_5555), int16(300))
	f.Fuzz(func(t *testing.T, mant uint64, exp int16) {
		exp10 := int(exp)
		if got, ok := decimalToFloat64(mant, exp10); mant == 0 && (!ok || math.Float64bits(got) != 0) {
			t.Errorf("decimalToFloat64(0, %d) = %v, %v", exp10, got, ok)
		} else if mant != 0 && !inPow10Table(exp10) && ok {
			t.Errorf("decimalToFloat64(%d, %d) = %v, true outside the table", mant, exp10, got)
		}
		folded := pow10x128Min + ((exp10-pow10x128Min)%127+127)%127
		for _, e := range []int{exp10, folded} {
			checkDec64(t, mant, e)
			checkDec32(t, mant, e)
		}
		if mant != 0 {
			checkShortestBack(t, refDecimal(mant, folded, 64))
		}
		checkShortestBack(t, math.Abs(math.Float64frombits(mant)))
		if x := math.Float32frombits(uint32(mant) &^ (1 << 31)); x >= math.SmallestNonzeroFloat32*(1<<23) && x <= math.MaxFloat32 {
			m, e := shortestDigits(float64(x), 32)
			if got, ok := decimalToFloat32(m, e); !ok || got != x {
				t.Errorf("decimalToFloat32(%d, %d) = %v, %v; want %v, true", m, e, got, ok, x)
			}
		}
	})
}

// checkShortestBack checks that the shortest decimal of x, if x is a positive
// float64 whose shortest decimal a page can hold, converts back with
// ok = true.
func checkShortestBack(t *testing.T, x float64) {
	t.Helper()
	if !(x > 0) || x > math.MaxFloat64 {
		return
	}
	if m, e := shortestDigits(x, 64); inPow10Table(e) {
		if got, ok := decimalToFloat64(m, e); !ok || got != x {
			t.Errorf("decimalToFloat64(%d, %d) = %v, %v; want %v, true", m, e, got, ok, x)
		}
	}
}

var eiselSink float64

// BenchmarkDecimalToFloat64 converts the shortest decimals of 4096 random
// float64 in [0, 1) (16 or 17 digits, exp10 around -17) and of random
// float32 in [0, 1), by decimalToFloat64 (decimalToFloat32) and by the
// strconv fallback they replace: format "<mant>e<exp>", then ParseFloat.
func BenchmarkDecimalToFloat64(b *testing.B) {
	type decimal struct {
		mant uint64
		exp  int
	}
	rng := rand.New(rand.NewPCG(11, 12))
	var in64, in32 [4096]decimal
	for i := range in64 {
		f := rng.Float64()
		for f == 0 {
			f = rng.Float64()
		}
		in64[i].mant, in64[i].exp = shortestDigits(f, 64)
		in32[i].mant, in32[i].exp = shortestDigits(float64(float32(f)), 32)
	}
	b.Run("float64/eisel-lemire", func(b *testing.B) {
		sum := 0.0
		for i := 0; b.Loop(); i++ {
			d := in64[i%len(in64)]
			f, _ := decimalToFloat64(d.mant, d.exp)
			sum += f
		}
		eiselSink = sum
	})
	b.Run("float64/strconv", func(b *testing.B) {
		sum := 0.0
		for i := 0; b.Loop(); i++ {
			d := in64[i%len(in64)]
			sum += refDecimal(d.mant, d.exp, 64)
		}
		eiselSink = sum
	})
	b.Run("float32/eisel-lemire", func(b *testing.B) {
		sum := 0.0
		for i := 0; b.Loop(); i++ {
			d := in32[i%len(in32)]
			f, _ := decimalToFloat32(d.mant, d.exp)
			sum += float64(f)
		}
		eiselSink = sum
	})
	b.Run("float32/strconv", func(b *testing.B) {
		sum := 0.0
		for i := 0; b.Loop(); i++ {
			d := in32[i%len(in32)]
			sum += refDecimal(d.mant, d.exp, 32)
		}
		eiselSink = sum
	})
}

// TestDecimalToFloat32SmallestNormal checks decimals just below the
// smallest normal float32, 2^-126. Within 2^-151 of it they round up to it
// at 24 bits and come back ok: the coarser subnormal rounding agrees
// there. Further down they give ok = false, for strconv's subnormal
// rounding; so may those in between, which still round up to 2^-126.
func TestDecimalToFloat32SmallestNormal(t *testing.T) {
	two := func(e int) *big.Rat { return new(big.Rat).SetFloat64(math.Ldexp(1, e)) }
	for _, below := range []int{148, 149, 150, 151, 152, 160} {
		x := new(big.Rat).Sub(two(-126), two(-below))
		mant, exp10, ok := nearDecimal(x)
		if !ok {
			t.Fatalf("no decimal near 2^-126 - 2^-%d", below)
		}
		for _, m := range []uint64{mant - 1, mant, mant + 1} {
			_, w32 := ratDecimal(m, exp10)
			got, ok := decimalToFloat32(m, exp10)
			if ok && got != w32 || !ok && w32 == math.SmallestNonzeroFloat32*(1<<23) && below > 151 {
				t.Errorf("decimalToFloat32(%d, %d) = %v, %v; math/big gives %v", m, exp10, got, ok, w32)
			}
		}
	}
}
