package pagebuild

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestFloatInt checks which float cells are integral floats (SPEC.md 9):
// those whose value, as the cell holds it, is an integer within ±2^53. For
// a float64 that is the value itself, not −0; for a float32, the shortest
// binary32 digits, which are what encoding/json writes (float32(2^30)
// writes 1073741800).
func TestFloatInt(t *testing.T) {
	for _, tt := range []struct {
		f    float64
		bits int
		v    int64
		ok   bool
	}{
		{0, 64, 0, true},
		{math.Copysign(0, -1), 64, 0, false},
		{1, 64, 1, true},
		{-1, 64, -1, true},
		{1000, 64, 1000, true},
		{-120, 64, -120, true},
		{1e15, 64, 1e15, true},
		{9e15, 64, 9e15, true},
		{1 << 53, 64, 1 << 53, true},
		{-(1 << 53), 64, -(1 << 53), true},
		{1<<53 - 1, 64, 1<<53 - 1, true},
		{1<<53 + 2, 64, 0, false},
		{1e16, 64, 0, false},
		{1e300, 64, 0, false},
		{1.5, 64, 0, false},
		{-0.5, 64, 0, false},
		{1e-7, 64, 0, false},
		{3, 32, 3, true},
		{1 << 30, 32, 1073741800, true},
		{16777217, 32, 16777216, true},
		{1e10, 32, 1e10, true},
		{0.1, 32, 0, false},
	} {
		cell, err := format.AppendFloatCell(nil, tt.f, tt.bits)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := format.ConsumeFloatCell(cell)
		v, ok := floatInt(c)
		if v != tt.v || ok != tt.ok {
			t.Errorf("%v (bits %d): floatInt %d, %v; want %d, %v", tt.f, tt.bits, v, ok, tt.v, tt.ok)
		}
		if ok { // the integer's text is the float's JSON text
			if got, want := strconv.FormatInt(v, 10), string(jsonwire.AppendFloat64JSON(nil, tt.f, tt.bits)); got != want {
				t.Errorf("%v (bits %d): integer %s, JSON %s", tt.f, tt.bits, got, want)
			}
		}
	}
}

// TestFloatIntOfFloat64 checks floatInt on random float64s: integers near
// 0, near ±2^53 and beyond, halves, and arbitrary bits. A float64 is an
// integral float exactly when it is an integer within ±2^53 and not −0.
func TestFloatIntOfFloat64(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 53))
	for range 200_000 {
		var f float64
		switch r.IntN(5) {
		case 0:
			f = float64(r.Int64N(2_000_001) - 1_000_000)
		case 1:
			f = float64(int64(1<<53) - r.Int64N(1000) + 500)
			if r.IntN(2) == 0 {
				f = -f
			}
		case 2:
			f = float64(r.Int64N(1<<62)) * float64(1-2*r.IntN(2))
		case 3:
			f = float64(r.Int64N(1<<40)) + 0.5
		default:
			f = math.Float64frombits(r.Uint64())
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue
			}
		}
		cell, err := format.AppendFloatCell(nil, f, 64)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := format.ConsumeFloatCell(cell)
		v, ok := floatInt(c)
		want := f == math.Trunc(f) && math.Abs(f) <= 1<<53 && !(f == 0 && math.Signbit(f))
		if ok != want || (ok && float64(v) != f) {
			t.Fatalf("%v: floatInt %d, %v; want %v", f, v, ok, want)
		}
		// cellInt alone, and followed by bytes whose high bits are set,
		// as a column's next cells may be: it must read the cell's length
		// from the cell alone.
		for _, b := range [][]byte{cell, append(append([]byte(nil), cell...), 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)} {
			if cv, cn, cok := cellInt(b); cok != ok || cn != len(cell) || (ok && cv != v) {
				t.Fatalf("%v: cellInt %d, %d, %v; floatInt %d, %v, cell of %d bytes", f, cv, cn, cok, v, ok, len(cell))
			}
		}
		// floatInts reads the cell itself: it must agree, alone and
		// after a column of integral cells.
		for _, blob := range [][]byte{cell, append(append([]byte(nil), run...), cell...)} {
			vs, all := floatInts(nil, blob)
			if all != ok || (ok && vs[len(vs)-1] != v) {
				t.Fatalf("%v: floatInts %v, %v; floatInt %d, %v", f, vs, all, v, ok)
			}
		}
	}
}

// run is a column of integral float cells, of one- and two-byte mantissas
// and exponents above 0, that floatInts reads before the cell tested.
var run = func() []byte {
	var b []byte
	for _, f := range []float64{0, 1, -1, 127, 128, -300, 1e6, 2.5e7, 1 << 53} {
		b, _ = format.AppendFloatCell(b, f, 64)
	}
	return b
}()

// TestDecimalIntExponents checks decimalInt, which tells a decimal of
// exponent past floatIntMaxExp from its mantissa alone, against the exact
// value of every exponent from -3 to 63 with mantissas of zero, one, nine,
// the largest a float64's shortest digits take, and the digits of 2^53 and
// its neighbours, of both signs.
func TestDecimalIntExponents(t *testing.T) {
	limit := big.NewInt(format.FloatIntMax)
	for exp := -3; exp <= format.FloatExpBias; exp++ {
		for _, m := range []uint64{0, 1, 9, 10, 90, 9007199254740991, 9007199254740992, 9007199254740993, 900719925474099, 1e17 - 1} {
			for _, neg := range []bool{false, true} {
				v, ok := decimalInt(neg, m, exp)
				want := exp >= 0
				x := new(big.Int).SetUint64(m)
				if want {
					x.Mul(x, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(exp)), nil))
					want = x.Cmp(limit) <= 0
				}
				if neg {
					x.Neg(x)
				}
				if ok != want || ok && v != x.Int64() {
					t.Fatalf("decimalInt(%v, %d, %d) = %d, %v; want %v, %v", neg, m, exp, v, ok, x, want)
				}
			}
		}
	}
}
