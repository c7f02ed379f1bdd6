package pagebuild

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestInternMatchesMap checks intern's three ways, a new string written
// in line, a new string that takes add (Strs full, or the table due to
// grow) and a string whose hash bits a slot shares (internAt), against a
// map: every string gets the id of its first appearance in the page and
// is counted once an occurrence, on pages of short and long strings (past
// longHashMin, internLong), repeated as the same string and as copies,
// across pages, table growth and slots that hold another string of the
// same hash bits.
func TestInternMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 1))
	var in Interner
	for page := range 30 {
		in.reset()
		pool := make([]string, 1+r.IntN(400))
		for k := range pool {
			n := r.IntN(40)
			if r.IntN(8) == 0 {
				n = longHashMin - 2 + r.IntN(200)
			}
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('a' + r.IntN(3))
			}
			pool[k] = string(b)
		}
		ids := map[string]uint32{}
		counts := map[string]uint32{}
		for n := 1 + r.IntN(3000); n > 0; n-- {
			s := pool[r.IntN(len(pool))]
			if r.IntN(2) == 0 {
				s = strings.Clone(s) // another address
			}
			if _, ok := ids[s]; !ok && r.IntN(4) == 0 && len(in.Strs) > 0 {
				// Make the slot s's probe starts at name another
				// string with s's hash bits (if it is empty), so that
				// intern compares and probes on (internAt).
				h := strHash(&in.seed, s)
				if i := int(h) & (len(in.slots) - 1); in.slots[i]>>48 != in.Gen {
					other := uint32(r.IntN(len(in.Strs)))
					in.slots[i] = in.entry(h, other)
				}
			}
			id := in.Intern(s)
			want, ok := ids[s]
			if !ok {
				want = uint32(len(ids))
				ids[s] = want
			}
			counts[s]++
			if id != want {
				t.Fatalf("page %d: Intern(%q) = %d, want %d", page, s, id, want)
			}
		}
		if len(in.Strs) != len(ids) {
			t.Fatalf("page %d: %d strings, want %d", page, len(in.Strs), len(ids))
		}
		for s, id := range ids {
			if in.Strs[id] != s || in.Count(id) != counts[s] {
				t.Fatalf("page %d: id %d holds %q counted %d, want %q counted %d", page, id, in.Strs[id], in.Count(id), s, counts[s])
			}
			if got, ok := in.Lookup(s); !ok || got != id {
				t.Fatalf("page %d: Lookup(%q) = %d, %v, want %d", page, s, got, ok, id)
			}
		}
	}
}
