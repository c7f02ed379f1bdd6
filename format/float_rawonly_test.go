package format

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestFloatCellRawOnly checks AppendFloatCell and SizeFloatCell against the
// strconv reference (refCell) where rawOnly decides the cell without the
// digits: around both of its bounds, at the decimal cells' own extremes
// (Mant × 10^±63, which a bound set too far in would make raw), and at
// every binary exponent.
func TestFloatCellRawOnly(t *testing.T) {
	var fs []float64
	for _, b := range []float64{rawOnlyBelow, rawOnlyAbove, 1e-63, 1e80} {
		f := b
		for range 200 {
			f = math.Nextafter(f, 0)
		}
		for range 400 {
			fs = append(fs, f, -f)
			f = math.Nextafter(f, math.Inf(1))
		}
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for range 20_000 {
		m := rng.Uint64N(FloatMaxMant-1) + 1
		for _, e := range []string{"e-63", "e63"} {
			f, err := strconv.ParseFloat(strconv.FormatUint(m, 10)+e, 64)
			if err != nil {
				t.Fatal(err)
			}
			fs = append(fs, f)
		}
	}
	for e := range uint64(2047) { // every exponent, subnormals included
		for range 8 {
			fs = append(fs, math.Float64frombits(e<<52|rng.Uint64N(1<<52)))
		}
	}
	fs = append(fs, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0)
	raw := 0
	for _, f := range fs {
		checkCell(t, f, 64)
		if rawOnly(f) {
			raw++
		}
	}
	if raw == 0 || raw == len(fs) {
		t.Fatalf("rawOnly held for %d of %d values: the sweep misses a side of its bounds", raw, len(fs))
	}
}
