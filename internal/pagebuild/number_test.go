package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestNumberTextCellMatchesFormat checks the JSON-text path of float cells:
// for the canonical text of a float64 (what json.Marshal writes), the
// decimal read from the text gives the cell format.AppendFloatCell writes
// for the parsed value, so a page built from JSON text and one built from
// the Go value hold the same bytes.
func TestNumberTextCellMatchesFormat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(f float64) {
		t.Helper()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return
		}
		text := string(jsonwire.AppendFloat64JSON(nil, f, 64))
		g, d, ok := CanonicalFloat(text)
		if !ok || math.Float64bits(g) != math.Float64bits(f) {
			t.Fatalf("canonicalFloat(%q) = %v, %v, want %v", text, g, ok, f)
		}
		want, _ := format.AppendFloatCell(nil, f, 64)
		if got := format.AppendDecimalCell(nil, d, g); !bytes.Equal(got, want) {
			t.Fatalf("cell of %q = % x (decimal %+v), want % x", text, got, d, want)
		}
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1e-7, 1.5e-7, 0.1, -19.99, 0.1 + 0.2, 1e20, 1e21,
		1.5e21, -1.2345678901234566e79, 1.2345678901234567e80, 1.0000000000000002e-47, 1.0000000000000002e-48,
		math.MaxFloat64, math.SmallestNonzeroFloat64} {
		check(f)
	}
	for range 200_000 {
		check(math.Float64frombits(r.Uint64()))
		check(r.Float64())
		check(r.Float64() * math.Pow(10, float64(r.IntN(160)-80)))
	}
	for _, text := range []string{"1.0", "1e3", "0.10000000000000001", "1E+21", "-0.0"} {
		if _, _, ok := CanonicalFloat(text); ok {
			t.Errorf("canonicalFloat(%q) accepted a text json.Marshal does not write", text)
		}
	}
}

// TestCanonicalIntRange: integer text at and past the ends of int64 and
// uint64 parses exactly when strconv parses it, without allocating.
func TestCanonicalIntRange(t *testing.T) {
	for _, s := range []string{"9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"-9223372036854775809", "9999999999999999999", "-9999999999999999999", "10000000000000000000",
		"18446744073709551615", "18446744073709551616", "99999999999999999999", "-1", "7", "12"} {
		v, ok := CanonicalInt(s)
		w, err := strconv.ParseInt(s, 10, 64)
		if ok != (err == nil) || v != w && ok {
			t.Errorf("CanonicalInt(%q) = %d, %v; strconv: %d, %v", s, v, ok, w, err)
		}
		u, ok := CanonicalUint(s)
		x, err := strconv.ParseUint(s, 10, 64)
		if ok != (err == nil) || u != x && ok {
			t.Errorf("CanonicalUint(%q) = %d, %v; strconv: %d, %v", s, u, ok, x, err)
		}
		if n := testing.AllocsPerRun(10, func() { CanonicalInt(s); CanonicalUint(s) }); n != 0 {
			t.Errorf("%q: %v allocations", s, n)
		}
	}
}

// TestCanonicalIntText: CanonicalInt and CanonicalUint take exactly the
// texts strconv.FormatInt and FormatUint write, with their values, for
// random integers of every length and those texts changed by a leading
// zero, a sign, a digit too many or a letter.
func TestCanonicalIntText(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 1))
	check := func(s string) {
		t.Helper()
		v, ok := CanonicalInt(s)
		w, err := strconv.ParseInt(s, 10, 64)
		if want := err == nil && strconv.FormatInt(w, 10) == s; ok != want || ok && v != w {
			t.Fatalf("CanonicalInt(%q) = %d, %v; want %d, %v", s, v, ok, w, want)
		}
		u, ok := CanonicalUint(s)
		x, err := strconv.ParseUint(s, 10, 64)
		if want := err == nil && strconv.FormatUint(x, 10) == s && s != "0"; ok != want || ok && u != x {
			t.Fatalf("CanonicalUint(%q) = %d, %v; want %d, %v", s, u, ok, x, want)
		}
	}
	for range 100_000 {
		x := r.Uint64() >> r.IntN(64)
		s := strconv.FormatUint(x, 10)
		for _, c := range []string{s, "-" + s, "0" + s, s + "0", s + "9", "-" + s + "0", s[:len(s)-1] + "x", "+" + s, "-0" + s} {
			check(c)
		}
	}
	for _, s := range []string{"", "-", "0", "-0", "00", "1", "-1", "9223372036854775807", "-9223372036854775808",
		"18446744073709551615", "18446744073709551616", "99999999999999999999", "-99999999999999999999", "184467440737095516150"} {
		check(s)
	}
}
