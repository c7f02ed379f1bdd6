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
