package pagebuild

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/floatcases"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestCanonicalDecimalAsCanonicalFloat gives CanonicalDecimal the digits
// jsonwire.ScanDecimal reads from the text of many floats and from
// variants json.Marshal never writes (or -1 digits where it reads none),
// and checks that it decides as CanonicalFloat does, to the bit and the
// digit.
func TestCanonicalDecimalAsCanonicalFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 16))
	check := func(s string) {
		t.Helper()
		neg, m, nd, exp, ok := jsonwire.ScanDecimal(s)
		if !ok {
			m, nd = 0, -1
		}
		f, d, fok := CanonicalDecimal(s, neg, m, nd, exp)
		g, e, gok := CanonicalFloat(s)
		if fok != gok || fok && (math.Float64bits(f) != math.Float64bits(g) || d != e) {
			t.Fatalf("%q: CanonicalDecimal %v %+v %v, CanonicalFloat %v %+v %v", s, f, d, fok, g, e, gok)
		}
	}
	variants := func(s string) {
		check(s)
		check(s + "0")
		check(strings.Replace(s, "e", "E", 1))
		check(strings.Replace(s, "e+", "e", 1))
		check(strings.Replace(s, ".", "", 1))
		check(strings.TrimSuffix(s, s[len(s)-1:]))
		check(s + ".5")
		check(s + "1234567890123")
	}
	text := func(f float64) string { return string(jsonwire.AppendFloat64JSON(nil, f, 64)) }
	for _, f := range floatcases.Edge() {
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			variants(text(f))
		}
	}
	for _, s := range []string{"1e21", "1e+21", "1e-7", "0.000001", "0.0000001", "100000000000000000000.5",
		"123456789.125", "0.1", "-0.1", "-0.0", "0.0", "1.7976931348623157e+308", "5e-324", "1e+400", "1e-400"} {
		variants(s)
	}
	for range 20_000 {
		variants(text(floatcases.Random(r)))
		variants(text(r.NormFloat64() * 1e3))
		variants(text(math.Float64frombits(r.Uint64())))
		variants(strconv.Itoa(r.IntN(1e9)) + "." + strconv.Itoa(r.IntN(1e6)))
	}
}
