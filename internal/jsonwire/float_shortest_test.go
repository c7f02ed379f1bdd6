package jsonwire

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/internal/floatcases"
)

// The tests of AppendFloat64JSON's float64 path (format.ShortestDigits and
// appendDecimalJSON) against its reference, appendFloat64JSONStrconv
// (encoding/json's own code: strconv 'f' or 'e' with -1 precision and the
// e-09 to e-9 clean-up), and against json.Marshal itself on a share of the
// values. ROWPAGE_FLOAT64JSON_SCALE multiplies the number of random values
// (default 1: 8 million bit patterns and 2 million decimals; -short
// divides by 20).

// f64Scale returns the multiplier of the random tests.
func f64Scale(t testing.TB) float64 {
	s := 1.0
	if v := os.Getenv("ROWPAGE_FLOAT64JSON_SCALE"); v != "" {
		var err error
		if s, err = strconv.ParseFloat(v, 64); err != nil {
			t.Fatalf("ROWPAGE_FLOAT64JSON_SCALE: %v", err)
		}
	}
	if testing.Short() {
		s /= 20
	}
	if raceEnabled { // some ten times slower; CI's race run covers the code, not the values
		s /= 10
	}
	return s
}

// checkFloat64JSON compares AppendFloat64JSON(f, 64) with the reference,
// and with json.Marshal when marshal is set, appending to a short buffer
// and to one with room (the plain form writes past its result).
func checkFloat64JSON(t testing.TB, f float64, marshal bool, buf []byte) bool {
	t.Helper()
	var ref [40]byte
	want := appendFloat64JSONStrconv(ref[:0], f, 64)
	got := AppendFloat64JSON(buf[:0], f, 64)
	if string(got) != string(want) {
		t.Errorf("AppendFloat64JSON(%v) (bits %#016x) = %s, want %s", f, math.Float64bits(f), got, want)
		return false
	}
	if short := AppendFloat64JSON(make([]byte, 3, 4), f, 64); string(short[3:]) != string(want) {
		t.Errorf("AppendFloat64JSON(%v) after 3 bytes, cap 4 = %s, want %s", f, short[3:], want)
		return false
	}
	if marshal {
		if j, err := json.Marshal(f); err != nil || string(j) != string(want) {
			t.Errorf("json.Marshal(%v) = %s, %v; the reference writes %s", f, j, err, want)
			return false
		}
	}
	return true
}

