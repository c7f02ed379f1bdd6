package pageread_test

import (
	"reflect"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestResetReusedColumnsMatchFresh: a Layout reset over pages of many
// columns, then few, then many again (with nulls and deferred cells, and
// after Forget and after a page that fails), holds for each page exactly
// the column directory a fresh layout holds: nothing of an earlier page
// survives in the columns it reuses.
func TestResetReusedColumnsMatchFresh(t *testing.T) {
	wide := []map[string]any{
		{"a": 1, "b": "x", "c": nil, "d": 1.5, "e": true, "f": []any{1}, "g": "y"},
		{"a": nil, "b": "z", "c": 2, "d": nil, "e": false, "f": nil, "g": "w"},
	}
	narrow := []map[string]any{{"q": 1}, {"q": 2}}
	mid := []map[string]any{{"a": "s", "b": 1, "c": 2.5, "d": nil}, {"a": nil, "b": 2, "c": nil, "d": "t"}}
	var pages [][]byte
	for _, rows := range [][]map[string]any{wide, narrow, mid, wide, mid} {
		p, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	bad := append([]byte(nil), pages[0]...)
	bad = bad[:len(bad)-3] // cut: fails
	for _, deferCells := range []bool{false, true} {
		var l pageread.Layout
		reset := func(p []byte) error {
			if deferCells {
				return l.ResetDeferred(p, format.Limits{})
			}
			return l.Reset(p, format.Limits{})
		}
		for i, p := range append(pages, bad, pages[2], pages[0]) {
			if i == 3 {
				l.Forget()
			}
			err := reset(p)
			var fresh pageread.Layout
			ferr := func() error {
				if deferCells {
					return fresh.ResetDeferred(p, format.Limits{})
				}
				return fresh.Reset(p, format.Limits{})
			}()
			if (err == nil) != (ferr == nil) {
				t.Fatalf("page %d: reused %v, fresh %v", i, err, ferr)
			}
			if err != nil {
				continue
			}
			if !reflect.DeepEqual(l.Columns, fresh.Columns) {
				t.Fatalf("page %d, deferred %v: reused layout's columns\n%+v\nfresh\n%+v", i, deferCells, l.Columns, fresh.Columns)
			}
			if spare := l.Columns[len(l.Columns):cap(l.Columns)]; !reflect.DeepEqual(spare, make([]pageread.Column, len(spare))) {
				t.Fatalf("page %d: columns past the length are not zero", i)
			}
		}
	}
}
