package format

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/quick"
)

// refConsumeUvarint is the deliberately simple reference: decode with
// math/big, then judge overflow by value and minimality by re-encoding.
func refConsumeUvarint(b []byte) (uint64, int) {
	v := new(big.Int)
	for i := 0; ; i++ {
		if i == 10 {
			return 0, ErrCodeOverflow
		}
		if i == len(b) {
			return 0, ErrCodeTruncated
		}
		group := new(big.Int).SetUint64(uint64(b[i] & 0x7f))
		v.Or(v, group.Lsh(group, uint(7*i)))
		if b[i] < 0x80 {
			if !v.IsUint64() {
				return 0, ErrCodeOverflow
			}
			if len(binary.AppendUvarint(nil, v.Uint64())) != i+1 {
				return 0, ErrCodeNonMinimal
			}
			return v.Uint64(), i + 1
		}
	}
}

// refAppendUvarint encodes one group at a time, the textbook way.
func refAppendUvarint(dst []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(dst, c)
		}
		dst = append(dst, c|0x80)
	}
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUvarintTable(t *testing.T) {
	tests := []struct {
		v   uint64
		hex string
	}{
		{0, "00"},
		{1, "01"},
		{0x7f, "7f"},
		{0x80, "80 01"},
		{0x3fff, "ff 7f"},
		{0x4000, "80 80 01"},
		{1<<21 - 1, "ff ff 7f"},
		{1 << 21, "80 80 80 01"},
		{1<<28 - 1, "ff ff ff 7f"},
		{1 << 28, "80 80 80 80 01"},
		{1<<35 - 1, "ff ff ff ff 7f"},
		{1 << 35, "80 80 80 80 80 01"},
		{1<<42 - 1, "ff ff ff ff ff 7f"},
		{1 << 42, "80 80 80 80 80 80 01"},
		{1<<49 - 1, "ff ff ff ff ff ff 7f"},
		{1 << 49, "80 80 80 80 80 80 80 01"},
		{1<<56 - 1, "ff ff ff ff ff ff ff 7f"},
		{1 << 56, "80 80 80 80 80 80 80 80 01"},
		{1<<63 - 1, "ff ff ff ff ff ff ff ff 7f"},
		{1 << 63, "80 80 80 80 80 80 80 80 80 01"},
		{math.MaxUint64, "ff ff ff ff ff ff ff ff ff 01"},
		{300, "ac 02"},
	}
	for _, tt := range tests {
		want := unhex(t, tt.hex)
		got := AppendUvarint([]byte{0xAA}, tt.v)
		if string(got[1:]) != string(want) || got[0] != 0xAA {
			t.Errorf("AppendUvarint(%#x) = % x, want aa % x", tt.v, got, want)
		}
		if n := SizeUvarint(tt.v); n != len(want) {
			t.Errorf("SizeUvarint(%#x) = %d, want %d", tt.v, n, len(want))
		}
		v, n := ConsumeUvarint(append(want, 0xff, 0x00))
		if v != tt.v || n != len(want) {
			t.Errorf("ConsumeUvarint(% x) = %#x, %d, want %#x, %d", want, v, n, tt.v, len(want))
		}
	}
}

func TestConsumeUvarintErrors(t *testing.T) {
	tests := []struct {
		hex string
		v   uint64
		n   int
	}{
		{"", 0, ErrCodeTruncated},
		{"80", 0, ErrCodeTruncated},
		{"ff", 0, ErrCodeTruncated},
		{"80 80", 0, ErrCodeTruncated},
		{"ff ff ff ff ff ff ff ff ff", 0, ErrCodeTruncated},
		{"80 00", 0, ErrCodeNonMinimal},
		{"ff 00", 0, ErrCodeNonMinimal},
		{"80 80 00", 0, ErrCodeNonMinimal},
		{"80 80 80 80 80 80 80 80 80 00", 0, ErrCodeNonMinimal},
		{"ff ff ff ff ff ff ff ff ff 00", 0, ErrCodeNonMinimal},
		{"80 80 80 80 80 80 80 80 80 02", 0, ErrCodeOverflow},
		{"ff ff ff ff ff ff ff ff ff 7f", 0, ErrCodeOverflow},
		{"ff ff ff ff ff ff ff ff ff 81 00", 0, ErrCodeOverflow},
		{"ff ff ff ff ff ff ff ff ff ff", 0, ErrCodeOverflow},
		{"80 80 80 80 80 80 80 80 80 80 80", 0, ErrCodeOverflow},
		{"00", 0, 1},
		{"00 00", 0, 1},
		{"01 80", 1, 1},
		{"80 01 00", 0x80, 2},
		{"80 80 80 80 80 80 80 80 80 01", 1 << 63, 10},
	}
	for _, tt := range tests {
		b := unhex(t, tt.hex)
		v, n := ConsumeUvarint(b)
		if v != tt.v || n != tt.n {
			t.Errorf("ConsumeUvarint(% x) = %#x, %d, want %#x, %d", b, v, n, tt.v, tt.n)
		}
		rv, rn := refConsumeUvarint(b)
		if rv != tt.v || rn != tt.n {
			t.Errorf("reference(% x) = %#x, %d, want %#x, %d (bad test)", b, rv, rn, tt.v, tt.n)
		}
	}
}

