package jsonwire

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// The float text tests. The value generators (edgeFloats, randFloat) are
// those of format's float cell tests, so that the cells these tests render
// are the ones format's tests write.

func jsonOf(f float64, bits int) string {
	var b []byte
	var err error
	if bits == 32 {
		b, err = json.Marshal(float32(f))
	} else {
		b, err = json.Marshal(f)
	}
	if err != nil {
		panic(err)
	}
	return string(b)
}

// sum03 is 0.1+0.2 computed in float64 at run time (a constant expression
// would be the exact 0.3).
var sum03 = func(a, b float64) float64 { return a + b }(0.1, 0.2)

// edgeFloats are the finite values every float test runs on.
func edgeFloats() []float64 {
	v := []float64{
		0, 1, 2, 3, 7, 9, 10, 11, 99, 100, 1000, 0.1, 0.2, 0.3, sum03, 0.5, 0.25, 0.125, 1.5,
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

// randFloat draws from a mix of distributions: raw bits (every exponent),
// short decimals, money amounts and large integers.
func randFloat(rng *rand.Rand) float64 {
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

// checkFloatJSON renders the cell the writer makes for f, and f itself,
// against json.Marshal.
func checkFloatJSON(t testing.TB, f float64, bits int) {
	t.Helper()
	cell, err := format.AppendFloatCell(nil, f, bits)
	if err != nil {
		t.Fatalf("format.AppendFloatCell(%v, %d): %v", f, bits, err)
	}
	c, n := format.ConsumeFloatCell(cell)
	if n != len(cell) {
		t.Fatalf("format.ConsumeFloatCell(% x) n = %d", cell, n)
	}
	if j, w := string(AppendFloatJSON(nil, c)), jsonOf(f, bits); j != w {
		t.Fatalf("AppendFloatJSON(cell of %v, %d) = %s, want %s", f, bits, j, w)
	}
	if j, w := string(AppendFloat64JSON(nil, f, bits)), jsonOf(f, bits); j != w {
		t.Fatalf("AppendFloat64JSON(%v, %d) = %s, want %s", f, bits, j, w)
	}
}

func TestFloatJSONEdges(t *testing.T) {
	for _, f := range edgeFloats() {
		if math.Abs(f) <= math.MaxFloat32 {
			checkFloatJSON(t, f, 32)
		}
		checkFloatJSON(t, f, 64)
	}
}

func TestFloatJSONRandom(t *testing.T) {
	n := 500_000
	if testing.Short() {
		n = 20_000
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range n {
		f := randFloat(rng)
		checkFloatJSON(t, f, 64)
		if math.Abs(f) <= math.MaxFloat32 {
			checkFloatJSON(t, f, 32)
		}
	}
}

func TestFloatJSONAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	slow := format.FloatCell{Dec: format.Decimal{Mant: 123456789012345, Exp: -40}}
	for _, f := range []float64{19.99, sum03, 1e-300, math.MaxFloat64, 1e21} {
		cell, _ := format.AppendFloatCell(nil, f, 64)
		c, _ := format.ConsumeFloatCell(cell)
		a := testing.AllocsPerRun(100, func() {
			buf = AppendFloatJSON(buf[:0], c)
			buf = AppendFloatJSON(buf[:0], slow)
			buf = AppendFloat64JSON(buf[:0], f, 64)
			buf = AppendFloat64JSON(buf[:0], f, 32)
		})
		if a != 0 {
			t.Errorf("%v: allocs = %v, want 0", f, a)
		}
	}
}

// FuzzFloatJSONCell feeds arbitrary bytes to format.ConsumeFloatCell:
// canonical cells must render like their float.
func FuzzFloatJSONCell(f *testing.F) {
	for _, s := range []string{"", "3f00", "3f01", "bdcf0f", "ff000000000000f03f", "7f01", "3f0a", "fe01"} {
		b, _ := hex.DecodeString(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, n := format.ConsumeFloatCell(b)
		if n < 0 {
			return
		}
		for _, bits := range []int{64, 32} {
			if !c.Canonical(bits) {
				continue
			}
			v := c.Float64()
			if bits == 32 {
				v = float64(c.Float32())
			}
			if got, want := string(AppendFloatJSON(nil, c)), jsonOf(v, bits); got != want {
				t.Fatalf("AppendFloatJSON(% x) = %s, want %s (bits %d)", b[:n], got, want, bits)
			}
		}
	})
}

// TestFloatJSONDecimalForms renders decimal cells built by hand, including
// every exponent the cell allows, against json.Marshal of their value.
func TestFloatJSONDecimalForms(t *testing.T) {
	tests := []struct {
		d    format.Decimal
		want string
	}{
		{format.Decimal{}, "0"},
		{format.Decimal{Mant: 1}, "1"},
		{format.Decimal{Neg: true, Mant: 5, Exp: -1}, "-0.5"},
		{format.Decimal{Mant: 1, Exp: 20}, "100000000000000000000"},
		{format.Decimal{Mant: 1, Exp: 21}, "1e+21"},
		{format.Decimal{Mant: 15, Exp: 20}, "1.5e+21"},
		{format.Decimal{Mant: 1, Exp: -6}, "0.000001"},
		{format.Decimal{Mant: 1, Exp: -7}, "1e-7"},
		{format.Decimal{Mant: 15, Exp: -8}, "1.5e-7"},
		{format.Decimal{Mant: 1, Exp: -10}, "1e-10"},
		{format.Decimal{Mant: 1, Exp: -63}, "1e-63"},
		{format.Decimal{Mant: 1999, Exp: -2}, "19.99"},
		{format.Decimal{Mant: 123456, Exp: -11}, "0.00000123456"},
		{format.Decimal{Mant: 1234567, Exp: -13}, "1.234567e-7"},
	}
	for _, tt := range tests {
		if got := string(AppendFloatJSON(nil, format.FloatCell{Dec: tt.d})); got != tt.want {
			t.Errorf("AppendFloatJSON(%+v) = %s, want %s", tt.d, got, tt.want)
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for exp := -63; exp <= 63; exp++ {
		for range 200 {
			m := rng.Uint64N(1<<49) >> rng.IntN(49)
			for m != 0 && m%10 == 0 {
				m /= 10
			}
			if m == 0 {
				continue
			}
			c := format.FloatCell{Dec: format.Decimal{Neg: rng.IntN(2) == 0, Mant: m, Exp: exp}}
			f := c.Float64()
			if !c.Canonical(64) {
				continue // not a shortest decimal: json.Marshal would print other digits
			}
			if got, w := string(AppendFloatJSON(nil, c)), jsonOf(f, 64); got != w {
				t.Fatalf("AppendFloatJSON(%+v) = %s, want %s", c.Dec, got, w)
			}
		}
	}
}

func TestFloatJSONNonFinite(t *testing.T) {
	for _, tt := range []struct {
		f    float64
		want string
	}{{math.NaN(), "NaN"}, {math.Inf(1), "+Inf"}, {math.Inf(-1), "-Inf"}} {
		for _, bits := range []int{32, 64} {
			if got := string(AppendFloat64JSON(nil, tt.f, bits)); got != tt.want {
				t.Errorf("AppendFloat64JSON(%v, %d) = %s", tt.f, bits, got)
			}
		}
	}
}

func BenchmarkAppendFloatJSON(b *testing.B) {
	buf := make([]byte, 0, 32)
	for _, f := range []float64{19.99, sum03, 1e-9} {
		cell, _ := format.AppendFloatCell(nil, f, 64)
		c, _ := format.ConsumeFloatCell(cell)
		b.Run(strconv.FormatFloat(f, 'g', -1, 64)+"/cell", func(b *testing.B) {
			for b.Loop() {
				buf = AppendFloatJSON(buf[:0], c)
			}
		})
		b.Run(strconv.FormatFloat(f, 'g', -1, 64)+"/float64", func(b *testing.B) {
			for b.Loop() {
				buf = AppendFloat64JSON(buf[:0], f, 64)
			}
		})
	}
}

// refDecimalJSON is the text AppendFloatJSON must write for a decimal cell,
// built with strings: plain form for scientific exponents in [-6, 21),
// else d[.ddd]e±x.
func refDecimalJSON(d format.Decimal) string {
	digits := strconv.FormatUint(d.Mant, 10)
	x := d.Exp + len(digits) - 1
	var s string
	switch {
	case x < -6 || x >= 21:
		s = digits[:1]
		if len(digits) > 1 {
			s += "." + digits[1:]
		}
		if x < 0 {
			s += "e-" + strconv.Itoa(-x)
		} else {
			s += "e+" + strconv.Itoa(x)
		}
	case d.Exp >= 0:
		s = digits + strings.Repeat("0", d.Exp)
	case x >= 0:
		s = digits[:x+1] + "." + digits[x+1:]
	default:
		s = "0." + strings.Repeat("0", -x-1) + digits
	}
	if d.Neg {
		s = "-" + s
	}
	return s
}

// TestAppendFloatJSONAnyCell renders decimals of every length from 1 to 17
// digits at every exponent a cell holds, after a prefix in buffers of
// every spare capacity from 0 to past the fixed window: the text matches
// refDecimalJSON and the prefix is left alone.
func TestAppendFloatJSONAnyCell(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const prefix = "[1,"
	for exp := -63; exp <= 63; exp++ {
		for k := 1; k <= 17; k++ {
			lo := uint64(1)
			for range k - 1 {
				lo *= 10
			}
			for j := range 8 {
				d := format.Decimal{Neg: j%2 == 1, Mant: lo + rng.Uint64N(9*lo), Exp: exp}
				want := prefix + refDecimalJSON(d)
				spare := (j * 13) % (decimalWindow + 8)
				dst := append(make([]byte, 0, len(prefix)+spare), prefix...)
				if got := string(AppendFloatJSON(dst, format.FloatCell{Dec: d})); got != want {
					t.Fatalf("AppendFloatJSON(%+v) after %q with %d spare = %s, want %s", d, prefix, spare, got, want)
				}
			}
		}
	}
}
