package rowpage_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestMapRowsOfNewSets: map rows whose sets of columns are mostly new to
// the page (setRowNew writes them into the page's next shape without Use),
// on pages of at most 64 columns, give the page of the same rows as a map
// type whose keys the walker sorts as strings; and so do pages whose map
// rows are mixed with rows of that other type, which make shapes by
// another path, so that a new set may be a shape the page has (EndRow).
// Rows of up to 8 keys and of more (a map with tables), some with deleted
// members, are read from the map's slots (slotSet). A reused Encoder gives
// the page a new one gives.
func TestMapRowsOfNewSets(t *testing.T) {
	keys := make([]string, 40)
	for i := range keys {
		keys[i] = "key" + strconv.Itoa(i*17%40)
	}
	keys[1], keys[2], keys[3] = "", "k\x00", "a key longer than sixteen bytes"
	rng := rand.New(rand.NewPCG(36, 4))
	enc := rowpage.NewEncoder()
	for _, mixed := range []bool{false, true} {
		for _, n := range []int{3, 25, 100, 300} {
			for _, pool := range []int{8, 20, 40} {
				rows := make([]any, n)
				sorted := make([]sortedKeysMap, n)
				for i := range rows {
					m := map[string]any{}
					for _, j := range rng.Perm(pool)[:rng.IntN(pool)] {
						if rng.IntN(2) == 0 {
							m[keys[j]] = keys[j] + strconv.Itoa(i%4)
						} else {
							m[keys[j]] = []any{float64(j), map[string]any{"x": i % 3}}
						}
					}
					if i%5 == 0 { // deleted members leave tombstones in the map's groups
						for _, j := range rng.Perm(len(keys))[:3] {
							if _, ok := m[keys[j]]; !ok {
								m[keys[j]] = i
								delete(m, keys[j])
							}
						}
					}
					rows[i], sorted[i] = m, m
					if mixed && rng.IntN(3) == 0 {
						rows[i] = sortedKeysMap(m)
					}
				}
				what := fmt.Sprintf("mixed %v, %d rows of %d keys", mixed, n, pool)
				got, err := enc.Append(nil, rows)
				if err != nil {
					t.Fatal(err)
				}
				want, err := rowpage.Marshal(sorted)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: the page differs from that of the rows with sorted keys", what)
				}
				if fresh, _ := rowpage.Marshal(rows); !bytes.Equal(got, fresh) {
					t.Errorf("%s: a reused Encoder's page differs from Marshal's", what)
				}
			}
		}
	}
}

// TestMapRowsOfNewKeysPastSetColumns: map rows that bring new keys among
// the page's known ones (freshSetRow), as few as one and more than 32 at a
// time, on pages that pass 64 columns partway through such a row (after
// which the page leaves setRow) or stay at or below it, give the page of
// the same rows with their keys sorted as strings; and an error in a cell
// of such a row, before its new key, in it or after it, names the row and the
// column, and a page after it is Marshal's.
func TestMapRowsOfNewKeysPastSetColumns(t *testing.T) {
	key := func(i int) string { return "k" + strconv.Itoa(i*7919%1000) }
	enc := rowpage.NewEncoder()
	for _, first := range []int{1, 30, 60, 63, 64} {
		for _, brings := range []int{1, 2, 5, 33, 40} {
			rows := []map[string]any{{}}
			for i := range first {
				rows[0][key(i)] = i
			}
			next := first
			for r := 1; r < 6; r++ {
				m := map[string]any{}
				for i := r % 3; i < next; i += 3 { // a third of the known keys
					m[key(i)] = "s" + strconv.Itoa(i%7)
				}
				for range brings {
					m[key(next)] = []any{float64(next), "t"}
					next++
				}
				rows = append(rows, m, map[string]any{key(0): r, key(next - 1): nil})
			}
			checkSortedKeysPage(t, enc, rows, fmt.Sprintf("first row of %d keys, rows bringing %d", first, brings))
		}
	}
	for _, bad := range []string{"a", "m", "n"} { // before the new key "m", it, after it
		rows := []map[string]any{{"a": 1.0, "n": 2.0}, {"a": 3.0, "m": "new", "n": 4.0}}
		rows[1][bad] = math.Inf(1)
		_, err := enc.Append(nil, rows)
		var e *rowpage.Error
		if !errors.As(err, &e) || e.Row != 1 || e.ColumnName != bad {
			t.Fatalf("error %v, want one at row 1, column %q", err, bad)
		}
		rows[1][bad] = 5.0
		got, err := enc.Append(nil, rows)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := rowpage.Marshal(rows); !bytes.Equal(got, want) {
			t.Errorf("after an error in column %q, the encoder's page differs from Marshal's", bad)
		}
	}
}

// TestMapRowsAfterColumnsOfOtherRows: on a page whose columns come from
// map rows (which remember their keys, so that a later map row tells a
// new key from a known one without looking it up) and from rows of
// another map type (which do not), in every order, a map row's key that
// only such another row brought is a known key: the page is that of the
// same rows with their keys sorted as strings.
func TestMapRowsAfterColumnsOfOtherRows(t *testing.T) {
	enc := rowpage.NewEncoder()
	maps := []map[string]any{{"a": 1, "b": 2}, {"x": 3}, {"a": 4, "y": 5}, {"a": 6, "x": 7}, {"b": 8, "x": 9, "y": 10}, {"z": 11}, {"x": 12, "z": 13}}
	for other := range 1 << len(maps) { // bit i: row i is another map type
		rows := make([]any, len(maps))
		sorted := make([]any, len(maps))
		for i, m := range maps {
			rows[i], sorted[i] = m, sortedKeysMap(m)
			if other>>i&1 != 0 {
				rows[i] = sortedKeysMap(m)
			}
		}
		got, err := enc.Append(nil, rows)
		if err != nil {
			t.Fatal(err)
		}
		want, err := rowpage.Marshal(sorted)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("rows %b of another map type: the page differs from that of the rows with sorted keys", other)
		}
	}
}
