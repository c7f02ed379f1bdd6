package pagebuild

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestInternFresh checks that an Interner with Fresh set, whose Intern
// skips the address cache, gives every string the id and count that one
// without it gives, on random strings that repeat both as the same string
// (the address the cache knows) and as copies of its bytes, across pages
// and table growth.
func TestInternFresh(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var plain, fresh Interner
	fresh.Fresh = true
	for page := range 20 {
		plain.reset()
		fresh.reset()
		pool := make([]string, 1+r.IntN(300))
		for k := range pool {
			pool[k] = strconv.Itoa(r.IntN(1000)) + "-" + strconv.Itoa(page)
		}
		for n := r.IntN(2000); n > 0; n-- {
			s := pool[r.IntN(len(pool))]
			if r.IntN(2) == 0 {
				s = string([]byte(s)) // a copy: another address
			}
			if a, b := plain.Intern(s), fresh.Intern(s); a != b {
				t.Fatalf("page %d: Intern(%q) = %d with Fresh, %d without", page, s, b, a)
			}
		}
		if !slices.Equal(plain.Strs, fresh.Strs) {
			t.Fatalf("page %d: strings differ with Fresh", page)
		}
		for id := range plain.Strs {
			if a, b := plain.Count(uint32(id)), fresh.Count(uint32(id)); a != b {
				t.Fatalf("page %d: count of %q = %d with Fresh, %d without", page, plain.Strs[id], b, a)
			}
		}
	}
}
