package rowpage_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestSetRowMapsOfTables: map rows of one group (up to 8 keys), of one
// table of several groups (9 keys and more) and of several tables (more
// than 1,024 keys), whose keys the page knows, partly knows or does not,
// on pages within 64 columns when the row comes, give the page of the
// same rows with their keys sorted as strings, and a reused Encoder's
// page is Marshal's.
func TestSetRowMapsOfTables(t *testing.T) {
	key := func(i int) string { return "k" + strconv.Itoa(i*7919%5000) }
	row := func(from, to int, v any) map[string]any {
		m := map[string]any{}
		for i := from; i < to; i++ {
			m[key(i)] = v
		}
		return m
	}
	enc := rowpage.NewEncoder()
	for _, known := range []int{1, 8, 9, 40, 60} {
		for _, n := range []int{3, 8, 9, 16, 60, 200, 1100, 3000} {
			rows := []map[string]any{
				row(0, known, 1.0),             // the page's columns
				row(0, min(n, known), "s"),     // known keys
				row(known/2, known/2+n, "t"),   // known keys, then new ones
				row(0, min(n, known), nil),     // known keys again, if the page is still within 64 columns
				row(known+n, known+2*n, false), // new keys only
			}
			checkSortedKeysPage(t, enc, rows, fmt.Sprintf("%d known keys, rows of %d", known, n))
		}
	}
	if _, err := rowpage.Marshal([]map[string]any{{"a": 1.0}, row(0, 1100, 2.0)}); err != nil {
		t.Fatal(err)
	}
}
