package rowpage

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestSmallValuesOfKeys checks valuesOfKeys, which reads a small map's
// group directly where the layout is known (walk_smallmap_unsafe.go),
// against lookups of each key, over maps of 0 to 12 members (small ones
// and ones with a directory), built by inserts and deletes, asked for
// their own keys, for keys of the same count with one swapped for a
// missing key of the same length or another length, and for keys that
// are equal copies rather than the map's own strings.
func TestSmallValuesOfKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	names := []string{"id", "ab", "ba", "type", "name", "url", "login", "avatar_url", "payload", "x", "y", "created_at", "public", "zz", "repo", "actor",
		"created_on", "abcdefghi", "abcdefghj", "a_long_key_name_001", "a_long_key_name_002", "q", "pq",
		"aaaaaaaaXaaaaaaaaaa", "aaaaaaaaYaaaaaaaaaa"}
	var scratch []any
	for trial := range 20000 {
		m := map[string]any{}
		n := r.IntN(13)
		for len(m) < n {
			m[names[r.IntN(len(names))]] = r.IntN(1000)
		}
		if r.IntN(4) == 0 && len(m) > 0 { // a deleted member, then maybe one added
			for k := range m {
				delete(m, k)
				break
			}
			if r.IntN(2) == 0 {
				m["late"] = "v"
			}
		}
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		switch r.IntN(4) {
		case 1: // equal copies, not the map's strings
			for i, k := range keys {
				keys[i] = string([]byte(k))
			}
		case 2: // one key swapped for another (maybe missing, maybe of the same length)
			if len(keys) > 0 {
				keys[r.IntN(len(keys))] = names[r.IntN(len(names))] + []string{"", "", "q"}[r.IntN(3)]
			}
		case 3: // a key of another count
			keys = append(keys, "extra"+strconv.Itoa(trial))
		}
		got, gok := valuesOfKeys(m, keys, &scratch, &keyPlaces{})
		want, wok := refValuesOfKeys(m, keys)
		if distinct(keys) && gok != wok || gok && !slices.Equal(got, want) {
			t.Fatalf("map %v, keys %q: valuesOfKeys = %v, %v; want %v, %v", m, keys, got, gok, want, wok)
		}
	}
}

// TestSmallValuesOfKeysOrder checks valuesOfKeys with a keyPlaces kept
// from map to map, as a place of nested maps or the rows of one shape
// keep it, against lookups of each key: runs of maps built by inserting
// one list's keys in one order (whose slots the order learns), among them
// maps built in that order turned by a few keys, maps built in another order, with a member deleted and put back (which
// moves it to another slot), with one key swapped for another of the same
// length or for the same bytes at another address, or of keys that are
// equal copies, and lists that change now and then; lists of up to 19
// keys, so that maps of more than 8 members are read from their tables
// (bigValuesOfKeys) by an index kept from map to map as well.
func TestSmallValuesOfKeysOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	names := []string{"id", "ab", "ba", "type", "name", "url", "login", "avatar_url", "payload", "x", "y", "created_at", "public", "zz", "repo", "actor",
		"created_on", "abcdefghi", "abcdefghj", "a_long_key_name_001", "a_long_key_name_002", "q", "pq",
		"aaaaaaaaXaaaaaaaaaa", "aaaaaaaaYaaaaaaaaaa"}
	var scratch []any
	var order keyPlaces
	var keys, insert []string
	for trial := range 40000 {
		if trial%50 == 0 { // a new list of keys, and the order they are inserted in
			keys = keys[:0]
			for _, i := range r.Perm(len(names))[:r.IntN(20)] {
				keys = append(keys, names[i])
			}
			insert = slices.Clone(keys)
			slices.Sort(keys)
			order.reset() // as its keepers do for a new list
		}
		in := slices.Clone(insert)
		if r.IntN(3) == 0 && len(in) > 0 { // the order turned, as ranging over another map fills one (rotatedValues)
			k := r.IntN(len(in))
			in = append(in[k:], in[:k]...)
		}
		switch r.IntN(8) {
		case 1: // another order
			r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
		case 2: // one key swapped for another name (missing, or of the same length)
			if len(in) > 0 {
				in[r.IntN(len(in))] = names[r.IntN(len(names))]
			}
		case 3: // one key the same bytes at another address
			if len(in) > 0 {
				i := r.IntN(len(in))
				in[i] = string([]byte(in[i]))
			}
		case 4: // one key of the same length, one byte changed
			if len(in) > 0 {
				i := r.IntN(len(in))
				b := []byte(in[i])
				b[r.IntN(len(b))] ^= 1
				in[i] = string(b)
			}
		}
		m := map[string]any{}
		for i, k := range in {
			m[k] = i
		}
		if r.IntN(6) == 0 && len(in) > 0 { // a member deleted and put back: another slot
			k := in[r.IntN(len(in))]
			delete(m, k)
			m[k] = "back"
		}
		list := keys
		if r.IntN(5) == 0 { // equal copies, not the map's strings
			list = nil
			for _, k := range keys {
				list = append(list, string([]byte(k)))
			}
		}
		got, gok := valuesOfKeys(m, list, &scratch, &order)
		want, wok := refValuesOfKeys(m, list)
		if distinct(list) && gok != wok || gok && !slices.Equal(got, want) {
			t.Fatalf("trial %d: map %v, keys %q: valuesOfKeys = %v, %v; want %v, %v", trial, m, list, got, gok, want, wok)
		}
	}
}

