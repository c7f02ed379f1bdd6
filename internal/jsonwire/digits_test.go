package jsonwire

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendIntMatchesStrconv checks the digit writers against strconv on
// every power of ten and its neighbours, the extremes and random values of
// every length.
func TestAppendIntMatchesStrconv(t *testing.T) {
	check := func(v uint64) {
		t.Helper()
		if got, want := AppendUint([]byte("x"), v), strconv.AppendUint([]byte("x"), v, 10); string(got) != string(want) {
			t.Fatalf("AppendUint(%d) = %s, want %s", v, got, want)
		}
		// With room for the fast path's window, and bytes to keep before it.
		roomy := append(make([]byte, 0, 3+uintWindow), "abc"...)
		if got, want := AppendUint(roomy, v), strconv.AppendUint([]byte("abc"), v, 10); string(got) != string(want) {
			t.Fatalf("AppendUint(%d) with room = %s, want %s", v, got, want)
		}
		if n := decimalLen(v); n != len(strconv.FormatUint(v, 10)) {
			t.Fatalf("decimalLen(%d) = %d", v, n)
		}
		i := int64(v)
		if got, want := AppendInt(nil, i), strconv.AppendInt(nil, i, 10); string(got) != string(want) {
			t.Fatalf("AppendInt(%d) = %s, want %s", i, got, want)
		}
		if got, want := AppendInt(nil, -i), strconv.AppendInt(nil, -i, 10); string(got) != string(want) {
			t.Fatalf("AppendInt(%d) = %s, want %s", -i, got, want)
		}
	}
	for _, v := range []uint64{0, 1, 9, 10, 99, 100, math.MaxUint32, math.MaxInt64, 1 << 63, math.MaxUint64} {
		check(v)
	}
	for p := uint64(1); p <= 1e19; p *= 10 {
		check(p - 1)
		check(p)
		check(p + 1)
		if p == 1e19 {
			break
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 300_000 {
		check(rng.Uint64() >> rng.IntN(64))
	}
}

// TestDigits8 checks digits8 on every value below 1e8 (every 97th with
// -short) against an odometer of its digits.
func TestDigits8(t *testing.T) {
	step := uint32(1)
	if testing.Short() {
		step = 97
	}
	for v := uint32(0); v < 1e8; v += step {
		want := uint64(0)
		for i, r := 0, v; i < 8; i++ {
			want |= uint64(r%10) << (8 * (7 - i))
			r /= 10
		}
		if got := digits8(v); got != want {
			t.Fatalf("digits8(%d) = %#x, want %#x", v, got, want)
		}
	}
}

// FuzzAppendUint compares AppendUint and AppendInt with strconv, with and
// without room for the fast path's window.
func FuzzAppendUint(f *testing.F) {
	for _, v := range []uint64{0, 9, 10, 99999999, 100000000, 999999999, 1e16, math.MaxUint64} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v uint64) {
		want := strconv.AppendUint([]byte("ab"), v, 10)
		for _, dst := range [][]byte{[]byte("ab"), append(make([]byte, 0, 64), "ab"...)} {
			if got := AppendUint(dst, v); string(got) != string(want) {
				t.Fatalf("AppendUint(%d) = %s, want %s", v, got, want)
			}
		}
		i := int64(v)
		if got, want := AppendInt(make([]byte, 0, 40), i), strconv.AppendInt(nil, i, 10); string(got) != string(want) {
			t.Fatalf("AppendInt(%d) = %s, want %s", i, got, want)
		}
	})
}
