package pageread_test

import (
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestMayBeNull: a column may hold nulls exactly when it is EncNull or
// has a null bitmap (SPEC.md 5); on every other column TakeNull returns
// false for every cell, so a renderer may skip it.
func TestMayBeNull(t *testing.T) {
	var rows []map[string]any
	for i := range 20 {
		r := map[string]any{"id": i, "name": []string{"x", "y"}[i%2], "none": nil, "maybe": nil}
		if i%3 == 0 {
			r["maybe"] = i
		}
		rows = append(rows, r)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for c := range l.Columns {
		cur := l.Cursor(c)
		enc := l.Columns[c].Enc
		want := enc&format.EncNullBitmap != 0 || enc == format.EncNull
		if got := cur.MayBeNull(); got != want {
			t.Errorf("column %q (encoding %#x): MayBeNull %v, want %v", l.ColumnName(c), enc, got, want)
		}
		nulls := 0
		for range l.Columns[c].Count {
			if cur.TakeNull() {
				nulls++
			} else {
				var cell pageread.Cell
				cur.TakeCell(&cell)
			}
		}
		if !want && nulls != 0 {
			t.Errorf("column %q: %d nulls where MayBeNull is false", l.ColumnName(c), nulls)
		}
		if name := l.ColumnName(c); (name == "none" || name == "maybe") && !want {
			t.Errorf("column %q of nulls: MayBeNull false", name)
		}
	}
}
