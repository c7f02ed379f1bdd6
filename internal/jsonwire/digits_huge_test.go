package jsonwire

import (
	"math"
	"strconv"
	"testing"
)

// TestAppendUintHuge checks AppendUint's in-line path for 17 to 20 digits
// against strconv: every leading value (v / 1e16, 1 to 1844) under low
// parts that stress each of its two 8-digit words (zeros, nines, a lone
// digit at either end of each word), the edges 1e16 and 2^64-1, and every
// room around the window, with the bytes before the digits kept.
func TestAppendUintHuge(t *testing.T) {
	lows := []uint64{0, 1, 9, 10, 99999999, 1e8, 1e8 + 1, 12345678_87654321, 99999999_00000000,
		10000000_00000001, 1e16 - 1}
	check := func(v uint64, room int) {
		t.Helper()
		dst := append(make([]byte, 0, 3+room), "abc"...)
		if got, want := AppendUint(dst, v), strconv.AppendUint([]byte("abc"), v, 10); string(got) != string(want) {
			t.Fatalf("AppendUint(%d) with room %d = %s, want %s", v, room, got, want)
		}
	}
	for lead := uint64(1); lead <= uint64(math.MaxUint64)/1e16; lead++ {
		for _, low := range lows {
			if v := lead*1e16 + low; v/1e16 == lead { // no wrap past 2^64-1
				check(v, uintWindow)
			}
		}
	}
	for _, v := range []uint64{1e16, 1e16 + 1, 1e17 - 1, 1e17, 1e18, 1e19 - 1, 1e19, math.MaxInt64,
		1 << 63, math.MaxUint64 - 1, math.MaxUint64} {
		for room := 0; room <= uintWindow+2; room++ {
			check(v, room)
		}
	}
}
