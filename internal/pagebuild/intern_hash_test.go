package pagebuild

import (
	"math/rand/v2"
	"testing"
)

// TestInternHashMatches checks Intern's written-out hash and probe
// (intern) against strHash and find: each string it adds keeps
// strHash's hash, a lookup by find (as InternBytes and Lookup make)
// finds the id it gave, and ids and counts are those of a map in order
// of first appearance, with and without the address cache, on strings
// of every length up to past twice longHashMin, some differing only in
// one byte, that repeat as the same string and as copies, across pages
// and table growth.
func TestInternHashMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, fresh := range []bool{false, true} {
		var in Interner
		in.Fresh = fresh
		for page := range 30 {
			in.reset()
			pool := make([]string, 1+r.IntN(400))
			for k := range pool {
				b := randomBytes(r, r.IntN(2*longHashMin+40))
				if k > 0 && r.IntN(4) == 0 { // a neighbour of an earlier string
					b = []byte(pool[r.IntN(k)])
					if len(b) > 0 {
						b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
					}
				}
				pool[k] = string(b)
			}
			ids := map[string]uint32{}
			cnt := map[string]uint32{}
			for n := r.IntN(3000); n > 0; n-- {
				s := pool[r.IntN(len(pool))]
				if r.IntN(2) == 0 {
					s = string([]byte(s)) // a copy: another address
				}
				var id uint32
				switch r.IntN(8) {
				case 0:
					id = in.InternBytes([]byte(s))
				case 1:
					id = in.InternFresh(s)
				default:
					id = in.Intern(s)
				}
				want, ok := ids[s]
				if !ok {
					want = uint32(len(ids))
					ids[s] = want
				}
				cnt[s]++
				if id != want {
					t.Fatalf("fresh %v page %d: id of %q = %d, want %d", fresh, page, s, id, want)
				}
			}
			if len(in.Strs) != len(ids) {
				t.Fatalf("fresh %v page %d: %d strings, want %d", fresh, page, len(in.Strs), len(ids))
			}
			for id, s := range in.Strs {
				if h := strHash(&in.seed, s); in.meta[id].hash != h {
					t.Fatalf("fresh %v page %d: hash of %q (%d bytes) = %#x, strHash %#x", fresh, page, s, len(s), in.meta[id].hash, h)
				}
				if got, _, ok := find(&in, []byte(s), strHash(&in.seed, []byte(s))); !ok || got != uint32(id) {
					t.Fatalf("fresh %v page %d: find(%q) = %d, %v, want %d", fresh, page, s, got, ok, id)
				}
				if c := in.Count(uint32(id)); c != cnt[s] {
					t.Fatalf("fresh %v page %d: count of %q = %d, want %d", fresh, page, s, c, cnt[s])
				}
			}
		}
	}
}
