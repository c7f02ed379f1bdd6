package rowpage

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestKeyColsMatchesReference puts and gets keys of 0 to 20 bytes (some
// alike but for a byte, some beyond the 16 keyCols keeps) on a few pages
// in random order, beside a map of the last column put for each key on
// each page: get never answers a column other than the last one put for
// that key on that page, nor for a key of another page, and a key put
// last is found.
func TestKeyColsMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	var keys []string
	for i := range 400 {
		k := strconv.Itoa(i * 7919)
		switch i % 5 {
		case 1:
			k = "k" + k
		case 2:
			k = "key_" + k + "_suffix" // up to 19 bytes
		case 3:
			k = k[:len(k)/2]
		case 4:
			k = "a_" + k + "\x00"
		}
		keys = append(keys, k)
	}
	keys = append(keys, "", "a", "ab", "abc", "abcd", "abcde", "0123456789abcdef", "0123456789abcdeg")
	type pk struct {
		page uint64
		k    string
	}
	var kc keyCols
	want := map[pk]int32{}
	for step := range 200_000 {
		page := uint64(1 + step/20_000) // a new page every 20,000 steps
		k := keys[rng.IntN(len(keys))]
		if rng.IntN(3) == 0 {
			ci := int32(rng.IntN(64))
			kc.put(k, page, ci)
			if len(k) <= 16 {
				want[pk{page, k}] = ci
			}
			if got, ok := kc.get(k, page); len(k) <= 16 && (!ok || got != ci) {
				t.Fatalf("step %d: get(%q) just after put(%d) = %d, %v", step, k, ci, got, ok)
			}
			continue
		}
		got, ok := kc.get(k, page)
		if !ok {
			continue
		}
		if w, known := want[pk{page, k}]; !known || w != got {
			t.Fatalf("step %d: get(%q) on page %d = %d, want %d (put: %v)", step, k, page, got, w, known)
		}
	}
}

// TestKeyColsKeepsCollidingKeys: keys that share their first place (the
// hetero dataset's "id", "at" and "tags"), put on one page with the
// page's other keys, are all found, also on the next page.
func TestKeyColsKeepsCollidingKeys(t *testing.T) {
	keys := []string{"kind", "id", "value", "text", "big", "small", "floats", "deep", "at", "tags", "ok", "naïve"}
	var kc keyCols
	for page := uint64(1); page <= 2; page++ {
		for i, k := range keys {
			kc.put(k, page, int32(i))
		}
		for i, k := range keys {
			if got, ok := kc.get(k, page); !ok || got != int32(i) {
				t.Errorf("page %d: get(%q) = %d, %v; want %d", page, k, got, ok, i)
			}
		}
	}
}

// TestKeyColsLongKeysNeverMatch: a key of more than 16 bytes whose loads
// (keyLoads), first place and tag (keyColTag) equal those of a key
// keyCols holds is not found. keyColTag packs a key's length into the
// page's word, and a length of 32 or more reaches the page's bits: on
// page 1<<20-1, n NUL bytes for n = 32k+m (k < 1<<20) have the tag and
// loads of m NUL bytes, and the test finds such n whose first place is
// also m's.
func TestKeyColsLongKeysNeverMatch(t *testing.T) {
	const page = 1<<20 - 1
	found := 0
	for m := range 17 {
		var kc keyCols
		kc.put(string(make([]byte, m)), page, int32(m))
		for k := 1; k < 1<<20 && found < 40; k++ {
			n := 32*k + m
			if keyColsMix(0, 0, n)>>56 != keyColsMix(0, 0, m)>>56 || keyColTag(page, n) != keyColTag(page, m) {
				continue
			}
			found++
			if got, ok := kc.get(string(make([]byte, n)), page); ok {
				t.Errorf("get of %d NUL bytes = %d, true; want none (%d NUL bytes put)", n, got, m)
			}
			break
		}
	}
	if found == 0 {
		t.Fatal("no long key shares a short one's place and tag: the test tests nothing")
	}
}
