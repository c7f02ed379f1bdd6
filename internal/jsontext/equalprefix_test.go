package jsontext

import "testing"

// TestEqualPrefix checks equalPrefix against a byte-at-a-time count for
// every length up to 100 (the four-word steps, the word steps and the
// overlapping last word at each remainder, and the bytes alone below 8),
// with the first difference at every place or none, the two texts apart
// by several distances, overlapping or not, and ending at the end of the
// buffer.
func TestEqualPrefix(t *testing.T) {
	for m := range 101 {
		for _, shift := range []int{1, 7, 8, 13, 100, 150} {
			for diff := 0; diff <= m; diff++ {
				in := make([]byte, 3+m+shift)
				for k := range in {
					in[k] = byte('a' + k%7)
				}
				s, a := 3, 3+shift
				for k := range m {
					in[a+k] = in[s+k]
				}
				if diff < m {
					in[a+diff] ^= 0x40
				}
				want := 0
				for want < m && in[s+want] == in[a+want] {
					want++
				}
				if got := equalPrefix(in, s, a, m); got != want {
					t.Fatalf("m %d, shift %d, difference at %d: equalPrefix %d, want %d", m, shift, diff, got, want)
				}
			}
		}
	}
}
