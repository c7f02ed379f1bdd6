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
		keys, p, scratch := learntPlaces(t, insert[:n])
		for turn := 1; turn < n; turn++ {
			order := append(slices.Clone(insert[turn:n]), insert[:turn]...)
			g := (*anyMapGroup)(smallGroup(fillValues(order), n))
			vals := make([]any, n)
			if !rotatedValues(g, keys, vals, p) {
				t.Fatalf("%d keys turned by %d: not read", n, turn)
			}
			for i, k := range keys {
				if vals[i] != "v-"+k {
					t.Fatalf("%d keys turned by %d: value of %q = %v", n, turn, k, vals[i])
				}
			}
			other := slices.Clone(order)
			other[n-1] = "zz"
			if rotatedValues((*anyMapGroup)(smallGroup(fillValues(other), n)), keys, vals, p) {
				t.Fatalf("%d keys turned by %d, one other: read", n, turn)
			}
		}
		if n > 2 {
			swapped := slices.Clone(insert[:n])
			swapped[1], swapped[2] = swapped[2], swapped[1]
			swapped = append(swapped[1:], swapped[0])
			m := fillValues(swapped)
			if rotatedValues((*anyMapGroup)(smallGroup(m, n)), keys, make([]any, n), p) {
				t.Fatalf("%d keys in another order: read", n)
			}
			got, ok := valuesOfKeys(m, keys, scratch, p) // learns the new order
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

// TestSameAddressSlots checks that sameAddressSlots reads the value of
// every slot of a map filled in the learnt order with the list's own key
// strings, and stops, leaving that slot and the ones after it, at the
// first key that is an equal copy at another address; groupValuesOfKeys
// then reads the rest by their bytes, with the values lookups give.
func TestSameAddressSlots(t *testing.T) {
	if !mapSlabsOK {
		t.Skip("small maps are read by lookups where the map layout is not known (32-bit platforms)")
	}
	insert := []string{"sha", "author", "message", "distinct", "url", "id", "name", "x"}
	for n := 1; n <= len(insert); n++ {
		keys, p, scratch := learntPlaces(t, insert[:n])
		for copied := -1; copied < n; copied++ { // -1: every key the list's own
			order := slices.Clone(insert[:n])
			if copied >= 0 {
				order[copied] = string([]byte(order[copied]))
			}
			m := fillValues(order)
			g := (*anyMapGroup)(smallGroup(m, n))
			full := ^g.ctrl & groupEmpty
			vals := make([]any, n)
			left := sameAddressSlots(g, full, keys, vals, p)
			// A map filled in order holds its i-th key in slot i.
			wantLeft := uint64(0)
			if copied >= 0 {
				wantLeft = full &^ (1<<(8*copied) - 1)
			}
			if left != wantLeft {
				t.Fatalf("%d keys, key %d copied: slots left %#x, want %#x", n, copied, left, wantLeft)
			}
			for i, k := range keys {
				if slices.Index(order, k) < copied || copied < 0 {
					if vals[i] != "v-"+k {
						t.Fatalf("%d keys, key %d copied: value of %q = %v", n, copied, k, vals[i])
					}
				}
			}
			got, ok := valuesOfKeys(m, keys, scratch, p)
			want, _ := refValuesOfKeys(m, keys)
			if !ok || !slices.Equal(got, want) {
				t.Fatalf("%d keys, key %d copied: valuesOfKeys = %v, %v; want %v", n, copied, got, ok, want)
			}
		}
	}
}

// fillValues makes a map of each key in order to "v-" and the key.
func fillValues(order []string) map[string]any {
	m := make(map[string]any)
	for _, k := range order {
		m[k] = "v-" + k
	}
	return m
}

// learntPlaces returns the sorted keys of insert and a keyPlaces that has
// learnt them from a map filled in insert's order, with its scratch.
func learntPlaces(t *testing.T, insert []string) ([]string, *keyPlaces, *[]any) {
	t.Helper()
	keys := slices.Clone(insert)
	slices.Sort(keys)
	p := new(keyPlaces)
	scratch := new([]any)
	if _, ok := valuesOfKeys(fillValues(insert), keys, scratch, p); !ok || p.full == 0 {
		t.Fatalf("%d keys: the first map was not learnt", len(insert))
	}
	return keys, p, scratch
}
