package rowpage

import (
	"strconv"
	"testing"
)

// TestReleaseDropsCallerValues checks the promise of Encoder.release: once
// a page is encoded, the encoder's scratch holds none of the caller's
// strings or values (a pooled encoder would keep them alive), over every
// slot's capacity, not only the part the last page used. A large page
// first, then a small one, so that the small page's scratch has room it
// did not use; pages of varied keys among them.
func TestReleaseDropsCallerValues(t *testing.T) {
	page := func(n, keys int) []map[string]any {
		rows := make([]map[string]any, n)
		for i := range rows {
			inner := map[string]any{}
			for k := range keys {
				inner["k"+strconv.Itoa(k)] = "v" + strconv.Itoa(i*keys+k)
			}
			rows[i] = map[string]any{
				"id":    i,
				"name":  "n" + strconv.Itoa(i),
				"inner": inner,
				"deep":  map[string]any{"a": map[string]any{"b": []any{"x" + strconv.Itoa(i), inner}}},
			}
			for k := range keys {
				rows[i]["c"+strconv.Itoa(k)] = "s" + strconv.Itoa(k)
			}
		}
		return rows
	}
	// Rows of varied keys, whose values mapRow holds by column: row i has
	// keys s0 to s(i%9), the last in few rows, which setRow takes
	// (colSets).
	sparse := func(n int) []map[string]any {
		rows := make([]map[string]any, n)
		for i := range rows {
			rows[i] = map[string]any{}
			for k := range i%9 + 1 {
				rows[i]["s"+strconv.Itoa(k)] = "v" + strconv.Itoa(i)
			}
		}
		return rows
	}
	e := NewEncoder()
	for _, v := range []any{page(200, 12), sparse(30), page(3, 2), sparse(9), page(5, 20)} {
		if _, err := e.Marshal(v); err != nil {
			t.Fatal(err)
		}
		checkReleased(t, e)
	}
}

// checkReleased fails t where e's scratch still holds a string or a value.
func checkReleased(t *testing.T, e *Encoder) {
	t.Helper()
	strs := func(what string, s []string) {
		for i, x := range s[:cap(s)] {
			if x != "" {
				t.Errorf("%s[%d] = %q after release, want \"\"", what, i, x)
				return
			}
		}
	}
	anys := func(what string, s []any) {
		for i, x := range s[:cap(s)] {
			if x != nil {
				t.Errorf("%s[%d] = %v after release, want nil", what, i, x)
				return
			}
		}
	}
	strs("Strs", e.b.In.Strs)
	anys("vals", e.w.vals)
	anys("sets.vals", e.w.sets.vals)
	anys("csets.vals", e.w.csets.vals)
	strs("rowKeys", e.w.rowKeys)
	anys("rowVals", e.w.rowVals)
	strs("shapeKeys", e.w.shapeKeys)
	for d, k := range e.w.keys {
		strs("keys["+strconv.Itoa(d)+"]", k)
	}
	for d, v := range e.w.nestVals {
		anys("nestVals["+strconv.Itoa(d)+"]", v)
	}
	for d, tab := range e.w.nestKeys {
		for i := range tab.slots {
			for j := range tab.slots[i].ways {
				strs("nestKeys["+strconv.Itoa(d)+"] way", tab.slots[i].ways[j].keys)
			}
		}
	}
}

// TestZeroSmall checks that zeroSmall empties every element, below and
// above the length where it hands over to clear.
func TestZeroSmall(t *testing.T) {
	for n := range 20 {
		s := make([]string, n)
		for i := range s {
			s[i] = "x"
		}
		zeroSmall(s)
		for i, x := range s {
			if x != "" {
				t.Fatalf("len %d: s[%d] = %q, want \"\"", n, i, x)
			}
		}
	}
}