func TestZigZagTable(t *testing.T) {
	tests := []struct {
		v   int64
		u   uint64
		hex string
	}{
		{0, 0, "00"},
		{-1, 1, "01"},
		{1, 2, "02"},
		{-2, 3, "03"},
		{63, 126, "7e"},
		{-64, 127, "7f"},
		{64, 128, "80 01"},
		{-65, 129, "81 01"},
		{8191, 16382, "fe 7f"},
		{-8192, 16383, "ff 7f"},
		{8192, 16384, "80 80 01"},
		{math.MaxInt64, math.MaxUint64 - 1, "fe ff ff ff ff ff ff ff ff 01"},
		{math.MinInt64, math.MaxUint64, "ff ff ff ff ff ff ff ff ff 01"},
	}
	for _, tt := range tests {
		if u := EncodeZigZag(tt.v); u != tt.u {
			t.Errorf("EncodeZigZag(%d) = %d, want %d", tt.v, u, tt.u)
		}
		if v := DecodeZigZag(tt.u); v != tt.v {
			t.Errorf("DecodeZigZag(%d) = %d, want %d", tt.u, v, tt.v)
		}
		want := unhex(t, tt.hex)
		if got := AppendVarint(nil, tt.v); string(got) != string(want) {
			t.Errorf("AppendVarint(%d) = % x, want % x", tt.v, got, want)
		}
		if n := SizeVarint(tt.v); n != len(want) {
			t.Errorf("SizeVarint(%d) = %d, want %d", tt.v, n, len(want))
		}
		if v, n := ConsumeVarint(want); v != tt.v || n != len(want) {
			t.Errorf("ConsumeVarint(% x) = %d, %d", want, v, n)
		}
	}
	if v, n := ConsumeVarint([]byte{0x81, 0x00}); v != 0 || n != ErrCodeNonMinimal {
		t.Errorf("ConsumeVarint(81 00) = %d, %d, want 0, %d", v, n, ErrCodeNonMinimal)
	}
}

// TestUvarintBoundaries covers both sides of every length boundary.
func TestUvarintBoundaries(t *testing.T) {
	for shift := 0; shift <= 64; shift++ {
		for _, d := range []int64{-2, -1, 0, 1} {
			v := uint64(1)<<shift + uint64(d) // 1<<64 is 0: covers MaxUint64 and 0
			checkUvarint(t, v)
			checkVarint(t, int64(v))
		}
	}
}

func checkUvarint(t *testing.T, v uint64) {
	t.Helper()
	want := refAppendUvarint(nil, v)
	got := AppendUvarint(nil, v)
	if string(got) != string(want) {
		t.Fatalf("AppendUvarint(%#x) = % x, want % x", v, got, want)
	}
	if SizeUvarint(v) != len(want) {
		t.Fatalf("SizeUvarint(%#x) = %d, want %d", v, SizeUvarint(v), len(want))
	}
	if u, n := ConsumeUvarint(got); u != v || n != len(got) {
		t.Fatalf("ConsumeUvarint(% x) = %#x, %d", got, u, n)
	}
	// Every proper prefix is truncated.
	for i := range got {
		if _, n := ConsumeUvarint(got[:i]); n != ErrCodeTruncated {
			t.Fatalf("ConsumeUvarint(% x) n = %d, want truncated", got[:i], n)
		}
	}
}

func checkVarint(t *testing.T, v int64) {
	t.Helper()
	want := binary.AppendVarint(nil, v) // the standard library uses the same zigzag
	if got := AppendVarint(nil, v); string(got) != string(want) {
		t.Fatalf("AppendVarint(%d) = % x, want % x", v, got, want)
	}
	if SizeVarint(v) != len(want) {
		t.Fatalf("SizeVarint(%d) = %d, want %d", v, SizeVarint(v), len(want))
	}
	if u, n := ConsumeVarint(want); u != v || n != len(want) {
		t.Fatalf("ConsumeVarint(% x) = %d, %d", want, u, n)
	}
}

func TestUvarintQuick(t *testing.T) {
	if err := quick.Check(func(v uint64, shift uint8) bool {
		v >>= shift % 64 // spread values over every length
		b := AppendUvarint(nil, v)
		u, n := ConsumeUvarint(b)
		return string(b) == string(refAppendUvarint(nil, v)) && u == v && n == len(b) && SizeUvarint(v) == n
	}, &quick.Config{MaxCount: 200000}); err != nil {
		t.Error(err)
	}
	if err := quick.Check(func(v int64, shift uint8) bool {
		v >>= shift % 64
		b := AppendVarint(nil, v)
		u, n := ConsumeVarint(b)
		return u == v && n == len(b) && SizeVarint(v) == n && DecodeZigZag(EncodeZigZag(v)) == v
	}, &quick.Config{MaxCount: 200000}); err != nil {
		t.Error(err)
	}
}

