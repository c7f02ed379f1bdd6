package pagebuild

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestInternKeyIDs checks InternKey's ids, counts and key marks against a
// reference (ids in order of first appearance, a count an occurrence) on
// random mixes of keys and values: keys that share a slot of the key
// table (and so take turns there and go through Intern each time), keys
// interned first as values, and strings that share their bytes' address
// (which the address cache knows once found twice), on fresh and
// non-fresh interners and across resets.
func TestInternKeyIDs(t *testing.T) {
	// Keys by slot, so that some share one.
	bySlot := map[uint32][]string{}
	for i := range 2000 {
		k := fmt.Sprintf("key%d", i)
		bySlot[keySlot(k)] = append(bySlot[keySlot(k)], k)
	}
	var shared []string // keys of slots that hold two or more
	for _, ks := range bySlot {
		if len(ks) >= 2 && len(shared) < 24 {
			shared = append(shared, ks[:2]...)
		}
	}
	if len(shared) < 4 {
		t.Fatal("no keys share a slot")
	}
	long := strings.Repeat("a long string value shared by address ", 2) // one address, many calls
	pool := append([]string{"id", "name", "email", long, long[:20], "kind"}, shared...)
	r := rand.New(rand.NewPCG(21, 22))
	var in Interner
	for page := range 300 {
		in.reset()
		in.Fresh = page%3 == 0
		ids := map[string]uint32{}
		counts := map[string]uint32{}
		keys := map[string]bool{}
		for range 1 + r.IntN(200) {
			s := pool[r.IntN(len(pool))]
			if r.IntN(4) == 0 {
				s = strings.Clone(s) // the same bytes at another address
			}
			key := r.IntN(3) > 0
			var id uint32
			if key {
				id = in.InternKey(s)
				keys[s] = true
			} else {
				id = in.Intern(s)
			}
			want, ok := ids[s]
			if !ok {
				want = uint32(len(ids))
				ids[s] = want
			}
			counts[s]++
			if id != want {
				t.Fatalf("page %d: %q (key %v) has id %d, want %d", page, s, key, id, want)
			}
		}
		for s, id := range ids {
			if got := in.Count(id); got != counts[s] {
				t.Fatalf("page %d: %q counted %d times, want %d", page, s, got, counts[s])
			}
			if in.IsKey(id) != keys[s] {
				t.Fatalf("page %d: %q IsKey %v, want %v", page, s, in.IsKey(id), keys[s])
			}
		}
	}
}
