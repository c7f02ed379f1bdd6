package pageread

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestRawFloatJSONMatchesAppendFloat64JSON writes raw float cells through
// EscapedStrings' slots, again and again and in a random order, so that
// slots are filled, hit and taken over by other bits, and with and without
// room in dst: every text must be AppendFloat64JSON's, and a nil table
// must write the same.
func TestRawFloatJSONMatchesAppendFloat64JSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := []float64{math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64,
		-math.SmallestNonzeroFloat64, 0x1p-1022, -0x1p-1022, 1e300, 1e-300, 2e81, 3e-65, 0}
	for range 100 {
		vals = append(vals, math.Float64frombits(r.Uint64()&^(0x7FF<<52)|r.Uint64N(0x7FF)<<52))
	}
	var x EscapedStrings
	x.Begin()
	for i := range 5000 {
		f := vals[r.IntN(len(vals))]
		bits := math.Float64bits(f)
		want := jsonwire.AppendFloat64JSON([]byte("x"), f, 64)
		dst := make([]byte, 1, 1+r.IntN(40)) // with and without rawFloatText bytes of room
		dst[0] = 'x'
		if got := x.rawFloatJSON(dst, bits); string(got) != string(want) {
			t.Fatalf("%d: %x: got %q, want %q", i, bits, got, want)
		}
		var nilx *EscapedStrings
		if got := nilx.rawFloatJSON([]byte("x"), bits); string(got) != string(want) {
			t.Fatalf("nil table: %x: got %q, want %q", bits, got, want)
		}
	}
}

// TestRawFloatJSONAllocs checks that a raw float written from a slot
// allocates nothing.
func TestRawFloatJSONAllocs(t *testing.T) {
	var x EscapedStrings
	dst := make([]byte, 0, 64)
	bits := math.Float64bits(math.MaxFloat64)
	x.rawFloatJSON(dst, bits)
	if n := testing.AllocsPerRun(100, func() { dst = x.rawFloatJSON(dst[:0], bits) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
	if string(dst) != "1.7976931348623157e+308" {
		t.Fatalf("got %q", dst)
	}
}
