package pagebuild

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/floatcases"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestCanonicalFloatFast compares the fast path with the general one on
// the JSON text of many floats and on variants json.Marshal never writes:
// wherever the fast path decides, it must decide as the general path does,
// to the bit and the digit; and it must decide the common texts.
func TestCanonicalFloatFast(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 17))
	decided, total := 0, 0
	check := func(s string) {
		t.Helper()
		f, d, ok, sure := canonicalFloatFast(s)
		total++
		if !sure {
			return
		}
		decided++
		g, e, gok := canonicalFloatGeneral(s)
		if ok != gok || ok && (math.Float64bits(f) != math.Float64bits(g) || d != e) {
			t.Fatalf("%q: fast %v %+v %v, general %v %+v %v", s, f, d, ok, g, e, gok)
		}
	}
	variants := func(s string) {
		check(s)
		check(s + "0")
		check("0" + s)
		check(strings.Replace(s, "e", "E", 1))
		check(strings.Replace(s, "e+", "e", 1))
		check(strings.Replace(s, "e-", "e-0", 1))
		check(strings.Replace(s, ".", "", 1))
		check(strings.TrimSuffix(s, s[len(s)-1:]))
		if !strings.Contains(s, ".") && !strings.Contains(s, "e") {
			check(s + ".0")
			check(s + ".5")
		}
		if i := strings.IndexByte(s, 'e'); i > 0 {
			check(s[:i] + "0" + s[i:])
		}
	}
	text := func(f float64) string { return string(jsonwire.AppendFloat64JSON(nil, f, 64)) }
	for _, f := range floatcases.Edge() {
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			variants(text(f))
		}
	}
	for _, s := range []string{"1e21", "1e+21", "1e-7", "0.000001", "0.0000001", "1e-6", "100000000000000000000",
		"1000000000000000000000", "123456789.125", "0.1", "-0.1", "9007199254740993", "1.7976931348623157e+308",
		"5e-324", "-0", "0.0", "1e+22", "1e+23", "1.5e+300", "12345678901234567", "1234567890123456.7"} {
		variants(s)
	}
	for range 40_000 {
		variants(text(floatcases.Random(r)))
		variants(text(r.Float64()))
		variants(text(r.NormFloat64() * 1e3))
		variants(text(float64(r.IntN(1e6)) / 100))
		variants(text(math.Float64frombits(r.Uint64())))
		variants(strconv.Itoa(r.IntN(1e9)) + "." + strconv.Itoa(r.IntN(1e6)))
	}
	fast := 0
	for _, f := range []float64{0.1, -19.99, 1e21, 1e-7, 123456789.125, 0.1 + 0.2, 1234.5678901234567, 1e300} {
		if _, _, ok, sure := canonicalFloatFast(text(f)); ok && sure {
			fast++
		}
	}
	if fast < 7 {
		t.Errorf("the fast path decided %d of 8 common texts", fast)
	}
	t.Logf("decided %d of %d texts", decided, total)
	// Exponents beyond a decimal cell's (canonicalFloatWide) are decided
	// too: the smallest and largest floats, and powers beyond 1e63.
	for _, f := range []float64{5e-324, -5e-324, math.MaxFloat64, -math.MaxFloat64, 1e300, 1.5e-300, 2.2250738585072014e-308,
		4.9406564584124654e-320, 1.2345678901234567e-200, 9.876543210987654e+250} {
		g, e, gok := canonicalFloatGeneral(text(f))
		got, d, ok, sure := canonicalFloatFast(text(f))
		if !ok || !sure || !gok || math.Float64bits(got) != math.Float64bits(g) || d != e {
			t.Errorf("%q: fast %v %+v %v %v, general %v %+v %v", text(f), got, d, ok, sure, g, e, gok)
		}
	}
}

// TestCanonicalFloatFastAllocs: the fast path allocates nothing.
func TestCanonicalFloatFastAllocs(t *testing.T) {
	for _, s := range []string{"0.1", "1234.5678901234567", "1e+21", "1e-7"} {
		if n := testing.AllocsPerRun(10, func() { CanonicalFloat(s) }); n != 0 {
			t.Errorf("%q: %v allocations", s, n)
		}
	}
}

// BenchmarkCanonicalFloat times CanonicalFloat and its general path on the
// float texts of the hetero dataset's kinds: short decimals, random
// fractions (16-17 digits) and exponent forms.
func BenchmarkCanonicalFloat(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var texts []string
	for range 64 {
		texts = append(texts, string(jsonwire.AppendFloat64JSON(nil, r.NormFloat64()*1e3, 64)),
			string(jsonwire.AppendFloat64JSON(nil, r.Float64(), 64)))
	}
	texts = append(texts, "1e+21", "1e-7", "0.1", "123456789.125", "19.99", "-0.5")
	for _, c := range []struct {
		name string
		f    func(string) (float64, format.Decimal, bool)
	}{{"path=fast", CanonicalFloat}, {"path=general", canonicalFloatGeneral}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for _, s := range texts {
					c.f(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(texts)), "ns/number")
		})
	}
}

// TestCanonicalFloatWide: the texts of floats whose shortest digits have
// an exponent beyond a decimal cell's are nearly all decided without the
// general path, and decided as it decides them.
func TestCanonicalFloatWide(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 19))
	left, n := 0, 0
	for range 200_000 {
		f := math.Float64frombits(r.Uint64())
		m, e, ok := format.ShortestDigits(f)
		if !ok || e >= -format.FloatExpBias && e <= format.FloatExpBias {
			continue
		}
		n++
		s := string(jsonwire.AppendFloat64JSON(nil, f, 64))
		got, ok := canonicalFloatWide(s, format.Decimal{Neg: f < 0, Mant: m, Exp: e})
		if !ok {
			left++
			continue
		}
		if g, _, gok := canonicalFloatGeneral(s); !gok || math.Float64bits(got) != math.Float64bits(g) {
			t.Fatalf("%q: wide %v, general %v %v", s, got, g, gok)
		}
	}
	if left*1000 > n {
		t.Errorf("left %d of %d texts to the general path", left, n)
	}
}
