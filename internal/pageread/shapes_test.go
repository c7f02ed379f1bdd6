package pageread_test

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestShapeFaultsInPageOrder checks that a fault in the shape lists is
// reported before one in the row shape ids, though Reset reads the row
// shape ids first (to count each column's cells in the lists' one pass),
// and that the counts so taken are each column's cells.
func TestShapeFaultsInPageOrder(t *testing.T) {
	page := readHex(t, "sparse.hex")
	secs := pageread.Sections(page)
	at := map[string]pageread.Section{}
	for _, s := range secs {
		at[s.Name] = s
	}
	shapes, rows := at["shapes"], at["row shapes"]
	if shapes.Len == 0 || rows.Len == 0 {
		t.Fatalf("sections %v", secs)
	}
	// sparse.hex: shapes 02 | 02 00 01 | 01 01 (after the section length),
	// row shapes 01 00 02.
	lastCol := shapes.Offset + shapes.Len - 1
	lastRow := rows.Offset + rows.Len - 1
	if page[lastCol] != 1 || page[lastRow] != 2 {
		t.Fatalf("sparse.hex has changed: % x", page)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := l.Columns[0].Count, l.Columns[1].Count; a != 1 || b != 2 {
		t.Fatalf("cell counts %d, %d; want 1, 2", a, b)
	}
	for _, c := range []struct {
		col, row byte
		want     string
	}{
		{5, 7, "names column 5"},
		{1, 7, "shape id 7 of 2"},
		{5, 2, "names column 5"},
		{1, 1, "shape 2 is never used"},
	} {
		bad := append([]byte(nil), page...)
		bad[lastCol], bad[lastRow] = c.col, c.row
		_, err := pageread.Parse(bad, format.Limits{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("column %d, row shape %d: error %v, want %q", c.col, c.row, err, c.want)
		}
	}
}
