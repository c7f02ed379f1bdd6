package rowpage

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestSetRowAlikeKeysAcrossPages encodes, with one Encoder, pages of map
// rows whose keys are alike (differing in one byte at the start, middle or
// end, of 0 to 20 bytes, some sharing their first or last eight bytes)
// and change from page to page, and renders each page back as JSON against
// encoding/json's: setRow's written-out keyCols lookup must not answer a
// column for another key, nor one of an earlier page.
func TestSetRowAlikeKeysAcrossPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	var pool []string
	for _, base := range []string{"", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghijklmnop", "abcdefgh_abcdefgh", "abcdefghXXXXabcdefgh"} {
		pool = append(pool, base)
		for _, at := range []int{0, len(base) / 2, len(base) - 1} {
			if len(base) == 0 {
				continue
			}
			b := []byte(base)
			b[at] ^= 1
			pool = append(pool, string(b))
		}
	}
	for i := range 40 { // 16 bytes, the first 8 alike: some pairs share a first place
		pool = append(pool, "same8___"+strconv.Itoa(10_000_000+i*7919))
	}
	enc := NewEncoder()
	var page []byte
	for p := range 300 {
		keys := make([]string, 0, 12)
		for _, i := range rng.Perm(len(pool))[:4+rng.IntN(9)] {
			keys = append(keys, pool[i])
		}
		rows := make([]map[string]any, 1+rng.IntN(30))
		for r := range rows {
			m := map[string]any{}
			for _, k := range keys {
				if rng.IntN(4) != 0 {
					m[k] = rng.IntN(1000)
				}
			}
			rows[r] = m
		}
		want, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		if page, err = enc.Append(page[:0], rows); err != nil {
			t.Fatalf("page %d: %v", p, err)
		}
		if got := pageJSON(t, page); string(got) != string(want) {
			t.Fatalf("page %d: JSON differs\n got: %s\nwant: %s", p, got, want)
		}
	}
}
