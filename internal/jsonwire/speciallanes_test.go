package jsonwire

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

// The two straightforward lane tests that specialLanes fuses, kept as its
// reference.

// escapeLanes marks the bytes of an ASCII word that are below 0x20, '"' or
// '\'.
func escapeLanes(w uint64) uint64 {
	return ^((w + swarLo*0x60) & ((w ^ swarLo*'"') + swarLo*0x7F) & ((w ^ swarLo*'\\') + swarLo*0x7F)) & SWARHi
}

// htmlLanes marks the bytes of an ASCII word that are '<', '>' or '&'.
func htmlLanes(w uint64) uint64 {
	return ^(((w ^ swarLo*'<') + swarLo*0x7F) & ((w ^ swarLo*'>') + swarLo*0x7F) & ((w ^ swarLo*'&') + swarLo*0x7F)) & SWARHi
}
