package sqlpage_test

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/sqlpage"
)

// TestSQLTextTimes checks which columns of the "text times" query become
// text-time columns (SPEC.md 5.4): RFC 3339 text that renders back byte
// for byte, unless the column began as plain strings or mixes in other
// text. checkQuery (TestSQLSQLite) checks the same query's pages on every
// path and its JSON.
func TestSQLTextTimes(t *testing.T) {
	checkQueryEncodings(t, "text times", format.MinorTextTime, map[string]uint8{
		"at":    format.EncTextTime | format.EncNullBitmap,
		"zoned": format.EncTextTime,
		"mixed": format.EncAny,
		"late":  format.EncStrSeq | format.EncNullBitmap,
		"made":  format.EncTextTime,
	})
}

// checkQueryEncodings builds the page of the SQLite types query called
// name with AppendSQL and checks its minor version and the encoding of
// each column, by name.
func checkQueryEncodings(t *testing.T, name string, minor uint8, want map[string]uint8) {
	t.Helper()
	db := sqliteTypesDB(t)
	var query string
	for _, q := range sqliteTypesQueries {
		if q.name == name {
			query = q.sql
		}
	}
	if query == "" {
		t.Fatalf("no query %q", name)
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
	if page[5] != minor {
		t.Errorf("minor version %d, want %d", page[5], minor)
	}
	var l pageread.Layout
	if err := l.Reset(page, format.Limits{}.WithDefaults()); err != nil {
		t.Fatal(err)
	}
	if len(l.Columns) != len(want) {
		t.Errorf("%d columns, want %d", len(l.Columns), len(want))
	}
	for c := range l.Columns {
		name := l.ColumnName(c)
		if l.Columns[c].Enc != want[name] {
			t.Errorf("column %s: %s, want %s", name, format.EncodingName(l.Columns[c].Enc), format.EncodingName(want[name]))
		}
	}
}