// distinct reports whether keys holds no string twice (valuesOfKeys is
// called with a map's keys only, which are distinct).
func distinct(keys []string) bool {
	s := slices.Clone(keys)
	slices.Sort(s)
	return len(slices.Compact(s)) == len(keys)
}

// refValuesOfKeys is valuesOfKeys by lookups, and a count check.
func refValuesOfKeys(m map[string]any, keys []string) ([]any, bool) {
	if len(m) != len(keys) {
		return nil, false
	}
	var vals []any
	for _, k := range keys {
		v, ok := m[k]
		if !ok {
			return nil, false
		}
		vals = append(vals, v)
	}
	return vals, true
}

// TestSmallEntries checks smallEntries, which reads a small map's members
// from its group, against iterating the map, over maps of 0 to 12 members
// built by inserts and deletes: the same pairs in some order, after what
// keys and vals held, or nothing appended when it does not handle the map.
func TestSmallEntries(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	handled := 0
	for range 20000 {
		m := map[string]any{}
		n := r.IntN(13)
		for len(m) < n {
			m["k"+strconv.Itoa(r.IntN(40))] = r.IntN(1000)
		}
		for k := range m { // delete some, add some
			if r.IntN(4) == 0 {
				delete(m, k)
			}
		}
		for range r.IntN(3) {
			m["n"+strconv.Itoa(r.IntN(5))] = "v"
		}
		keys, vals, ok := smallEntries(m, []string{"before"}, []any{0})
		if !ok {
			if len(keys) != 1 || len(vals) != 1 {
				t.Fatalf("map %v: smallEntries did not handle it, and left %q, %v", m, keys, vals)
			}
			continue
		}
		if len(keys) != len(m)+1 || len(vals) != len(keys) || keys[0] != "before" {
			t.Fatalf("map %v: smallEntries = %q, %v", m, keys, vals)
		}
		seen := map[string]bool{}
		for i, k := range keys[1:] {
			if v, in := m[k]; !in || v != vals[i+1] || seen[k] {
				t.Fatalf("map %v: smallEntries = %q, %v", m, keys, vals)
			}
			seen[k] = true
		}
		handled++
	}
	if mapSlabsOK && handled < 5000 {
		t.Errorf("smallEntries handled %d maps of 20000", handled)
	}
}

// TestEntriesOf checks entriesOf, which reads a map's members from its
// group or tables where the layout is known (smallEntries, bigEntries),
// against iterating the map, over maps of 0 to 300 members built by
// inserts and deletes (tombstones, and members moved when a table grows):
// the same pairs in some order, after what keys and vals held.
func TestEntriesOf(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 3000 {
		m := map[string]any{}
		if trial%3 == 0 {
			m = make(map[string]any, r.IntN(40))
		}
		n := r.IntN(13)
		if trial%2 == 0 {
			n = r.IntN(300)
		}
		for len(m) < n {
			m["k"+strconv.Itoa(r.IntN(2*n+1))] = r.IntN(1000)
		}
		for k := range m { // delete some, add some
			if r.IntN(4) == 0 {
				delete(m, k)
			}
		}
		for range r.IntN(20) {
			m["n"+strconv.Itoa(r.IntN(30))] = "v"
		}
		keys, vals := entriesOf(m, []string{"before"}, []any{0})
		if len(keys) != len(m)+1 || len(vals) != len(keys) || keys[0] != "before" {
			t.Fatalf("map %v: entriesOf = %q, %v", m, keys, vals)
		}
		seen := map[string]bool{}
		for i, k := range keys[1:] {
			if v, in := m[k]; !in || v != vals[i+1] || seen[k] {
				t.Fatalf("map %v: entriesOf = %q, %v", m, keys, vals)
			}
			seen[k] = true
		}
	}
}
