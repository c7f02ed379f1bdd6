// Package floatcases holds the float64 values that the float tests of
// format (float cells) and internal/jsonwire (float text) both run on, so
// that the two agree on what "every float" means. It is for tests only.
package floatcases

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
)

// Sum03 is 0.1+0.2 computed in float64 at run time (a constant expression
// would be the exact 0.3).
var Sum03 = func(a, b float64) float64 { return a + b }(0.1, 0.2)

// Edge returns the finite values every float test runs on: short and long
// decimals, integers around 2^53 and 2^64, powers of ten and two and their
// neighbours, the float32 and float64 extremes, and the negations of all.
func Edge() []float64 {
	v := []float64{
		0, 1, 2, 3, 7, 9, 10, 11, 99, 100, 1000, 0.1, 0.2, 0.3, Sum03, 0.5, 0.25, 0.125, 1.5,
		19.99, 9.99, 0.01, 0.07, 1.1, 2.675, 1234.5678, 100.001, 33.33, 0.333, 1.0 / 3, 2.0 / 3, math.Pi, math.E,
		123456789, 12345678.9, 1234567.89, 999999, 1e6 - 0.5, 999999.9, 9999999, 16777216, 16777217, 33554431,
		1e14, 1e15 - 1, 1e15, 1e15 + 1, 1e16, 1e17, 999999999999999, 99999999999999.9, 9999999999999.99,
		1 << 53, 1<<53 - 1, 1<<53 + 2, 1 << 63, 1 << 64, 123456789012345678,
		1e20, 1e21, 1e22, 1e23, 1.5e21, 9.999999999999999e20, 1e-6, 1e-7, 1.5e-7, 9.9e-7, 0.000001, 0.0000011,
		1e-5, 1e-10, 1e-22, 1e-23, 1e-62, 1e-63, 1e-64, 1e63, 1e64, 5e-324, 1e-323, 2.2250738585072014e-308,
		2.225073858507201e-308, math.SmallestNonzeroFloat64, math.MaxFloat64, math.MaxFloat32, math.SmallestNonzeroFloat32,
		1.17549435e-38, 3.4028235e38, 3.4028234e38, 1e38, 1e-38, 1e-45, 1e-44, 1e39, 4e38,
		0.3, 0.7, 8.589973e9, 8.589974e9, 5e-7, 4.9e-324, 1.7976931348623157e308, 0.000001234, 1e-7 + 1e-22,
		2.5e-5, 0.00001, 0.0001, 0.001, 0.123456, 0.1234567, 1.00000001, 1.000001, 1.0000001, 9.5367431640625e-7,
		0.30000001192092896, 0.1000000014901161, float64(float32(7.038531e-26)),
	}
	for e := -330; e <= 310; e++ {
		x, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		v = append(v, x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1)))
	}
	for e := -1075; e <= 1024; e++ {
		x := math.Ldexp(1, e)
		v = append(v, x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1)))
	}
	for e := -150; e <= 128; e++ {
		x := float32(math.Ldexp(1, e))
		v = append(v, float64(x), float64(math.Nextafter32(x, 0)), float64(math.Nextafter32(x, float32(math.Inf(1)))))
	}
	for _, x := range v[:len(v):len(v)] {
		v = append(v, -x)
	}
	finite := v[:0]
	for _, x := range v {
		if !math.IsInf(x, 0) {
			finite = append(finite, x)
		}
	}
	return finite
}

// Random draws from a mix of distributions: raw bits (every exponent),
// short decimals, money amounts and large integers.
func Random(rng *rand.Rand) float64 {
	for {
		var f float64
		switch rng.IntN(6) {
		case 0:
			f = math.Float64frombits(rng.Uint64())
		case 1:
			f = float64(math.Float32frombits(rng.Uint32()))
		case 2: // up to 17 digits times 10^[-30, 30]
			digits := 1 + rng.IntN(17)
			m := rng.Uint64N(uint64(math.Pow10(digits)))
			f, _ = strconv.ParseFloat(fmt.Sprintf("%de%d", m, rng.IntN(61)-30), 64)
		case 3: // money
			f = float64(rng.IntN(100_000_000)) / 100
		case 4: // integers of every size
			f = float64(rng.Uint64() >> rng.IntN(64))
		case 5: // decimal with 1-9 digits at float32 scale
			m := rng.Uint64N(uint64(math.Pow10(1 + rng.IntN(9))))
			f, _ = strconv.ParseFloat(fmt.Sprintf("%de%d", m, rng.IntN(90)-50), 64)
		}
		if rng.IntN(2) == 0 {
			f = -f
		}
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}
