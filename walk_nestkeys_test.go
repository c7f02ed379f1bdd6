package rowpage

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"testing"
)

// TestNestedKeyIDsAfterRenumber checks that the key ids a nested map's
// place keeps (anyMap) are not reused once the page's ids are renumbered:
// a column whose deferred strings start to repeat goes back to interning
// mid-page and merges them (Interner.TableDeferred), which moves the ids
// of every later string, keys of nested maps included. The page must be
// the one interning every string gives, and its JSON json.Marshal's.
func TestNestedKeyIDsAfterRenumber(t *testing.T) {
	rows := make([]map[string]any, 3000)
	for i := range rows {
		rows[i] = map[string]any{
			// Distinct for 1,500 rows, then repeats: the page holds the
			// 1,024 strings a column needs to defer (MinDeferStrings) by
			// row 1,024 or so.
			"later": "late" + strconv.Itoa(i%1500),
			"meta": map[string]any{
				"key" + strconv.Itoa(i/900): i, // a new key now and then, after the merge
				"kind":                      "k" + strconv.Itoa(i%3),
			},
			"list": []any{map[string]any{"x": "late" + strconv.Itoa(i), "y": i}},
		}
	}
	on := NewEncoder()
	samePageAsInterned(t, on, rows, "rows with nested maps")
	if on.b.In.Tabled == 0 {
		t.Fatal("the page never went back to interning: the test lost its point")
	}
	checkJSON(t, rows)
}

// TestNestedKeysTwoWays checks the two key sets each nested place keeps
// (sortedKeys): maps at one place that alternate between two key sets,
// that bring a third, and that have as many keys as a kept set but not
// the same ones must each write their own keys, sorted, with their own
// values, on a fresh encoder and on one reused for the same rows.
func TestNestedKeysTwoWays(t *testing.T) {
	sets := []map[string]any{
		{"a": 1.0, "b": "x"},
		{"c": true, "d": nil, "e": "y"},
		{"a": 2.0, "c": "z"},           // as many keys as the first set, one shared
		{"b": "w", "a": 3.0},           // the first set again
		{"e": 4.0, "d": "v", "c": 5.0}, // the second set again
		{},
		{"f": map[string]any{"b": 1.0, "a": 2.0}},
	}
	order := []int{0, 1, 0, 1, 2, 0, 2, 3, 4, 1, 5, 0, 6, 6, 1, 2, 0}
	rows := make([]map[string]any, 0, len(order))
	for i, k := range order {
		rows = append(rows, map[string]any{"n": float64(i), "payload": sets[k], "list": []any{sets[k], sets[(k+1)%len(sets)]}})
	}
	checkJSON(t, rows)
	enc := NewEncoder()
	samePageAsFresh(t, enc, rows, "first page")
	samePageAsFresh(t, enc, rows, "the same rows again")
}

// TestNestedKeysManyWays checks that a place whose maps cycle through
// eight key sets, as the payloads of the eight kinds of event do, finds
// each set again after the first round (sortedKeys returns the way it
// filled then, without sorting), and that one set more than a slot keeps
// (nestKeyWays) still yields each map's keys, sorted, with its values.
func TestNestedKeysManyWays(t *testing.T) {
	const kinds = 8
	var w walker
	sets := make([]map[string]any, max(kinds, nestKeyWays+1))
	for i := range sets {
		m := map[string]any{}
		for k := range 3 {
			m["k"+strconv.Itoa(i)+"_"+strconv.Itoa(2-k)] = float64(10*i + k)
		}
		sets[i] = m
	}
	check := func(m map[string]any, nk *nestKeys, vals []any) {
		t.Helper()
		if len(nk.keys) != len(m) || !slices.IsSorted(nk.keys) {
			t.Fatalf("keys %q, want the sorted keys of %v", nk.keys, m)
		}
		for i, k := range nk.keys {
			if v, ok := m[k]; !ok || v != vals[i] {
				t.Fatalf("key %q has value %v, want %v", k, vals[i], v)
			}
		}
	}
	const path = 12345
	for round := range 3 {
		for i, m := range sets[:kinds] {
			nk, vals := w.sortedKeys(m, 1, path)
			check(m, nk, vals)
			if round > 0 && nk.epoch != 1 {
				t.Fatalf("round %d: key set %d was sorted again, not found in its way", round, i)
			}
			nk.epoch = 1 // as anyMap marks the ids it interned
		}
	}
	for range 3 {
		for _, m := range sets {
			nk, vals := w.sortedKeys(m, 1, path)
			check(m, nk, vals)
		}
	}
}

