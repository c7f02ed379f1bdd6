package format

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/quick"

	"github.com/rowpage/rowpage/internal/floatcases"
)

// refShortest is the deliberately simple reference: cut up strconv's text.
func refShortest(f float64, bits int) (Decimal, bool) {
	if bits == 32 {
		f = float64(float32(f))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || (f == 0 && math.Signbit(f)) {
		return Decimal{}, false
	}
	s := strconv.FormatFloat(f, 'e', -1, bits)
	neg := strings.HasPrefix(s, "-")
	mant, expText, _ := strings.Cut(strings.TrimPrefix(s, "-"), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimRight(whole+frac, "0")
	if digits == "" {
		return Decimal{}, true
	}
	exp, err := strconv.Atoi(expText)
	if err != nil {
		panic(err)
	}
	m, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		panic(err)
	}
	return Decimal{Neg: neg, Mant: m, Exp: exp - len(frac) + len(whole+frac) - len(digits)}, true
}

// refCell encodes a float cell by the rule as written, with no shortcuts.
func refCell(f float64, bits int) []byte {
	if bits == 32 {
		f = float64(float32(f))
	}
	if d, ok := refShortest(f, bits); ok && d.Exp >= -63 && d.Exp <= 63 {
		s := byte(d.Exp + 63)
		if d.Neg {
			s |= 0x80
		}
		return binary.AppendUvarint([]byte{s}, d.Mant)
	}
	return binary.LittleEndian.AppendUint64([]byte{0xFF}, math.Float64bits(f))
}

// checkShortest compares shortestDecimal with the reference at both sizes.
func checkShortest(t testing.TB, f float64) {
	for _, bits := range []int{64, 32} {
		got, ok := shortestDecimal(f, bits)
		want, wok := refShortest(f, bits)
		if got != want || ok != wok {
			t.Fatalf("shortestDecimal(%v (%#x), %d) = %+v, %v; want %+v, %v", f, math.Float64bits(f), bits, got, ok, want, wok)
		}
	}
}

func TestShortestDecimalTable(t *testing.T) {
	tests := []struct {
		f    float64
		bits int
		want Decimal
		ok   bool
	}{
		{0, 64, Decimal{}, true},
		{math.Copysign(0, -1), 64, Decimal{}, false},
		{math.Copysign(0, -1), 32, Decimal{}, false},
		{math.NaN(), 64, Decimal{}, false},
		{math.Inf(1), 64, Decimal{}, false},
		{math.Inf(-1), 32, Decimal{}, false},
		{1e300, 32, Decimal{}, false}, // overflows float32
		{1e-300, 32, Decimal{}, true}, // underflows to +0
		{1, 64, Decimal{Mant: 1}, true},
		{-1, 64, Decimal{Neg: true, Mant: 1}, true},
		{100, 64, Decimal{Mant: 1, Exp: 2}, true},
		{19.99, 64, Decimal{Mant: 1999, Exp: -2}, true},
		{19.99, 32, Decimal{Mant: 1999, Exp: -2}, true},
		{floatcases.Sum03, 64, Decimal{Mant: 30000000000000004, Exp: -17}, true},
		{floatcases.Sum03, 32, Decimal{Mant: 3, Exp: -1}, true},
		{0.1, 32, Decimal{Mant: 1, Exp: -1}, true},
		{float64(float32(0.1)), 64, Decimal{Mant: 10000000149011612, Exp: -17}, true},
		{5e-324, 64, Decimal{Mant: 5, Exp: -324}, true},
		{4e-23, 64, Decimal{Mant: 4, Exp: -23}, true}, // shortest64 skips its search below 4e-23
		{5e-23, 64, Decimal{Mant: 5, Exp: -23}, true},
		{1e-22, 64, Decimal{Mant: 1, Exp: -22}, true},
		{1.5e-8, 64, Decimal{Mant: 15, Exp: -9}, true},
		{math.MaxFloat64, 64, Decimal{Mant: 17976931348623157, Exp: 292}, true},
		{math.SmallestNonzeroFloat32, 32, Decimal{Mant: 1, Exp: -45}, true},
		{math.MaxFloat32, 32, Decimal{Mant: 34028235, Exp: 31}, true},
		{1e15, 64, Decimal{Mant: 1, Exp: 15}, true},
		{123456789012345678, 64, Decimal{Mant: 12345678901234568, Exp: 1}, true},
		{16777217, 32, Decimal{Mant: 16777216}, true},
	}
	for _, tt := range tests {
		got, ok := shortestDecimal(tt.f, tt.bits)
		if got != tt.want || ok != tt.ok {
			t.Errorf("shortestDecimal(%v, %d) = %+v, %v; want %+v, %v", tt.f, tt.bits, got, ok, tt.want, tt.ok)
		}
	}
}

func TestShortestDecimalEdges(t *testing.T) {
	for _, f := range floatcases.Edge() {
		checkShortest(t, f)
	}
}

func TestShortestDecimalRandom(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 50_000
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range n {
		checkShortest(t, floatcases.Random(rng))
	}
}

// TestShortestDecimalFloat32Sweep visits float32 bit patterns across the
// whole range with a prime stride.
func TestShortestDecimalFloat32Sweep(t *testing.T) {
	stride := uint64(4099)
	if testing.Short() {
		stride = 65537
	}
	for u := uint64(0); u < 1<<32; u += stride {
		f := math.Float32frombits(uint32(u))
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			continue
		}
		got, ok := shortestDecimal(float64(f), 32)
		want, wok := refShortest(float64(f), 32)
		if got != want || ok != wok {
			t.Fatalf("shortestDecimal(%v, 32) = %+v, %v; want %+v, %v", f, got, ok, want, wok)
		}
	}
}

