package sqlpage

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// checkPlainDecimal compares plainDecimal with the slow reading it stands
// in for: floatText and strconv.ParseFloat for a float, and for text what
// Builder.Number does (valid number text that is no canonical integer or
// float is kept as text).
func checkPlainDecimal(t *testing.T, s string) {
	t.Helper()
	d, isFloat, isText := plainDecimal(s)
	if isFloat && isText {
		t.Fatalf("plainDecimal(%q): both float and text", s)
	}
	if want := floatText(s); isFloat != want {
		t.Fatalf("plainDecimal(%q) float = %v, floatText says %v", s, isFloat, want)
	}
	if isFloat {
		want, err := strconv.ParseFloat(s, 64)
		if f := decimalFloat(d); err != nil || math.Float64bits(f) != math.Float64bits(want) {
			t.Fatalf("plainDecimal(%q) = %v (%x), ParseFloat gives %v (%x, %v)", s, f, math.Float64bits(f), want, math.Float64bits(want), err)
		}
		if w := pagebuild.DecimalOfText(s); d != w {
			t.Fatalf("plainDecimal(%q) decimal = %+v, the text's digits are %+v", s, d, w)
		}
		// The cell written from the digits alone is the float's cell.
		cell, _ := format.AppendFloatCell(nil, want, 64)
		if got := (format.FloatCell{Dec: d}).AppendTo(nil); !bytes.Equal(got, cell) {
			t.Fatalf("plainDecimal(%q): cell from the digits % x, the float's cell % x", s, got, cell)
		}
	}
	if isText {
		_, isInt := pagebuild.CanonicalInt(s)
		_, isUint := pagebuild.CanonicalUint(s)
		_, _, isCanon := pagebuild.CanonicalFloat(s)
		if !format.ValidNumber(s) || isInt || isUint || isCanon {
			t.Fatalf("plainDecimal(%q) says text; valid %v, canonical int %v uint %v float %v",
				s, format.ValidNumber(s), isInt, isUint, isCanon)
		}
	}
}

// decimalFloat is the float64 that plainDecimal's d names: exact digits
// (at most 15) and an exact power of ten (at most 10^20), so one correctly
// rounded division gives what strconv.ParseFloat gives.
func decimalFloat(d format.Decimal) float64 {
	f := float64(d.Mant) / math.Pow10(-d.Exp)
	if d.Neg {
		f = -f
	}
	return f
}

func TestPlainDecimal(t *testing.T) {
	for _, tc := range []struct {
		s               string
		isFloat, isText bool
		f               float64
	}{
		{"12.34", true, false, 12.34},
		{"-0.5", true, false, -0.5},
		{"0.000001", true, false, 1e-6},
		{"0.0000001", false, false, 0}, // below 1e-6: an exponent
		{"123456789012.345", true, false, 123456789012.345},
		{"1234567890123.456", false, false, 0}, // 16 digits
		{"0.000001234567890123456", false, false, 0},
		{"12.10", false, true, 0},
		{"-0.0", false, true, 0},
		{"0.0", false, true, 0},
		{"100.00", false, true, 0},
		{"12", false, false, 0},
		{"1.", false, false, 0},
		{".5", false, false, 0},
		{"01.5", false, false, 0},
		{"-", false, false, 0},
		{"", false, false, 0},
		{"1.5e3", false, false, 0},
		{"NaN", false, false, 0},
		{"1.2.3", false, false, 0},
		{"+1.5", false, false, 0},
	} {
		d, isFloat, isText := plainDecimal(tc.s)
		f := 0.0
		if isFloat {
			f = decimalFloat(d)
		}
		if isFloat != tc.isFloat || isText != tc.isText || f != tc.f {
			t.Errorf("plainDecimal(%q) = %v, %v, %v; want %v, %v, %v", tc.s, f, isFloat, isText, tc.f, tc.isFloat, tc.isText)
		}
		checkPlainDecimal(t, tc.s)
	}
}

// TestPlainDecimalRandom checks decimals of every length and scale a
// NUMERIC column writes.
func TestPlainDecimalRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		digits := 1 + r.IntN(18)
		scale := r.IntN(digits + 6)
		var m uint64
		for range digits {
			m = m*10 + uint64(r.IntN(10))
		}
		s := strconv.FormatUint(m, 10)
		for len(s) <= scale {
			s = "0" + s
		}
		if scale > 0 {
			s = s[:len(s)-scale] + "." + s[len(s)-scale:]
		}
		if r.IntN(2) == 0 {
			s = "-" + s
		}
		checkPlainDecimal(t, s)
	}
}

func FuzzPlainDecimal(f *testing.F) {
	for _, s := range []string{"12.34", "-0.5", "0.000001", "12.10", "1.", "123456789012.345", "9007199254740993.5"} {
		f.Add(s)
	}
	f.Fuzz(checkPlainDecimal)
}
