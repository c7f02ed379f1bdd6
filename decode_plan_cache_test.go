package rowpage

import (
	"fmt"
	"sync"
	"testing"
)

// The column plans kept per struct type across calls (decode_plan_cache.go)
// must be those the page's own columns give: pages whose columns differ in
// order, names (split differently, or in case), or encoding, decoded into
// one type in turn, each decode as encoding/json's.

type cacheRow struct {
	A  int64   `json:"a"`
	B  string  `json:"b"`
	AB string  `json:"ab"`
	C  float64 `json:"c"`
	BC any     `json:"bc"`
	In struct {
		X int64 `json:"x"`
	} `json:"in"`
}

func TestPlanCacheColumnsDiffer(t *testing.T) {
	pages := [][]map[string]any{
		{{"a": 1, "b": "x"}, {"a": 2, "b": "y"}},
		{{"b": "x", "a": 1}, {"b": "y", "a": 2}},      // the same columns, in another order
		{{"a": "str", "b": 5}},                        // other encodings: mismatches, as in encoding/json
		{{"a": 1.5, "b": nil}, {"a": nil, "b": "z"}},  // floats, a null bitmap
		{{"ab": "1", "c": 2}},                         // names "ab"+"c" ...
		{{"a": 1, "bc": "2"}},                         // ... and "a"+"bc": the same bytes, split elsewhere
		{{"A": 3, "B": "up"}},                         // names that match only folded
		{{"in": map[string]any{"x": 4}}, {"in": nil}}, // a nested struct
		{{"in": map[string]any{"x": 5}, "a": 1}},      // the same, with another column
		{{"a": 1, "b": "x"}, {"a": 2, "b": "y"}},      // the first again
	}
	for round := range 2 {
		for i, rows := range pages {
			t.Run(fmt.Sprint(round, i), func(t *testing.T) { sameAsJSON[[]cacheRow](t, rows) })
		}
	}
}

// TestPlanCacheConcurrent decodes pages of different columns into one type
// from several goroutines at once (run it with -race).
func TestPlanCacheConcurrent(t *testing.T) {
	var pages [][]byte
	for i := range 4 {
		rows := []map[string]any{{"a": i, "b": "s", "in": map[string]any{"x": i}}}
		if i%2 == 1 {
			rows = []map[string]any{{"in": map[string]any{"x": i}, "b": "s", "a": i}}
		}
		page, err := Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 200 {
				i := (g + k) % len(pages)
				var out []cacheRow
				if err := Unmarshal(pages[i], &out); err != nil {
					t.Error(err)
					return
				}
				if len(out) != 1 || out[0].A != int64(i) || out[0].B != "s" || out[0].In.X != int64(i) {
					t.Errorf("page %d: got %+v", i, out)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestPlanCacheNamesSplitElsewhere decodes, into one type in turn, pages
// whose column names are the same run of bytes split elsewhere ("ab", "c"
// then "a", "bc"), with the same encodings: the cached plans of one must
// not serve the other, though the names' bytes compare equal as a run.
func TestPlanCacheNamesSplitElsewhere(t *testing.T) {
	type split struct {
		A  int64 `json:"a"`
		AB int64 `json:"ab"`
		C  int64 `json:"c"`
		BC int64 `json:"bc"`
	}
	pages := [][]map[string]any{
		{{"ab": 1, "c": 2}, {"ab": 3, "c": 4}},
		{{"a": 5, "bc": 6}, {"a": 7, "bc": 8}},
		{{"abc": 9}},
		{{"ab": 10, "c": 11}},
	}
	for round := range 2 {
		for i, rows := range pages {
			t.Run(fmt.Sprint(round, i), func(t *testing.T) { sameAsJSON[[]split](t, rows) })
		}
	}
}