// TestShortestDecimalTiny checks the values around shortest64's bounds
// for tiny values, where its search starts at the first scale that can
// match (or is skipped, below 4e-23).
func TestShortestDecimalTiny(t *testing.T) {
	for _, b := range []float64{4e-23, 5e-23, 1e-22, 1e-7, 0.5} {
		f := b
		for range 200 {
			checkShortest(t, f)
			f = math.Nextafter(f, 0)
		}
		for f = b; f < 2*b; f *= 1.0001 {
			checkShortest(t, f)
		}
	}
}

func TestShortestDecimalQuick(t *testing.T) {
	if err := quick.Check(func(u uint64) bool {
		f := math.Float64frombits(u)
		for _, bits := range []int{64, 32} {
			got, ok := shortestDecimal(f, bits)
			want, wok := refShortest(f, bits)
			if got != want || ok != wok {
				return false
			}
		}
		return true
	}, &quick.Config{MaxCount: 100000}); err != nil {
		t.Error(err)
	}
}

func TestFloatCellTable(t *testing.T) {
	tests := []struct {
		f    float64
		bits int
		hex  string
	}{
		{0, 64, "3f 00"},
		{1, 64, "3f 01"},
		{-1, 64, "bf 01"},
		{10, 64, "40 01"},
		{19.99, 64, "3d cf 0f"},
		{-19.99, 32, "bd cf 0f"},
		{0.1, 32, "3e 01"},
		{1e63, 64, "7e 01"},
		{1e-63, 64, "00 01"},
		{-1e-63, 64, "80 01"},
		{1e64, 64, "ff " + hexLE(1e64)},
		{1e-64, 64, "ff " + hexLE(1e-64)},
		{math.Copysign(0, -1), 64, "ff 00 00 00 00 00 00 00 80"},
		{math.Copysign(0, -1), 32, "ff 00 00 00 00 00 00 00 80"},
		{1<<49 - 1, 64, "3f ff ff ff ff ff ff 7f"},                          // 7-byte mantissa: 8 bytes
		{1<<49 + 1, 64, "3f 81 80 80 80 80 80 80 01"},                       // 8-byte mantissa: 9 bytes
		{floatcases.Sum03, 64, "2e " + hexUv(30000000000000004)},            // 17 digits: 10 bytes, still decimal
		{0.7306094602680625, 64, "2f " + hexUv(7306094602680625)},           // 16 digits
		{-1.234567890123456e20, 64, "c4 " + hexUv(1234567890123456)},        // 16 digits, exponent 5
		{1.0000000000000002e-47, 64, "00 " + hexUv(10000000000000002)},      // 17 digits, exponent -63
		{1.0000000000000002e-48, 64, "ff " + hexLE(1.0000000000000002e-48)}, // exponent -64: raw
		{1.2345678901234566e79, 64, "7e " + hexUv(12345678901234566)},       // 17 digits, exponent 63
		{1.2345678901234567e80, 64, "ff " + hexLE(1.2345678901234567e80)},   // exponent 64: raw
		{math.MaxFloat64, 64, "ff " + hexLE(math.MaxFloat64)},
		{math.MaxFloat32, 32, "5e " + hexUv(34028235)}, // float32 max is decimal
		{math.SmallestNonzeroFloat32, 32, "12 01"},     // 1e-45
		{math.SmallestNonzeroFloat64, 64, "ff " + hexLE(5e-324)},
	}
	for _, tt := range tests {
		want := unhex(t, tt.hex)
		got, err := AppendFloatCell([]byte{0xAA}, tt.f, tt.bits)
		if err != nil || string(got[1:]) != string(want) {
			t.Errorf("AppendFloatCell(%v, %d) = % x, %v; want aa % x", tt.f, tt.bits, got, err, want)
		}
		if n := SizeFloatCell(tt.f, tt.bits); n != len(want) {
			t.Errorf("SizeFloatCell(%v, %d) = %d, want %d", tt.f, tt.bits, n, len(want))
		}
		c, n := ConsumeFloatCell(append(want, 0x00))
		if n != len(want) || !c.Canonical(tt.bits) {
			t.Errorf("ConsumeFloatCell(% x) = %+v, %d (canonical %v)", want, c, n, c.Canonical(tt.bits))
		}
	}
}

