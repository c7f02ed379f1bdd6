package sqlpage_test

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/jsonbridge"
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

// TestDictionarySQL checks that SQLOptions.EncOptions carries a dictionary
// to AppendSQL: the page names it, and renders with it as the plain page
// does.
func TestDictionarySQL(t *testing.T) {
	db := memSQLite(t)
	q := func(from int) string {
		return `WITH RECURSIVE n(i) AS (SELECT ` + strconv.Itoa(from) + ` UNION ALL SELECT i+1 FROM n WHERE i < ` + strconv.Itoa(from+24) + `)
		SELECT i AS id, 'status-' || (i % 3) AS status, 'customer ' || (i % 7) AS name FROM n`
	}
	plain := sqlMode(t, sqlpage.SQLOptions{})
	var samples [][]byte
	for i := range 10 {
		rows, err := db.Query(q(25 * i))
		if err != nil {
			t.Fatal(err)
		}
		page, err := plain.AppendSQL(nil, rows)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, page)
	}
	d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := sqlMode(t, sqlpage.SQLOptions{EncOptions: rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: d}})
	rows, err := db.Query(q(250))
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.AppendSQL(nil, rows)
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := rowpage.PageDictionary(page); !ok || id != d.ID() {
		t.Fatalf("page names %q", id)
	}
	want, err := pageJSON(t, db, plain, q(250))
	if err != nil {
		t.Fatal(err)
	}
	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
	if got, err := mode.AppendJSON(nil, page); err != nil || string(got) != want {
		t.Fatalf("JSON of the dictionary SQL page differs (err %v)", err)
	}
}
