package sqlpage_test

import (
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/sqlpage"
)

// TestCompressedSQL checks that SQLOptions.EncOptions carries the
// compression level to AppendSQL, and that the page reads back as the
// plain one does.
func TestCompressedSQL(t *testing.T) {
	db := memSQLite(t)
	q := `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 300)
		SELECT i AS id, 'status-' || (i % 3) AS status, 'a longer text that repeats itself, row after row' AS note FROM n`
	plainJSON, err := pageJSON(t, db, sqlMode(t, sqlpage.SQLOptions{}), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall} {
		m := sqlMode(t, sqlpage.SQLOptions{EncOptions: rowpage.EncOptions{Compression: c}})
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		page, err := m.AppendSQL(nil, rows)
		if err != nil {
			t.Fatal(err)
		}
		if page[6]&format.FlagCompressed == 0 {
			t.Fatalf("%v: header % x", c, page[:8])
		}
		got, err := pageJSON(t, db, m, q)
		if err != nil || got != plainJSON {
			t.Fatalf("%v: JSON of the compressed SQL page differs (err %v)", c, err)
		}
	}
}