func hexLE(f float64) string {
	return fmt.Sprintf("% x", binary.LittleEndian.AppendUint64(nil, math.Float64bits(f)))
}

func hexUv(v uint64) string { return fmt.Sprintf("% x", binary.AppendUvarint(nil, v)) }

func TestFloatCellRejects(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, bits := range []int{32, 64} {
			if b, err := AppendFloatCell([]byte{1}, f, bits); !errors.Is(err, ErrNonFinite) || string(b) != "\x01" {
				t.Errorf("AppendFloatCell(%v, %d) = % x, %v", f, bits, b, err)
			}
			if n := SizeFloatCell(f, bits); n != 0 {
				t.Errorf("SizeFloatCell(%v) = %d", f, n)
			}
		}
	}
	if _, err := AppendFloatCell(nil, 1e39, 32); !errors.Is(err, ErrNonFinite) {
		t.Errorf("AppendFloatCell(1e39, 32) err = %v, want ErrNonFinite", err)
	}
	tests := []struct {
		hex string
		n   int
	}{
		{"", ErrCodeTruncated},
		{"3f", ErrCodeTruncated},
		{"3f 80", ErrCodeTruncated},
		{"ff", ErrCodeTruncated},
		{"ff 00 00 00 00 00 00 f0", ErrCodeTruncated},
		{"7f 01", ErrCodeInvalid},
		{"7f", ErrCodeInvalid},
		{"3f 80 00", ErrCodeNonMinimal},
		{"3f ff ff ff ff ff ff ff ff ff 7f", ErrCodeOverflow},
		{"3f 0a", ErrCodeInvalid},                      // trailing zero
		{"3f 64", ErrCodeInvalid},                      // 100
		{"40 00", ErrCodeInvalid},                      // zero with exponent 1
		{"00 00", ErrCodeInvalid},                      // zero with exponent -63
		{"bf 00", ErrCodeInvalid},                      // negative zero
		{"3f " + hexUv(1<<63), ErrCodeInvalid},         // 2^63: more than 17 digits
		{"3f " + hexUv(1e17), ErrCodeInvalid},          // 10^17 (and a trailing zero)
		{"3f " + hexUv(1e17+1), ErrCodeInvalid},        // 18 digits
		{"3f " + hexUv(1e17-1), 10},                    // 17 nines
		{"3f 80 80 80 80 80 80 80 01", 9},              // 2^49: 8-byte mantissa
		{"ff 00 00 00 00 00 00 f0 7f", ErrCodeInvalid}, // +Inf
		{"ff 00 00 00 00 00 00 f0 ff", ErrCodeInvalid}, // -Inf
		{"ff 01 00 00 00 00 00 f8 7f", ErrCodeInvalid}, // NaN
		{"ff ff ff ff ff ff ff ff ff", ErrCodeInvalid}, // NaN
		{"3f 00", 2},
		{"3f 01 ff", 2},
		{"3f ff ff ff ff ff ff 7f", 8},
		{"fe 01", 2},                      // -1e63
		{"ff 00 00 00 00 00 00 f0 3f", 9}, // raw 1.0: well formed, not canonical
		{"ff ff ff ff ff ff ff ef 7f", 9}, // raw MaxFloat64
	}
	for _, tt := range tests {
		b := unhex(t, tt.hex)
		c, n := ConsumeFloatCell(b)
		if n != tt.n {
			t.Errorf("ConsumeFloatCell(% x) = %+v, %d; want n %d", b, c, n, tt.n)
		}
		if n < 0 && c != (FloatCell{}) {
			t.Errorf("ConsumeFloatCell(% x) = %+v on error", b, c)
		}
	}
}

