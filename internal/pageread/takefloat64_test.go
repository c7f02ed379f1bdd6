package pageread

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestTakeFloat64 reads float cells with TakeFloat64 and with the
// reference TakeFloat().Float64(), one after another in one column, and
// checks the same bits and the same cursor position and cell count after
// each: decimal cells of both signs with mantissas around 2^53 and
// exponents at and past ±22 (TakeFloat64's fast step and its way out),
// zero of both signs, raw cells, and random decimals.
func TestTakeFloat64(t *testing.T) {
	var cells [][]byte
	dec := func(neg bool, m uint64, e int) {
		s := byte(e + format.FloatExpBias)
		if neg {
			s |= 0x80
		}
		cells = append(cells, format.AppendUvarint([]byte{s}, m))
	}
	for _, m := range []uint64{0, 1, 7, 127, 128, 1999, 123456789, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<56 - 1} {
		for e := -format.FloatExpBias; e <= format.FloatExpBias; e++ {
			dec(false, m, e)
			dec(true, m, e)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		dec(r.IntN(2) == 0, r.Uint64N(1<<56), r.IntN(2*format.FloatExpBias+1)-format.FloatExpBias)
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 5e-324, math.MaxFloat64, -1.5, 0.1} {
		cells = append(cells, binary.LittleEndian.AppendUint64([]byte{format.FloatRawSelector}, math.Float64bits(f)))
	}
	var page []byte
	for _, c := range cells {
		page = append(page, c...)
	}
	got := Cursor{enc: format.EncFloat, lay: format.EncFloat, data: page}
	ref := got
	for i, c := range cells {
		g, w := got.TakeFloat64(), ref.TakeFloat().Float64()
		if math.Float64bits(g) != math.Float64bits(w) || got.pos != ref.pos || got.i != ref.i {
			t.Fatalf("cell %d (% x): TakeFloat64 %v at %d (cell %d), TakeFloat().Float64() %v at %d (cell %d)",
				i, c, g, got.pos, got.i, w, ref.pos, ref.i)
		}
	}
}

// TestTakeIntFloat64Floats checks that TakeIntFloat64 reads the float
// cells of an EncIntFloat column as TakeFloat().Float64() does, and its
// integers as their float64.
func TestTakeIntFloat64Floats(t *testing.T) {
	var page []byte
	var want []float64
	for _, m := range []uint64{5, 1999, 1 << 53, 1<<53 + 3} {
		for _, e := range []int{-23, -22, -2, 0, 3, 22, 23} {
			cell := format.AppendUvarint([]byte{byte(e + format.FloatExpBias)}, m)
			ref := Cursor{enc: format.EncFloat, lay: format.EncFloat, data: cell}
			want = append(want, ref.TakeFloat().Float64())
			page = append(page, cell...)
		}
		page = format.AppendUvarint(append(page, format.IntFloatSelector), format.EncodeZigZag(-int64(m)))
		want = append(want, -float64(m))
	}
	c := Cursor{enc: format.EncIntFloat, lay: format.EncIntFloat, data: page}
	for i, w := range want {
		if g := c.TakeIntFloat64(); math.Float64bits(g) != math.Float64bits(w) {
			t.Fatalf("cell %d: %v, want %v", i, g, w)
		}
	}
	if c.pos != len(page) {
		t.Fatalf("stopped at %d of %d", c.pos, len(page))
	}
}
