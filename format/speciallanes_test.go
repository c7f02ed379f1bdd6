package format

import "testing"

// TestSpecialLanes checks the four-test pre-check against the two six-test
// masks for every ASCII byte in every lane of a word.
func TestSpecialLanes(t *testing.T) {
	for lane := 0; lane < 8; lane++ {
		for c := 0; c < 0x80; c++ {
			for _, fill := range []uint64{'a', ' ', 0x7F, '0', 'Z'} {
				w := swarLo * fill
				w = w&^(0xFF<<(8*lane)) | uint64(c)<<(8*lane)
				want := escapeLanes(w) | htmlLanes(w)
				if got := specialLanes(w); got != want {
					t.Fatalf("byte %#x in lane %d (fill %#x): got %#x, want %#x", c, lane, fill, got, want)
				}
			}
		}
	}
}