func TestFloatCellCanonical(t *testing.T) {
	tests := []struct {
		hex  string
		bits int
		want bool
	}{
		{"3f 01", 64, true},
		{"3f 01", 32, true},
		{"ff 00 00 00 00 00 00 f0 3f", 64, false}, // 1.0 must be decimal
		{"ff 00 00 00 00 00 00 00 80", 64, true},  // -0
		{"ff 00 00 00 00 00 00 00 80", 32, true},
		{"ff " + hexLE(floatcases.Sum03), 64, false}, // 17 digits: decimal
		{"2e " + hexUv(30000000000000004), 64, true},
		{"2e " + hexUv(10000000000000001), 64, false}, // 0.10000000000000001 is 0.1
		{"2f " + hexUv(1000000000000001), 64, true},   // 0.1000000000000001
		{"ff " + hexLE(floatcases.Sum03), 32, false},  // not a float32 value
		{"ff " + hexLE(1e-64), 64, true},              // exponent out of range
		{"ff " + hexLE(1e-64), 32, false},             // underflows float32
		{"3e 01", 64, true},                           // 0.1
		{"3e 01", 32, true},
		{"30 " + hexUv(100000000000001), 64, true}, // 0.100000000000001
		{"30 " + hexUv(100000000000001), 32, false},
		{"3a " + hexUv(123456789), 32, false}, // 0.123456789 is not a shortest float32
		{"3a " + hexUv(123456789), 64, true},
		{"7e 09", 32, false}, // 9e63 overflows float32
		{"7e 09", 64, true},
	}
	for _, tt := range tests {
		b := unhex(t, tt.hex)
		c, n := ConsumeFloatCell(b)
		if n != len(b) {
			t.Fatalf("ConsumeFloatCell(% x) = %+v, %d", b, c, n)
		}
		if got := c.Canonical(tt.bits); got != tt.want {
			t.Errorf("Canonical(% x, %d) = %v, want %v", b, tt.bits, got, tt.want)
		}
	}
}

