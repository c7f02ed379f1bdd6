package rowpage

import (
	"strconv"
	"testing"
)

// TestStrListCounted checks the string-list columns whose cells the walker
// counts as arrays of string ids (Column.StrLists) against those it must
// not: a list holding a string that is a text time (written as a time), a
// null list, an empty one, a nested list, and lists as []string and as
// []any, each rendering json.Marshal's JSON.
func TestStrListCounted(t *testing.T) {
	type row struct {
		Tags []string `json:"tags"`
	}
	for name, v := range map[string]any{
		"structs":       []row{{Tags: []string{"a", "b"}}, {Tags: []string{}}, {Tags: []string{"c"}}},
		"structs time":  []row{{Tags: []string{"a"}}, {Tags: []string{"2025-03-14T10:04:15.738+00:00", "b"}}},
		"structs null":  []row{{Tags: []string{"a"}}, {Tags: nil}},
		"maps":          []map[string]any{{"tags": []any{"a", "b"}}, {"tags": []any{}}},
		"maps time":     []map[string]any{{"tags": []any{"a"}}, {"tags": []any{"2025-03-14T10:04:15Z"}}},
		"maps mixed":    []map[string]any{{"tags": []any{"a"}}, {"tags": []any{"b", 1.5}}},
		"maps nested":   []map[string]any{{"tags": []any{[]any{"a"}}}, {"tags": []any{"b"}}},
		"maps null":     []map[string]any{{"tags": []any{"a"}}, {"tags": nil}},
		"maps scalar":   []map[string]any{{"tags": "a"}, {"tags": []any{"b"}}},
		"maps deep":     []map[string]any{{"tags": map[string]any{"x": []any{"a"}}}},
		"value strings": []string{"a", "2025-03-14T10:04:15Z"},
	} {
		t.Run(name, func(t *testing.T) { checkJSON(t, v) })
	}
}

// TestStrListIDWidths checks string-list columns whose string ids and
// table indexes take one, two and three bytes (writeStrList copies a
// one-byte id in its loop, others through copyID): pages of n distinct
// strings for every n around 2^7 and 2^14, with a null list among them,
// each rendering json.Marshal's JSON.
func TestStrListIDWidths(t *testing.T) {
	for _, n := range []int{126, 127, 128, 129, 130, 16382, 16383, 16384, 16385, 16386} {
		rows := make([]map[string]any, 0, n/2+2)
		for i := 0; i < n; i += 2 {
			rows = append(rows, map[string]any{"tags": []any{"s" + strconv.Itoa(i), "s" + strconv.Itoa(i+1), "s0"}})
		}
		rows = append(rows, map[string]any{"tags": nil}, map[string]any{"tags": []any{"s" + strconv.Itoa(n-1), "s1"}})
		checkJSON(t, rows)
	}
}