// TestFloat64JSONHardCases checks the floats where a shortest-digits
// conversion or the choice of form is most likely to go wrong, each with
// its sign flipped and its two neighbours: zeros, the smallest and largest
// subnormals and normals, every power of ten and every digit times it, the
// 1e-6 and 1e21 boundaries of the plain form, powers of two (asymmetric
// intervals) and exact ties at full length, and floatcases.Edge.
func TestFloat64JSONHardCases(t *testing.T) {
	fs := []float64{0, math.SmallestNonzeroFloat64, math.MaxFloat64,
		math.Float64frombits(1<<52 - 1), math.Float64frombits(1 << 52), math.Float64frombits(1<<52 + 1),
		1e-6, 1e21, 9.999999999999999e-7, 9.99999999999999e20, 1e-7, 1e20, 0.000001, 1e-5,
		0x1p-25, 0x10000000000001p-2, 0x10000000000003p-2, 1 << 53, 1<<53 + 2, 9007199254740993,
		0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 123456789.125, 5e-324, 1e23, 8.41e21, 2.2250738585072014e-308}
	for e := -325; e <= 309; e++ {
		for d := 1.0; d <= 9; d++ {
			if f, err := strconv.ParseFloat(strconv.Itoa(int(d))+"e"+strconv.Itoa(e), 64); err == nil || f != 0 {
				fs = append(fs, f)
			}
		}
	}
	for q := -1074; q <= 1023; q++ {
		fs = append(fs, math.Ldexp(1, q), math.Ldexp(3, q-1))
	}
	fs = append(fs, floatcases.Edge()...)
	buf := make([]byte, 0, 64)
	n := 0
	for _, f := range fs {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			continue
		}
		for _, g := range []float64{f, math.Nextafter(f, math.Inf(1)), math.Nextafter(f, math.Inf(-1))} {
			for _, h := range []float64{g, -g} {
				if !math.IsInf(h, 0) {
					n++
					checkFloat64JSON(t, h, true, buf)
				}
			}
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d hard cases", n)
}

// TestFloat64JSONRandomBits checks random bit patterns: uniform over all
// finite float64s (every exponent alike, subnormals 1 in 2048), random
// subnormals, floats near 1e-6 and 1e21, and the floats nearest random
// decimals of 1 to 17 digits at every exponent; one in 64 also against
// json.Marshal.
func TestFloat64JSONRandomBits(t *testing.T) {
	n := int(8e6 * f64Scale(t))
	rng := rand.New(rand.NewPCG(36, 7))
	buf := make([]byte, 0, 64)
	for i := range n {
		var f float64
		switch i & 7 {
		case 0:
			f = math.Float64frombits(rng.Uint64() & (1<<52 - 1)) // subnormal
		case 1:
			f = math.Ldexp(1+rng.Float64(), -20-rng.IntN(2)) // near 1e-6
		case 2:
			f = math.Ldexp(1+rng.Float64(), 68+rng.IntN(4)) // near 1e21
		case 3:
			nd := 1 + rng.IntN(17)
			mant := rng.Uint64N(uint64(math.Pow10(nd))) + 1
			f, _ = strconv.ParseFloat(strconv.FormatUint(mant, 10)+"e"+strconv.Itoa(rng.IntN(650)-340), 64)
		default:
			f = math.Float64frombits(rng.Uint64())
		}
		if rng.Uint64()&1 != 0 {
			f = -f
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			continue
		}
		if !checkFloat64JSON(t, f, i&63 == 0, buf) {
			return
		}
	}
	t.Logf("%d random floats", n)
}

// TestFloat64JSONRandomFloats checks the floats of floatcases.Random and
// rand.Float64-style values (scores, ratios, coordinates: 16 and 17
// digits), the raw cells' and long decimals' everyday inputs.
func TestFloat64JSONRandomFloats(t *testing.T) {
	n := int(2e6 * f64Scale(t))
	rng := rand.New(rand.NewPCG(36, 8))
	buf := make([]byte, 0, 64)
	for i := range n {
		var f float64
		switch i & 3 {
		case 0:
			f = floatcases.Random(rng)
		case 1:
			f = rng.Float64()
		case 2:
			f = rng.NormFloat64() * 1e3
		default:
			f = rng.Float64() * math.Pow(10, float64(rng.IntN(600)-300))
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			continue
		}
		if !checkFloat64JSON(t, f, i&63 == 0, buf) {
			return
		}
	}
}

var f64Sink []byte

// BenchmarkAppendFloat64JSON renders float64s through AppendFloat64JSON
// and through the strconv reference: short (0.1, 1e-7, 5e-324), typical
// (random fractions of 16 or 17 digits, scores) and extreme values.
func BenchmarkAppendFloat64JSON(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	typical := make([]float64, 1024)
	for i := range typical {
		typical[i] = rng.NormFloat64() * 1e3
	}
	for _, c := range []struct {
		name string
		fs   []float64
	}{
		{"short", []float64{0.1, 2.5, 1e-7, 1e21, 5e-324, 1e300}},
		{"typical", typical},
		{"extreme", []float64{math.MaxFloat64, math.SmallestNonzeroFloat64, 2.2250738585072014e-308, 1.2345678901234567e-300}},
	} {
		for _, via := range []struct {
			name string
			fn   func([]byte, float64, int) []byte
		}{{"shortest", AppendFloat64JSON}, {"strconv", appendFloat64JSONStrconv}} {
			b.Run(c.name+"/via="+via.name, func(b *testing.B) {
				buf := make([]byte, 0, 64)
				for i := 0; b.Loop(); i++ {
					buf = via.fn(buf[:0], c.fs[i%len(c.fs)], 64)
				}
				f64Sink = buf
			})
		}
	}
}

// TestFloat64JSONShortBufferAllocs checks that a float rendered into a
// caller's 32-byte stack buffer, as pagebuild's canonical float check
// does, allocates nothing: the window the digits need must not grow dst.
func TestFloat64JSONShortBufferAllocs(t *testing.T) {
	for _, f := range []float64{1e40, -math.MaxFloat64, math.SmallestNonzeroFloat64, 0.1, 1.0 / 3, -123456789.125, 1e-7} {
		var out []byte
		if n := testing.AllocsPerRun(100, func() {
			var buf [32]byte
			b := AppendFloat64JSON(buf[:0], f, 64)
			if len(b) == 0 || &b[0] != &buf[0] {
				panic("not written in place")
			}
			out = append(out[:0], b...)
		}); n != 0 {
			t.Errorf("AppendFloat64JSON(%v) into a 32-byte buffer: %v allocations", f, n)
		}
		if want := appendFloat64JSONStrconv(nil, f, 64); string(out) != string(want) {
			t.Errorf("AppendFloat64JSON(%v) into a 32-byte buffer = %s, want %s", f, out, want)
		}
	}
}