// TestDecimalCellsCanonical64 checks a consequence of DBL_DIG = 15: every
// decimal cell of at most 15 digits that ConsumeFloatCell accepts (normal
// range) is the shortest form of its float64, so Canonical(64) only has
// work to do for raw cells and for decimals of 16 or 17 digits.
func TestDecimalCellsCanonical64(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200_000 {
		m := rng.Uint64N(1<<49) >> rng.IntN(49)
		for m != 0 && m%10 == 0 {
			m /= 10
		}
		if m == 0 {
			continue
		}
		b := appendDecimalCell(nil, Decimal{Neg: rng.IntN(2) == 0, Mant: m, Exp: rng.IntN(127) - 63})
		c, n := ConsumeFloatCell(b)
		if n != len(b) || !c.Canonical(64) {
			t.Fatalf("cell % x: n %d, Canonical(64) false", b, n)
		}
	}
}

func checkCell(t testing.TB, f float64, bits int) {
	want := refCell(f, bits)
	got, err := AppendFloatCell(nil, f, bits)
	if err != nil || string(got) != string(want) {
		t.Fatalf("AppendFloatCell(%v, %d) = % x, %v; want % x", f, bits, got, err, want)
	}
	if SizeFloatCell(f, bits) != len(want) {
		t.Fatalf("SizeFloatCell(%v, %d) = %d, want %d", f, bits, SizeFloatCell(f, bits), len(want))
	}
	c, n := ConsumeFloatCell(got)
	if n != len(got) {
		t.Fatalf("ConsumeFloatCell(% x) n = %d", got, n)
	}
	if !c.Canonical(bits) {
		t.Fatalf("Canonical(% x, %d) = false", got, bits)
	}
	if s := string(c.AppendTo(nil)); s != string(got) {
		t.Fatalf("AppendTo = % x, want % x", s, got)
	}
	if bits == 32 {
		f32 := float32(f)
		if v := c.Float32(); math.Float32bits(v) != math.Float32bits(f32) {
			t.Fatalf("Float32 of % x = %v, want %v", got, v, f32)
		}
	} else if v := c.Float64(); math.Float64bits(v) != math.Float64bits(f) {
		t.Fatalf("Float64 of % x = %v, want %v", got, v, f)
	}
}

func TestFloatCellEdges(t *testing.T) {
	for _, f := range floatcases.Edge() {
		if math.Abs(f) <= math.MaxFloat32 {
			checkCell(t, f, 32)
		}
		checkCell(t, f, 64)
	}
}

func TestFloatCellRandom(t *testing.T) {
	n := 500_000
	if testing.Short() {
		n = 20_000
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range n {
		f := floatcases.Random(rng)
		checkCell(t, f, 64)
		if math.Abs(f) <= math.MaxFloat32 {
			checkCell(t, f, 32)
		}
	}
}

// TestFloat64Conversion checks the fast and slow Float64 and Float32 paths
// against strconv.ParseFloat of the decimal text.
func TestFloat64Conversion(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 300_000 {
		d := Decimal{Neg: rng.IntN(2) == 0, Mant: rng.Uint64() >> rng.IntN(64), Exp: rng.IntN(127) - 63}
		text := fmt.Sprintf("%de%d", d.Mant, d.Exp)
		w64, _ := strconv.ParseFloat(text, 64)
		w32, _ := strconv.ParseFloat(text, 32)
		if d.Neg {
			w64, w32 = -w64, -w32
		}
		c := FloatCell{Dec: d}
		if g := c.Float64(); g != w64 {
			t.Fatalf("Float64(%s) = %v, want %v", text, g, w64)
		}
		if g := c.Float32(); g != float32(w32) {
			t.Fatalf("Float32(%s) = %v, want %v", text, g, w32)
		}
	}
	raw := FloatCell{Raw: true, Bits: math.Float64bits(0.1)}
	if raw.Float64() != 0.1 || raw.Float32() != float32(0.1) {
		t.Error("raw Float64/Float32")
	}
}

// TestFloat32DoubleRounding pins the reason Float32 exists: converting the
// shortest float32 decimal to float64 and then to float32 rounds twice. An
// exhaustive run over all 2^32 float32 values found exactly this pair.
func TestFloat32DoubleRounding(t *testing.T) {
	for _, f := range []float32{7.038531e-26, -7.038531e-26} {
		d, _ := shortestDecimal(float64(f), 32)
		c := FloatCell{Dec: d}
		if d != (Decimal{Neg: f < 0, Mant: 7038531, Exp: -32}) || c.Float32() != f {
			t.Errorf("%v: decimal %+v, Float32 %v", f, d, c.Float32())
		}
		if float32(c.Float64()) == f {
			t.Errorf("%v: float32(Float64()) no longer rounds twice; update the docs", f)
		}
	}
}

func TestFloatAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	slow := FloatCell{Dec: Decimal{Mant: 123456789012345, Exp: -40}}
	for _, f := range []float64{19.99, floatcases.Sum03, 1e-300, math.MaxFloat64, 1e21} {
		a := testing.AllocsPerRun(100, func() {
			shortestDecimal(f, 64)
			shortestDecimal(f, 32)
			b, _ := AppendFloatCell(buf[:0], f, 64)
			c, _ := ConsumeFloatCell(b)
			c.Float64()
			c.Float32()
			slow.Float64()
			slow.Float32()
			c.Canonical(64)
		})
		if a != 0 {
			t.Errorf("%v: allocs = %v, want 0", f, a)
		}
	}
}

