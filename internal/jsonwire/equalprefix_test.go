package jsonwire

import (
	"math"
	"testing"
)

// TestEqualAt checks EqualAt, and equalPrefixWords alone (the whole of it
// without AVX2), against a byte-at-a-time count for every length up to
// 300 (the 64-byte blocks, then the four-word steps, the word steps and
// the overlapping last word at each remainder, and the bytes alone below
// 8), with the first difference at every place or none, in both texts'
// bytes, for texts that overlap in memory or not, and with lengths cut
// to the end of the text.
func TestEqualAt(t *testing.T) {
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
				if got := EqualAt(in, 3, 3+shift, m); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: EqualAt %d, want %d", m, shift, diff, got, want)
				}
				if got := EqualAt(in, 3+shift, 3, m); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: EqualAt, texts swapped, %d, want %d", m, shift, diff, got, want)
				}
				if got := equalPrefixWords(x, y); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: equalPrefixWords %d, want %d", m, shift, diff, got, want)
				}
				// A text that ends at y's end: a longer n stops there.
				if got := EqualAt(in[:3+shift+m], 3, 3+shift, m+9); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: EqualAt past the text's end %d, want %d", m, shift, diff, got, want)
				}
			}
		}
	}
}

// TestEqualAtOutside checks that offsets or lengths outside the text give
// a count within it, never a panic.
func TestEqualAtOutside(t *testing.T) {
	in := make([]byte, 200)
	for _, c := range []struct{ x, y, n, want int }{
		{-1, 0, 10, 0}, {0, -1, 10, 0}, {201, 0, 10, 0}, {0, 201, 10, 0},
		{0, 0, -5, 0}, {200, 0, 100, 0}, {0, 100, 150, 100}, {100, 0, 150, 100},
		{0, 120, 100, 80}, {0, 0, math.MaxInt, 200},
	} {
		if got := EqualAt(in, c.x, c.y, c.n); got != c.want {
			t.Errorf("EqualAt(200 zeros, %d, %d, %d) = %d, want %d", c.x, c.y, c.n, got, c.want)
		}
	}
}