// TestNestedKeysPlacesAcrossPages checks that the slots a nested place's
// way learnt on one page (keyPlaces, kept by release), which the next
// page's map at that place may hold other keys in, or the same keys in
// other slots, never give a map another map's values: pages one encoder
// writes in turn, of maps with the last page's keys, with as many keys
// but others, and with the same keys inserted in another order, must each
// be the page a fresh encoder writes.
func TestNestedKeysPlacesAcrossPages(t *testing.T) {
	pages := [][]string{
		{"lat", "lon"}, {"lat", "lon"}, {"lon", "lat"}, {"lot", "lan"}, {"lat", "lot"},
		{"source", "retries", "labels", "geo"}, {"geo", "source", "retries", "labels"},
		{"labels", "geo", "source", "retries"}, {"source", "retries", "labels", "gem"},
	}
	enc := NewEncoder()
	for i, keys := range pages {
		back := slices.Clone(keys)
		slices.Reverse(back)
		rows := []map[string]any{
			{"n": float64(i), "meta": mapOfKeys(keys...)},
			{"n": float64(i), "meta": mapOfKeys(keys...)},
			{"n": float64(i), "meta": mapOfKeys(back...)},
		}
		samePageAsFresh(t, enc, rows, fmt.Sprintf("page %d (keys %q)", i, keys))
		checkJSON(t, rows)
	}
}

// TestNestedKeysLayoutsAlternate checks that the two slot layouts a
// nested place's way keeps (keyPlaces's first and second), which the
// maps at that place switch between within a page, never give a map
// another map's values: pages of maps whose keys were inserted in two or
// three orders in turn, among them maps of as many keys but one of them
// another (of the same length), written by one encoder in turn, must each
// be the page a fresh encoder writes.
func TestNestedKeysLayoutsAlternate(t *testing.T) {
	pages := [][][]string{
		{{"lat", "lon"}, {"lon", "lat"}, {"lat", "lon"}, {"lon", "lat"}, {"lot", "lan"}, {"lon", "lat"}},
		{{"a", "bb", "cc"}, {"cc", "a", "bb"}, {"a", "bb", "cc"}, {"bb", "cc", "a"}, {"cc", "a", "bb"},
			{"a", "bb", "cd"}, {"cc", "a", "bb"}, {"a", "bb", "cc"}},
		{{"source", "retries", "labels", "geo"}, {"geo", "labels", "retries", "source"},
			{"source", "retries", "labels", "geo"}, {"geo", "labels", "retries", "source"},
			{"geo", "labels", "retries", "sourcf"}, {"source", "retries", "labels", "geo"}},
	}
	enc := NewEncoder()
	for i, orders := range append(pages, pages...) {
		var rows []map[string]any
		for _, keys := range orders {
			rows = append(rows, map[string]any{"n": float64(i), "meta": mapOfKeys(keys...)})
		}
		samePageAsFresh(t, enc, rows, fmt.Sprintf("page %d (keys %q)", i, orders))
		checkJSON(t, rows)
	}
}

// TestNestedContainersInMapsAndArrays checks maps and arrays nested in the
// maps and arrays of generic rows, and a row's own cells of them, which
// anyCell, anyMap, nestedValue and anyArray pass straight to anyMap or
// anyArray: nil ones (null), empty ones, and
// ones in maps whose keys the place met before (anyMap's kept ids) and in
// maps of new keys (nestedValue). Each page must render as json.Marshal
// of its rows, and an encoder reused for the same rows must write the
// same page again.
func TestNestedContainersInMapsAndArrays(t *testing.T) {
	row := func(i int) map[string]any {
		inner := map[string]any{"v": float64(i), "s": "s" + strconv.Itoa(i%3)}
		m := map[string]any{
			"m":     inner,
			"a":     []any{inner, []any{float64(i), "x"}, []any{}, []any(nil), map[string]any(nil), map[string]any{}},
			"nilm":  map[string]any(nil),
			"nila":  []any(nil),
			"empty": map[string]any{},
		}
		if i%4 == 3 { // a key set the place has not met: nestedValue's way
			m["m"] = map[string]any{"w" + strconv.Itoa(i): []any{inner}, "z": map[string]any(nil), "y": []any(nil)}
		}
		r := map[string]any{"id": float64(i), "obj": m, "list": []any{m, nil, []any{m}}}
		if i%5 == 2 { // a row's own cells that are nil containers: anyCell's cases
			r["obj"], r["list"] = map[string]any(nil), []any(nil)
		}
		return r
	}
	rows := make([]map[string]any, 12)
	for i := range rows {
		rows[i] = row(i)
	}
	want := checkJSON(t, rows)
	enc := NewEncoder()
	for p := range 2 {
		got, err := enc.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("page %d differs from Marshal's", p)
		}
	}
}

// mapOfKeys returns a map of keys in the order given, each with a value
// of its own: the key and its place in the list.
func mapOfKeys(keys ...string) map[string]any {
	m := make(map[string]any, len(keys))
	for i, k := range keys {
		m[k] = k + strconv.Itoa(i)
	}
	return m
}
