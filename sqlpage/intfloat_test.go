package sqlpage_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/sqlpage"
)

// intFloatSchema holds SQLite columns of both number kinds: a NUMERIC
// column stores 2.0 as the integer 2 and 2.5 as a real, so its driver
// values are int64 and float64 (as for the Northwind prices and the
// Chinook totals); a REAL column stores both as reals (a float column).
const intFloatSchema = `
CREATE TABLE prices (id INTEGER PRIMARY KEY, price NUMERIC, discount NUMERIC, weight REAL, big NUMERIC);
INSERT INTO prices VALUES
	(1, 2, 0, 2, 9223372036854775807),
	(2, 2.5, 0.15, 2.5, -9223372036854775808),
	(3, NULL, 0.05, 3, 5e-324),
	(4, -0.25, 1, NULL, 1e300),
	(5, 19.99, 0, 7.5, -1);`

// TestSQLIntFloat checks that SQL columns of integers and floats become
// int-or-float columns (SPEC.md 5.2) on every path: checkQuery compares
// AppendSQL's page with the Builder's byte for byte, its JSON with the
// reference's, and decodes into structs; here the encodings, the minor
// version and what Unmarshal gives back (int64 for the integers, float64
// for the floats).
func TestSQLIntFloat(t *testing.T) {
	db := sqliteTypesDB(t)
	if _, err := db.Exec(intFloatSchema); err != nil {
		t.Fatal(err)
	}
	const query = `SELECT id, price, discount, weight, big, price * 2 AS twice FROM prices ORDER BY id`
	page := checkQuery(t, testDB{name: "sqlite", db: db}, query, sqlpage.SQLOptions{}, true)
	if page[5] != format.MinorIntFloat {
		t.Errorf("minor version %d, want %d", page[5], format.MinorIntFloat)
	}
	var l pageread.Layout
	if err := l.Reset(page, format.Limits{}.WithDefaults()); err != nil {
		t.Fatal(err)
	}
	const nf, bm = format.EncIntFloat, format.EncNullBitmap
	want := map[string]uint8{"id": format.EncInt, "price": nf | bm, "discount": nf,
		"weight": format.EncFloat | bm, "big": nf, "twice": nf | bm}
	for c := range l.Columns {
		if name := l.ColumnName(c); l.Columns[c].Enc != want[name] {
			t.Errorf("column %s: %s, want %s", name, format.EncodingName(l.Columns[c].Enc), format.EncodingName(want[name]))
		}
	}
	var got []map[string]any
	if err := rowpage.Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	wantRows := []map[string]any{
		{"id": int64(1), "price": int64(2), "discount": int64(0), "weight": 2.0, "big": int64(math.MaxInt64), "twice": int64(4)},
		{"id": int64(2), "price": 2.5, "discount": 0.15, "weight": 2.5, "big": int64(math.MinInt64), "twice": 5.0},
		{"id": int64(3), "price": nil, "discount": 0.05, "weight": 3.0, "big": 5e-324, "twice": nil},
		{"id": int64(4), "price": -0.25, "discount": int64(1), "weight": nil, "big": 1e300, "twice": -0.5},
		{"id": int64(5), "price": 19.99, "discount": int64(0), "weight": 7.5, "big": int64(-1), "twice": 39.98},
	}
	if d := cmp.Diff(wantRows, got); d != "" {
		t.Errorf("Unmarshal (-want +got):\n%s", d)
	}
}
