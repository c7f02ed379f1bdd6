//go:build !purego

package rowpage_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
)

// TestDecodeListsBoxed decodes rows of many small generic arrays into
// []map[string]any: each array's interface value is boxed from a shared
// array of slice headers (listAny), so the decode costs about the row's map
// (its header and its group of slots) a row, not one allocation more per
// array, and the values are those the rows hold.
func TestDecodeListsBoxed(t *testing.T) {
	if rowpage.RaceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	const n = 200
	rows := make([]map[string]any, n)
	for i := range rows {
		rows[i] = map[string]any{
			"a": []any{int64(i)}, "b": []any{"x"}, "c": []any{true, nil}, "d": []any{int64(1), int64(2)},
			"e": []any{[]any{int64(i)}}, "f": []any{}, "g": []any{"y", "z"},
		}
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := rowpage.Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	allocs := testing.AllocsPerRun(10, func() {
		got = nil
		if err := rowpage.Unmarshal(page, &got); err != nil {
			t.Fatal(err)
		}
	})
	// Eight arrays a row boxed one by one would cost 8 allocations a row on
	// top of the map's 2; boxed from slabs they cost well under one.
	if perRow := allocs / n; perRow > 3.5 {
		t.Fatalf("%.1f allocations a row, want at most 3.5 (arrays boxed one by one?)", perRow)
	}
}
