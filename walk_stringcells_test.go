package rowpage_test

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestStringCellsWrittenDirectly: map rows whose string cells and nested
// string values the walker's row loops (a repeated shape, a set of
// columns met before, on narrow and wide pages) and anyMap write without
// anyCell or nestedValue give the page of the same rows as map types that
// are not map[string]any at any depth, which the walker writes by
// reflection; columns and nested places whose values change type between
// rows, text that looks like a time, and long strings among them.
func TestStringCellsWrittenDirectly(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 12))
	strs := []string{"", "a", "x y", "2024-01-02T03:04:05Z", "2024-01-02", "a string longer than sixteen bytes", "é"}
	value := func(i int) any {
		switch rng.IntN(8) {
		case 0:
			return float64(i)
		case 1:
			return 0.5 + float64(i)
		case 2:
			return i%2 == 0
		case 3:
			return nil
		case 4:
			return []any{strs[i%len(strs)], float64(i)}
		}
		return strs[rng.IntN(len(strs))] + strconv.Itoa(i%4)
	}
	nested := func(i int) map[string]any {
		m := map[string]any{"id": value(i), "name": strs[i%len(strs)], "url": value(i)}
		if i%5 == 0 {
			m["extra"] = value(i)
		}
		if i%3 == 0 {
			m["inner"] = map[string]any{"login": value(i), "n": value(i)}
		}
		return m
	}
	enc := rowpage.NewEncoder()
	for _, ncols := range []int{3, 20, 60, 90} {
		keys := make([]string, ncols)
		for i := range keys {
			keys[i] = "col" + strconv.Itoa(i*7%ncols)
		}
		for _, n := range []int{1, 25, 100} {
			sets := [][]string{keys, keys[:ncols/2+1], keys[ncols/3:]}
			rows := make([]map[string]any, n)
			for i := range rows {
				ks := sets[0]
				if rng.IntN(3) == 0 {
					ks = sets[rng.IntN(len(sets))]
				}
				m := map[string]any{}
				for j, k := range ks {
					if j%4 == 1 {
						m[k] = nested(i + j)
					} else {
						m[k] = value(i + j)
					}
				}
				rows[i] = m
			}
			got, err := enc.Append(nil, rows)
			if err != nil {
				t.Fatal(err)
			}
			ref := make([]sortedKeysMap, n)
			for i, m := range rows {
				ref[i] = deepSortedKeys(m).(sortedKeysMap)
			}
			want, err := rowpage.Marshal(ref)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%d columns, %d rows: the page differs from that of the rows as map types written by reflection", ncols, n)
			}
			if fresh, _ := rowpage.Marshal(rows); !bytes.Equal(got, fresh) {
				t.Errorf("%d columns, %d rows: a reused Encoder's page differs from Marshal's", ncols, n)
			}
		}
	}
}

// deepSortedKeys returns v with every map[string]any in it, at any depth,
// a sortedKeysMap.
func deepSortedKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := sortedKeysMap{}
		for k, e := range x {
			m[k] = deepSortedKeys(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepSortedKeys(e)
		}
		return out
	}
	return v
}
