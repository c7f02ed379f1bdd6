package rowpage_test

import (
	"bytes"
	"fmt"
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
