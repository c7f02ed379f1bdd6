//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"slices"
	"testing"
)

// TestRotatedValues checks that a small map filled in the order of the
// one a keyPlaces learnt, turned by any number of keys (what a map filled
// by ranging over another holds), is read by rotatedValues, with each
// key's value, and that one holding another key in its turned order, or
// filled in another order, is not.
func TestRotatedValues(t *testing.T) {
	if !mapSlabsOK {
		t.Skip("small maps are read by lookups where the map layout is not known (32-bit platforms)")
	}
	insert := []string{"sha", "author", "message", "distinct", "url", "id", "name", "x"}
	for n := 2; n <= len(insert); n++ {
		keys := slices.Clone(insert[:n])
		slices.Sort(keys)
		fill := func(order []string) map[string]any {
			m := make(map[string]any)
			for _, k := range order {
				m[k] = "v-" + k
			}
			return m
		}
		var p keyPlaces
		var scratch []any
		if _, ok := valuesOfKeys(fill(insert[:n]), keys, &scratch, &p); !ok || p.full == 0 {
			t.Fatalf("%d keys: the first map was not learnt", n)
		}
		for turn := 1; turn < n; turn++ {
			order := append(slices.Clone(insert[turn:n]), insert[:turn]...)
			g := (*anyMapGroup)(smallGroup(fill(order), n))
			vals := make([]any, n)
			if !rotatedValues(g, keys, vals, &p) {
				t.Fatalf("%d keys turned by %d: not read", n, turn)
			}
			for i, k := range keys {
				if vals[i] != "v-"+k {
					t.Fatalf("%d keys turned by %d: value of %q = %v", n, turn, k, vals[i])
				}
			}
			other := slices.Clone(order)
			other[n-1] = "zz"
			if rotatedValues((*anyMapGroup)(smallGroup(fill(other), n)), keys, vals, &p) {
				t.Fatalf("%d keys turned by %d, one other: read", n, turn)
			}
		}
		if n > 2 {
			swapped := slices.Clone(insert[:n])
			swapped[1], swapped[2] = swapped[2], swapped[1]
			swapped = append(swapped[1:], swapped[0])
			m := fill(swapped)
			if rotatedValues((*anyMapGroup)(smallGroup(m, n)), keys, make([]any, n), &p) {
				t.Fatalf("%d keys in another order: read", n)
			}
			got, ok := valuesOfKeys(m, keys, &scratch, &p) // learns the new order
			var want []any
			for _, k := range keys {
				want = append(want, m[k])
			}
			if !ok || !slices.Equal(got, want) {
				t.Fatalf("%d keys in another order: valuesOfKeys = %v, %v", n, got, ok)
			}
		}
	}
}
