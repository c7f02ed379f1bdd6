package jsonwire

import (
	"math"
	"strconv"
	"testing"
)

// TestAppendIntRoom checks AppendInt and AppendUint against strconv at
// every capacity around the fast paths' windows (uintWindow for
// AppendUint, one more for AppendInt's sign), on the values at each
// branch of the fast path: one digit, below 1e8, 9 and 10 digits, 16
// and 17, the extremes. Every byte before the digits must be kept.
func TestAppendIntRoom(t *testing.T) {
	vals := []int64{0, 1, 9, 10, 11, 99, 100, 12345678, 99999999, 1e8, 1e8 + 1, 999999999, 1e9,
		1234567890123456, 1e16 - 1, 1e16, 1e16 + 7, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for _, v := range vals {
		for _, v := range []int64{v, -v} {
			for room := 0; room <= uintWindow+2; room++ {
				dst := append(make([]byte, 0, 2+room), "ab"...)
				if got, want := AppendInt(dst, v), strconv.AppendInt([]byte("ab"), v, 10); string(got) != string(want) {
					t.Fatalf("AppendInt(%d) with room %d = %s, want %s", v, room, got, want)
				}
				dst = append(make([]byte, 0, 2+room), "ab"...)
				u := uint64(v)
				if got, want := AppendUint(dst, u), strconv.AppendUint([]byte("ab"), u, 10); string(got) != string(want) {
					t.Fatalf("AppendUint(%d) with room %d = %s, want %s", u, room, got, want)
				}
			}
		}
	}
}

// FuzzAppendIntRoom compares AppendInt with strconv, with and without
// room for its window, before and after other bytes.
func FuzzAppendIntRoom(f *testing.F) {
	for _, v := range []int64{0, -1, 9, -9, 10, 99999999, -99999999, 1e8, -1e8, math.MinInt64, math.MaxInt64} {
		f.Add(v, uint8(0))
	}
	f.Fuzz(func(t *testing.T, v int64, room uint8) {
		want := strconv.AppendInt([]byte("ab"), v, 10)
		dst := append(make([]byte, 0, 2+int(room)), "ab"...)
		if got := AppendInt(dst, v); string(got) != string(want) {
			t.Fatalf("AppendInt(%d) with room %d = %s, want %s", v, room, got, want)
		}
	})
}
