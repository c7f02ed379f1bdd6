package pagebuild

import (
	"strings"
	"testing"
)

// TestInternComparesEveryByte checks the probe's comparison of a string
// with the one a slot names, which intern makes in line by overlapping
// words up to 32 bytes: for each length up to 40 and each byte, a string
// that differs from an interned one in that byte alone, placed where the
// hashes of the two agree (a slot of its hash naming the other's id), gets
// an id of its own, and a copy of the interned string at another address
// gets the interned string's id.
func TestInternComparesEveryByte(t *testing.T) {
	for n := 0; n <= 40; n++ {
		base := make([]byte, n)
		for i := range base {
			base[i] = byte('a' + i%26)
		}
		a := string(base)
		var in Interner
		in.reset()
		idA := in.InternFresh(a)
		if got := in.InternFresh(strings.Clone(a)); got != idA {
			t.Fatalf("n=%d: a copy of %q got id %d, want %d", n, a, got, idA)
		}
		for pos := range n {
			in.reset()
			idA := in.InternFresh(a)
			b := []byte(a)
			b[pos] ^= 0x20
			s := string(b)
			h := strHash(&in.seed, s)
			in.slots[int(h)&(len(in.slots)-1)] = in.entry(h, idA)
			got := in.InternFresh(s)
			if got == idA || in.Strs[got] != s {
				t.Fatalf("n=%d, byte %d: %q got id %d (%q), the id of %q", n, pos, s, got, in.Strs[got], a)
			}
		}
	}
}
