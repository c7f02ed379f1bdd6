package sqlpage_test

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/sqlpage"
)

// TestSQLSettledRepeats: text columns whose strings look distinct, so
// that the direct path defers them (defer.go), repeat too rarely to go
// back to interning, so the repeats are merged only when the page is
// written: a name of an earlier row, an e-mail that the billing column
// repeats in the same row, a billing address that a later row's name
// repeats, a JSON cell holding a deferred string as a key and a value,
// and a key of the page as a value. Each page must be byte for byte the
// one written with every string interned, none deferred, and decode to
// the rows given: a repeat that kept, or was given, another string's id
// fails one or the other.
func TestSQLSettledRepeats(t *testing.T) {
	var rows [][]any
	var want []map[string]any
	for i := range 3000 {
		name := "customer " + strconv.Itoa(i)
		email := "user" + strconv.Itoa(i) + "@example.com"
		billing := "billing" + strconv.Itoa(i) + "@example.com"
		var js any
		switch {
		case i%40 == 39:
			name = "customer " + strconv.Itoa(i/2) // an earlier row's name
		case i%97 == 50:
			name = "billing" + strconv.Itoa(i-7) + "@example.com" // an earlier row's billing address
		case i%251 == 100:
			name = "email" // a key of the page
		}
		if i%3 == 0 {
			billing = email
		}
		if i%50 == 45 {
			js = `{"customer ` + strconv.Itoa(i-3) + `": ["user` + strconv.Itoa(i+5) + `@example.com", 1]}`
		}
		rows = append(rows, []any{int64(i), name, email, billing, js})
		var jv any
		if js != nil {
			jv = map[string]any{"customer " + strconv.Itoa(i-3): []any{"user" + strconv.Itoa(i+5) + "@example.com", int64(1)}}
		}
		want = append(want, map[string]any{"id": int64(i), "name": name, "email": email, "billing": billing, "js": jv})
	}
	res := fakeResult{
		cols:  []string{"id", "name", "email", "billing", "js"},
		types: []string{"INT8", "TEXT", "TEXT", "TEXT", "JSON"},
	}
	for _, n := range []int{40, 100, 300, 1000, 3000} {
		res.rows = rows[:n]
		for _, maxRows := range []int{0, n - 7} {
			what := fmt.Sprintf("%d rows, MaxRows %d", n, maxRows)
			mode, err := sqlpage.SQLOptions{MaxRows: maxRows}.SQLMode()
			if err != nil {
				t.Fatal(err)
			}
			page := buildFake(t, mode, res)
			if ref := buildFake(t, sqlpage.InternedSQLMode(mode), res); !bytes.Equal(page, ref) {
				t.Fatalf("%s: the page differs from the one with every string interned", what)
			}
			var got []map[string]any
			if err := rowpage.Unmarshal(page, &got); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			rowsWant := want[:n]
			if maxRows > 0 {
				rowsWant = want[:maxRows]
			}
			if d := cmp.Diff(rowsWant, got); d != "" {
				t.Fatalf("%s: decoded rows differ (-want +got):\n%s", what, d)
			}
		}
	}
}
