package jsonbridge_test

import (
	"fmt"
	"testing"

	"github.com/rowpage/rowpage/jsonbridge"
)

// TestNullGuardedCells: a cell is tested for null only in a column that
// may hold nulls (an all-null column, or one with a null bitmap), and a
// column left out of Columns is skipped whether or not it holds nulls.
// Pages of one shape (cells) and of a shape a row (variedObjects), rendered
// whole and with column subsets that keep and drop columns of each kind,
// write what encoding/json writes.
func TestNullGuardedCells(t *testing.T) {
	build := func(varied bool) []map[string]any {
		var rows []map[string]any
		for i := range 60 {
			r := map[string]any{
				"id":    i,                  // never null
				"name":  fmt.Sprint("n", i), // never null
				"none":  nil,                // every cell null
				"maybe": nil,                // a null bitmap
				"flag":  i%2 == 0,
			}
			if i%3 == 0 {
				r["maybe"] = float64(i) + 0.5
			}
			if varied { // keys that come and go: many shapes
				for k := range 6 {
					if i>>k&1 == 1 {
						r[fmt.Sprint("k", k)] = []any{nil, i}[i%2]
					}
				}
			}
			rows = append(rows, r)
		}
		return rows
	}
	for _, varied := range []bool{false, true} {
		rows := build(varied)
		page := mustPage(t, rows)
		for _, cols := range [][]string{nil, {"id", "maybe"}, {"none", "name"}, {"flag", "k1", "k4"}, {"maybe", "none", "k0"}} {
			o := jsonbridge.Options{Columns: cols}
			want := rows
			if cols != nil {
				want = keepColumns(rows, cols)
			}
			got, err := mustMode(t, o).AppendJSON(nil, page)
			if err != nil {
				t.Fatal(err)
			}
			checkJSON(t, fmt.Sprintf("varied %v, columns %q", varied, cols), got, wantJSON(t, want, true))
		}
	}
}
