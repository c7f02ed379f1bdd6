package rowpage

import (
	"fmt"
	"slices"
	"testing"
)

// TestFirstRanksAcrossPages checks the ranks of a first row's keys among
// the kept keys (keyRanks.rankFirst), kept from page to page while
// neither set of keys changes: one encoder writes pages whose first row
// has some of the keys of the page before, then pages whose kept keys
// change under the same first row (a key that sorts before them all), and
// pages whose first row changes. Each page must be the page a fresh encoder writes, with the JSON
// encoding/json writes, and after a page whose first row's keys are all
// kept, the walker must have ranked them by their places among the kept
// keys.
func TestFirstRanksAcrossPages(t *testing.T) {
	page := func(first []string, rest ...[]string) []map[string]any {
		var rows []map[string]any
		for i, keys := range append([][]string{first}, rest...) {
			m := map[string]any{}
			for j, k := range keys {
				m[k] = fmt.Sprintf("%s-%d-%d", k, i, j)
			}
			rows = append(rows, m)
		}
		return rows
	}
	first, others := []string{"kind", "id"}, []string{"name", "age", "email"}
	second := []string{"kind", "zz"}
	pages := []struct {
		rows   []map[string]any
		ranked bool // the first row's columns are ranked by the kept keys' ranks, which still hold
	}{
		{page(first, others, first), false}, // nothing kept yet
		{page(first, others, first), true},
		{page(first, first, others), true},                     // the ranks kept
		{page(first, others, []string{"0rank"}), false},        // a key the kept ones lack: kept after the page, so checked at the next
		{page(first, others, []string{"0rank", "kind"}), true}, // ranks of kind and id moved by 0rank
		{page(second, others, first), false},                   // another first row, with a key not kept
		{page(second, others, first), true},
		{page(first, others, second), false},
		{page(first, others, second), true},
	}
	enc := NewEncoder()
	for i, p := range pages {
		what := fmt.Sprintf("page %d", i)
		samePageAsFresh(t, enc, p.rows, what)
		checkJSON(t, p.rows)
		r, f := &enc.w.ranks, &enc.w.first
		if !p.ranked {
			continue
		}
		if r.firstOf != f || !r.firstOK || r.firstGen != f.gen || r.knownGen != r.known.gen {
			t.Fatalf("%s: the first row's ranks were not made for its keys and the kept ones", what)
		}
		// Each first key's rank is its index among the kept keys, which
		// are sorted.
		var kept []string
		for _, w := range r.known.words {
			kept = append(kept, string(r.known.text[w.off:w.off+w.n]))
		}
		for i, w := range f.words {
			k := string(f.text[w.off : w.off+w.n])
			if g, ok := slices.BinarySearch(kept, k); !ok || int(r.firstRanks[i]) != g {
				t.Fatalf("%s: first key %q has rank %d among the kept keys %q, want %d", what, k, r.firstRanks[i], kept, g)
			}
		}
	}
}
