package jsonwire

import "testing"

// TestEqualPrefix checks EqualPrefix, and equalPrefixWords alone (the
// whole of it without AVX2), against a byte-at-a-time count for every
// length up to 300 (the 64-byte blocks, then the four-word steps, the
// word steps and the overlapping last word at each remainder, and the
// bytes alone below 8), with the first difference at every place or
// none, in both texts' bytes, for texts of one length and of two, and
// texts that overlap in memory or not.
func TestEqualPrefix(t *testing.T) {
	for m := range 301 {
		for _, shift := range []int{1, 7, 64, 301} {
			for diff := 0; diff <= m; diff++ {
				in := make([]byte, 3+m+shift+5)
				for k := range in {
					in[k] = byte('a' + k%7)
				}
				x, y := in[3:3+m], in[3+shift:3+shift+m]
				copy(y, x)
				if diff < m {
					y[diff] ^= byte(1 << (diff % 8))
				}
				want := 0
				for want < m && x[want] == y[want] {
					want++
				}
				if got := EqualPrefix(x, y); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: EqualPrefix %d, want %d", m, shift, diff, got, want)
				}
				if got := EqualPrefix(y, x[:m+2*(shift%2)]); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: EqualPrefix of lengths %d and %d %d, want %d", m, shift, diff, m, m+2*(shift%2), got, want)
				}
				if got := equalPrefixWords(x, y); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: equalPrefixWords %d, want %d", m, shift, diff, got, want)
				}
			}
		}
	}
}
