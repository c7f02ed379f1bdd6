package rowpage

import (
	"bytes"
	"strconv"
	"testing"
)

// TestNestedKeyIDsAfterRenumber checks that the key ids a nested map's
// place keeps (anyMap) are not reused once the page's ids are renumbered:
// a column whose deferred strings start to repeat goes back to interning
// mid-page and merges them (Interner.TableDeferred), which moves the ids
// of every later string, keys of nested maps included. The page must be
// the one interning every string gives, and its JSON json.Marshal's.
func TestNestedKeyIDsAfterRenumber(t *testing.T) {
	rows := make([]map[string]any, 3000)
	for i := range rows {
		rows[i] = map[string]any{
			"later": "late" + strconv.Itoa(i%700), // distinct for 700 rows, then repeats
			"meta": map[string]any{
				"key" + strconv.Itoa(i/900): i, // a new key now and then, after the merge
				"kind":                      "k" + strconv.Itoa(i%3),
			},
			"list": []any{map[string]any{"x": "late" + strconv.Itoa(i), "y": i}},
		}
	}
	on, off := NewEncoder(), NewEncoder()
	off.b.NoDefer = true
	want, err := off.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	got, err := on.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if on.b.In.Tabled == 0 {
		t.Fatal("the page never went back to interning: the test lost its point")
	}
	if !bytes.Equal(got, want) {
		t.Error("the page differs from the page with every string interned")
	}
	checkJSON(t, rows)
}
