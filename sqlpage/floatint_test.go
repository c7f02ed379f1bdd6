package sqlpage_test

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/sqlpage"
)

// TestSQLFloatInts checks which REAL columns of the "integral floats"
// query become integral-float columns (SPEC.md 5.2): those whose every
// value is an integer within ±2^53. checkQuery (TestSQLSQLite) checks the
// same query's pages on every path and its JSON.
func TestSQLFloatInts(t *testing.T) {
	db := sqliteTypesDB(t)
	var query string
	for _, q := range sqliteTypesQueries {
		if q.name == "integral floats" {
			query = q.sql
		}
	}
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	page, err := sqlpage.AppendSQL(nil, rows)
	if err != nil {
		t.Fatal(err)
	}
	if page[5] != format.MinorFloatInt {
		t.Errorf("minor version %d, want %d", page[5], format.MinorFloatInt)
	}
	var l pageread.Layout
	if err := l.Reset(page, format.Limits{}.WithDefaults()); err != nil {
		t.Fatal(err)
	}
	want := map[string]uint8{
		"r":     format.EncFloatInt,
		"edge":  format.EncFloatInt | format.EncNullBitmap,
		"frac":  format.EncFloat,
		"over":  format.EncFloat,
		"twice": format.EncFloatInt,
		"total": format.EncFloatInt,
	}
	for c := range l.Columns {
		name := l.ColumnName(c)
		if l.Columns[c].Enc != want[name] {
			t.Errorf("column %s: %s, want %s", name, format.EncodingName(l.Columns[c].Enc), format.EncodingName(want[name]))
		}
	}
}