// TestConsumeUvarintRandom compares with the reference on random short
// inputs biased towards continuation bytes, zeros and ones.
func TestConsumeUvarintRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff}
	b := make([]byte, 0, 12)
	for i := 0; i < 1_000_000; i++ {
		b = b[:0]
		for j := rng.IntN(13); j > 0; j-- {
			if rng.IntN(4) == 0 {
				b = append(b, byte(rng.Uint32()))
			} else {
				b = append(b, alphabet[rng.IntN(len(alphabet))])
			}
		}
		v, n := ConsumeUvarint(b)
		rv, rn := refConsumeUvarint(b)
		if v != rv || n != rn {
			t.Fatalf("ConsumeUvarint(% x) = %#x, %d, reference %#x, %d", b, v, n, rv, rn)
		}
	}
}

func TestVarintAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	in := AppendUvarint(nil, math.MaxUint64)
	if a := testing.AllocsPerRun(100, func() {
		buf = AppendUvarint(buf[:0], math.MaxUint64)
		buf = AppendVarint(buf, math.MinInt64)
		ConsumeUvarint(in)
		ConsumeVarint(in)
	}); a != 0 {
		t.Errorf("allocs = %v, want 0", a)
	}
}

func FuzzUvarint(f *testing.F) {
	for _, s := range []string{"", "00", "80", "8000", "ff7f", "808080808080808080", "80808080808080808001",
		"ffffffffffffffffff01", "ffffffffffffffffff02", "ffffffffffffffffffff01"} {
		b, _ := hex.DecodeString(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, n := ConsumeUvarint(b)
		rv, rn := refConsumeUvarint(b)
		if v != rv || n != rn {
			t.Fatalf("ConsumeUvarint(% x) = %#x, %d, reference %#x, %d", b, v, n, rv, rn)
		}
		if n > 0 {
			if enc := AppendUvarint(nil, v); string(enc) != string(b[:n]) || SizeUvarint(v) != n {
				t.Fatalf("round trip of % x gave % x", b[:n], enc)
			}
			sv, sn := ConsumeVarint(b)
			if sn != n || sv != DecodeZigZag(v) || EncodeZigZag(sv) != v {
				t.Fatalf("ConsumeVarint(% x) = %d, %d", b, sv, sn)
			}
		}
		if len(b) >= 8 {
			u := binary.LittleEndian.Uint64(b)
			checkUvarint(t, u)
			checkVarint(t, int64(u))
		}
	})
}

var benchSink int

func BenchmarkConsumeUvarint(b *testing.B) {
	for _, v := range []uint64{1, 300, 1 << 30, math.MaxUint64} {
		enc := AppendUvarint(nil, v)
		b.Run(strconv.Itoa(len(enc))+"B", func(b *testing.B) {
			for b.Loop() {
				_, n := ConsumeUvarint(enc)
				benchSink += n
			}
		})
	}
}

func BenchmarkAppendUvarint(b *testing.B) {
	buf := make([]byte, 0, 16)
	for _, v := range []uint64{1, 300, 1 << 30, math.MaxUint64} {
		b.Run(strconv.Itoa(SizeUvarint(v))+"B", func(b *testing.B) {
			for b.Loop() {
				buf = AppendUvarint(buf[:0], v)
			}
		})
	}
}

// TestConsumeUvarintWithTrailingBytes decodes varints of every length, and
// non-minimal forms of each, followed by 0 to 9 bytes of 0x00 or 0xFF, so the
// one-load path (8 or more bytes present) and the byte loop are both checked
// against the reference at every length.
func TestConsumeUvarintWithTrailingBytes(t *testing.T) {
	var encs [][]byte
	for bitsLen := 0; bitsLen <= 64; bitsLen++ {
		for _, v := range []uint64{1<<bitsLen - 1, 1 << bitsLen, 1<<bitsLen + 1} {
			enc := AppendUvarint(nil, v)
			encs = append(encs, enc)
			if len(enc) < MaxVarintLen { // the same value padded with a zero group
				pad := append([]byte(nil), enc...)
				pad[len(pad)-1] |= 0x80
				encs = append(encs, append(pad, 0))
			}
		}
	}
	for _, enc := range encs {
		for tail := 0; tail <= 9; tail++ {
			for _, fill := range []byte{0x00, 0xFF} {
				b := append([]byte(nil), enc...)
				for range tail {
					b = append(b, fill)
				}
				v, n := ConsumeUvarint(b)
				rv, rn := refConsumeUvarint(b)
				if v != rv || n != rn {
					t.Fatalf("ConsumeUvarint(% x) = %#x, %d, reference %#x, %d", b, v, n, rv, rn)
				}
			}
		}
	}
}