func FuzzShortestDecimal(f *testing.F) {
	for _, v := range []float64{0, 1, 19.99, floatcases.Sum03, 5e-324, math.MaxFloat64, 1e15, 1e21, 1e-7} {
		f.Add(math.Float64bits(v))
	}
	f.Fuzz(func(t *testing.T, u uint64) {
		x := math.Float64frombits(u)
		checkShortest(t, x)
		checkShortest(t, float64(math.Float32frombits(uint32(u))))
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			checkCell(t, x, 64)
			if math.Abs(x) <= math.MaxFloat32 {
				checkCell(t, x, 32)
			}
		}
	})
}

// FuzzFloatCellBytes feeds arbitrary bytes to ConsumeFloatCell: it must not
// panic, must re-encode what it accepts to the same bytes, and canonical
// cells must convert like their float and be what the writer writes.
func FuzzFloatCellBytes(f *testing.F) {
	for _, s := range []string{"", "3f00", "3f01", "bd cf0f", "ff000000000000f03f", "7f01", "3f0a", "fe01"} {
		f.Add(unhex(f, s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, n := ConsumeFloatCell(b)
		if n < 0 {
			return
		}
		if enc := c.AppendTo(nil); string(enc) != string(b[:n]) {
			t.Fatalf("AppendTo = % x, want % x", enc, b[:n])
		}
		if !c.Raw {
			text := fmt.Sprintf("%de%d", c.Dec.Mant, c.Dec.Exp)
			w, _ := strconv.ParseFloat(text, 64)
			if c.Dec.Neg {
				w = -w
			}
			if c.Float64() != w {
				t.Fatalf("Float64(% x) = %v, want %v", b[:n], c.Float64(), w)
			}
		}
		for _, bits := range []int{64, 32} {
			if !c.Canonical(bits) {
				continue
			}
			v := c.Float64()
			if bits == 32 {
				v = float64(c.Float32())
			}
			if enc := refCell(v, bits); string(enc) != string(b[:n]) {
				t.Fatalf("canonical % x, writer gives % x", b[:n], enc)
			}
		}
	})
}

func BenchmarkShortestDecimal(b *testing.B) {
	for _, tc := range []struct {
		name string
		f    float64
		bits int
	}{{"money", 19.99, 64}, {"int", 1234567, 64}, {"17digits", floatcases.Sum03, 64}, {"tiny", 1.5e-30, 64}, {"f32", float64(float32(3.14159)), 32}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				d, _ := shortestDecimal(tc.f, tc.bits)
				benchSink += d.Exp
			}
		})
	}
}
