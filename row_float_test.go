package rowpage

import (
	"math"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestRowFloatIsFloat64: Row.Float, whose exact fraction case is in line,
// gives the very bits FloatCell.Float64 gives, for decimals of either sign
// with mantissas from 0 to past 2^53 and exponents from -25 to 3 (the
// line's edges at 2^53 and 10^-22 included), raw floats, integers and
// non-numbers.
func TestRowFloatIsFloat64(t *testing.T) {
	r := &Row{cells: make([]rowCell, 1)}
	x := &r.cells[0].Cell
	mants := []uint64{0, 1, 5, 9, 10, 99, 1234, 1999, 123456789, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<63 + 12345, math.MaxUint64}
	n := 0
	for _, m := range mants {
		for exp := -25; exp <= 3; exp++ {
			for _, neg := range []bool{false, true} {
				f := format.FloatCell{Dec: format.Decimal{Neg: neg, Mant: m, Exp: exp}}
				*x = pageread.Cell{Tag: format.TagFloat, Float: f}
				got, ok := r.Float(0)
				if want := f.Float64(); !ok || math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("%+v: Float gave %v (%v), want %v", f, got, ok, want)
				}
				n++
			}
		}
	}
	for _, v := range []float64{0.1, -2.5e-300, math.Inf(1), math.MaxFloat64, math.Copysign(0, -1)} {
		*x = pageread.Cell{Tag: format.TagFloat, Float: format.FloatCell{Raw: true, Bits: math.Float64bits(v)}}
		if got, ok := r.Float(0); !ok || math.Float64bits(got) != math.Float64bits(v) {
			t.Fatalf("raw %v: Float gave %v (%v)", v, got, ok)
		}
	}
	*x = pageread.Cell{Tag: format.TagInt, Int: -7}
	if got, ok := r.Float(0); !ok || got != -7 {
		t.Fatalf("int -7: Float gave %v (%v)", got, ok)
	}
	*x = pageread.Cell{Tag: format.TagString}
	if _, ok := r.Float(0); ok {
		t.Fatal("a string reads as a float")
	}
	if _, ok := r.Float(1); ok {
		t.Fatal("a column past the page reads as a float")
	}
	if n < 700 {
		t.Fatalf("only %d decimals", n)
	}
}
