package jsonwire

import (
	"encoding/hex"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/floatcases"
)

// The float text tests. They draw their values from internal/floatcases,
// as format's float cell tests do, so that the cells these tests render are
// the ones format's tests write.

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
	for _, f := range floatcases.Edge() {
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
		f := floatcases.Random(rng)
		checkFloatJSON(t, f, 64)
		if math.Abs(f) <= math.MaxFloat32 {
			checkFloatJSON(t, f, 32)
		}
	}
}

func TestFloatJSONAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	slow := format.FloatCell{Dec: format.Decimal{Mant: 123456789012345, Exp: -40}}
	for _, f := range []float64{19.99, floatcases.Sum03, 1e-300, math.MaxFloat64, 1e21} {
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
	for _, f := range []float64{19.99, floatcases.Sum03, 1e-9} {
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
