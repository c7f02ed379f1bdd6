package jsonwire

import (
	"strings"
	"testing"
)

// TestPlainPrefixNearEveryByte puts every byte value at every position of
// short strings and of strings long enough for PlainPrefix's blocks, and
// compares PlainPrefixNear from several starts with the byte loop: a
// special byte in the word it tests in line, or just past that word, must
// be found, and a word of plain bytes must not end the search.
func TestPlainPrefixNearEveryByte(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 40, 100} {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				s := []byte(strings.Repeat("a", n))
				s[at] = byte(c)
				for _, from := range []int{0, 1, at - 8, at - 7, at, at + 1} {
					if from < 0 || from > n {
						continue
					}
					want := plainPrefixRef(s, from)
					if got := PlainPrefixNear(s, from); got != want {
						t.Fatalf("PlainPrefixNear(%q, %d) = %d, want %d", s, from, got, want)
					}
				}
			}
		}
	}
}
