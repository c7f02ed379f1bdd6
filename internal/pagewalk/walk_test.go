package pagewalk_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/pagewalk"
)

// open marshals v and opens the page.
func open(t *testing.T, v any) *rowpage.Page {
	t.Helper()
	b, err := rowpage.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rowpage.Open(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// nested is a value with arrays and objects inside each other, and a
// leaf of every kind inside them.
var nested = map[string]any{
	"a": []any{1, -2.5, "x", nil, true, []any{[]any{}, map[string]any{"deep": []any{nil}}}},
	"o": map[string]any{"t": time.Date(2024, 5, 6, 7, 8, 9, 500, time.FixedZone("", 3600)), "y": []byte{0, 1, 2}},
	"n": json.Number("123456789012345678901234567890"),
	"e": map[string]any{},
}

// TestWalkValidPages walks pages of every kind holding every kind of cell:
// every check passes.
func TestWalkValidPages(t *testing.T) {
	when := time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC)
	pages := map[string]any{
		"rows": []map[string]any{
			{"i": 1, "s": "one", "l": []string{"x", "y"}, "t": when, "y": []byte("bytes"), "z": nil, "v": nested},
			nil,
			{"i": int64(-1 << 40), "l": []string{}, "f": 1.5, "u": uint64(1 << 63), "v": []any{nested, nested}},
			{},
		},
		"object":       nested,
		"value":        []any{nested, "<&>\u2028", []string{"a"}, when},
		"null":         nil,
		"string lists": [][]string{{"a", "b"}, nil, {}},
	}
	for name, v := range pages {
		t.Run(name, func(t *testing.T) {
			if err := pagewalk.Walk(open(t, v)); err != nil {
				t.Fatalf("Walk: %v", err)
			}
		})
	}
}

// TestWalkElems walks the elements of a nested cell on their own.
func TestWalkElems(t *testing.T) {
	p := open(t, []map[string]any{{"v": nested}})
	for r := range p.Rows() {
		e, ok := r.Elems(0)
		if !ok {
			t.Fatal("no elements in an object cell")
		}
		if err := pagewalk.WalkElems(e); err != nil {
			t.Fatalf("WalkElems: %v", err)
		}
	}
}

// TestWalkAllocatesPerPage checks that Walk reuses its buffers: walking 100
// rows allocates no more than walking one. The columns are of the kinds
// whose accessors themselves allocate nothing (Value of a bool, a small
// integer or null needs no allocation), so what is counted is the walk's
// own cost: the string list, the JSON buffer and json.Valid.
func TestWalkAllocatesPerPage(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	allocs := func(rows int) float64 {
		v := make([]map[string]any, rows)
		for i := range v {
			v[i] = map[string]any{"b": i%2 == 0, "i": i % 100, "z": nil}
		}
		p := open(t, v)
		return testing.AllocsPerRun(20, func() {
			if err := pagewalk.Walk(p); err != nil {
				t.Fatal(err)
			}
		})
	}
	one, hundred := allocs(1), allocs(100)
	if hundred > one+1 {
		t.Errorf("Walk allocated %.0f times for 1 row, %.0f for 100 rows", one, hundred)
	}
}
