package rowpage

import (
	"fmt"
	"slices"
	"testing"
)

// keptShapesRows returns n sparse rows of keys drawn from keys, a varied
// subset a row (so that most rows bring a set of columns of their own),
// with values of kind kind ("string" or "int"), in the order of rows
// rotated by rot and reversed if rev.
func keptShapesRows(keys []string, n, rot int, rev bool, kind string) []map[string]any {
	rows := make([]map[string]any, n)
	for i := range rows {
		m := map[string]any{}
		pick := uint(i*37+11) * 2654435761
		for j, k := range keys {
			if pick>>(uint(j)+3)&1 == 1 || j == i%len(keys) {
				if kind == "int" {
					m[k] = i*100 + j
				} else {
					m[k] = fmt.Sprintf("%s-%d", k, i)
				}
			}
		}
		rows[i] = m
	}
	rows = append(rows[rot%n:], rows[:rot%n]...)
	if rev {
		slices.Reverse(rows)
	}
	return rows
}

// TestKeptShapesAcrossPages checks the shapes newSetShape keeps from page
// to page (keptShapes): one encoder writes pages of the same keys whose
// rows come in the same order (the kept shapes serve them), in another
// order (the columns are numbered otherwise, so the kept shapes must not
// serve), with other keys, other kinds of values, after a page that
// fails and after pages of structs. Each page must be the page a fresh
// encoder writes, with the JSON encoding/json writes; and pages of the
// same rows in the same order must have found their sets kept.
func TestKeptShapesAcrossPages(t *testing.T) {
	keys := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa_is_a_long_key"}
	more := append(slices.Clone(keys), "0first", "mu")
	type step struct {
		rows []map[string]any
		bad  bool // the page fails: a value Marshal refuses, in its middle
		kept bool // its sets must all be served by kept shapes
	}
	same := keptShapesRows(keys, 40, 0, false, "string")
	bad := keptShapesRows(keys, 40, 0, false, "string")
	bad[25]["beta"] = make(chan int)
	steps := []step{
		{rows: same},
		{rows: same},
		{rows: same, kept: true},
		{rows: keptShapesRows(keys, 40, 0, true, "string")}, // reversed: other column numbers
		{rows: keptShapesRows(keys, 40, 0, true, "string"), kept: true},
		{rows: keptShapesRows(keys, 40, 7, false, "string")},
		{rows: same},
		{rows: same, kept: true},
		{rows: keptShapesRows(keys, 40, 0, false, "int"), kept: true}, // other kinds, the same shapes
		{rows: keptShapesRows(keys[:6], 30, 3, false, "string")},      // fewer keys
		{rows: keptShapesRows(more, 40, 0, false, "string")},          // keys the kept ones lack
		{rows: keptShapesRows(more, 40, 0, false, "string")},
		{rows: keptShapesRows(more, 40, 0, false, "string"), kept: true},
		{rows: bad, bad: true},
		{rows: same},
		{rows: same},
		{rows: bad, bad: true},
		{rows: same, kept: true},
		{rows: keptShapesRows(keys, 40, 1, false, "int")},
		{rows: same},
	}
	enc := NewEncoder()
	for i, s := range steps {
		what := fmt.Sprintf("page %d", i)
		if s.bad {
			if _, err := enc.Marshal(s.rows); err == nil {
				t.Fatalf("%s: Marshal took a channel", what)
			}
			continue
		}
		k := &enc.w.keptShapes
		n := k.n
		samePageAsFresh(t, enc, s.rows, what)
		checkJSON(t, s.rows)
		if s.kept && (k.n != n || n == 0) {
			t.Fatalf("%s: %d shapes kept before the page, %d after; want the same, not 0", what, n, k.n)
		}
		if i == 8 { // between pages of other kinds
			samePageAsFresh(t, enc, []struct{ A, B int }{{1, 2}, {3, 4}}, what+" of structs")
			samePageAsFresh(t, enc, []any{1, "x", map[string]any{"beta": 1}}, what+" of values")
		}
	}
}

// TestKeptShapesBound checks that keptShapes keeps at most maxKeptShapes
// shapes and maxKeptCols of their columns, and that sets past them still
// make the pages a fresh encoder makes.
func TestKeptShapesBound(t *testing.T) {
	for _, c := range []struct {
		keys, rows int
		full       func(k *keptShapes) bool
	}{
		{12, 3000, func(k *keptShapes) bool { return k.n == maxKeptShapes }},
		{60, 1000, func(k *keptShapes) bool { return len(k.cols) > maxKeptCols-60 && len(k.cols) <= maxKeptCols }},
	} {
		var keys []string
		for i := range c.keys {
			keys = append(keys, fmt.Sprintf("key%02d", i))
		}
		rows := keptShapesRows(keys, c.rows, 0, false, "string")
		enc := NewEncoder()
		for i := range 3 {
			samePageAsFresh(t, enc, rows, fmt.Sprintf("%d keys, page %d", c.keys, i))
		}
		if k := &enc.w.keptShapes; !c.full(k) {
			t.Fatalf("%d keys: %d shapes of %d columns kept, want the table full", c.keys, k.n, len(k.cols))
		}
	}
}
