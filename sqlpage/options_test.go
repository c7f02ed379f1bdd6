package sqlpage_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/rowpage/rowpage/sqlpage"
	"modernc.org/sqlite"
)

// The options and the error behaviour of AppendSQL, on SQLite (always) and
// PostgreSQL (when configured).

// memSQLite opens a private in-memory SQLite database.
func memSQLite(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one connection: one in-memory database
	t.Cleanup(func() { db.Close() })
	return db
}

// pageJSON runs query through mode and returns the page's JSON.
func pageJSON(t *testing.T, db *sql.DB, mode *sqlpage.SQLMode, query string) (string, error) {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	page, err := mode.AppendSQL(nil, rows)
	if page == nil {
		return "", err
	}
	out, jerr := jsonbridge.AppendJSON(nil, page)
	if jerr != nil {
		t.Fatalf("AppendJSON: %v", jerr)
	}
	return string(out), err
}

func sqlMode(t testing.TB, o sqlpage.SQLOptions) *sqlpage.SQLMode {
	t.Helper()
	m, err := o.SQLMode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// dupQuery repeats "id" three times and uses "id_2" as a name of its own.
const dupQuery = `SELECT 1 AS id, 'a' AS name, 2 AS id, 3 AS id, 4 AS id_2`

// TestSQLDuplicates: a repeated column name fails by default, naming the
// column; DuplicatesLast keeps the first position and the last value, as
// a map does; DuplicatesNumber renames, skipping names already taken.
func TestSQLDuplicates(t *testing.T) {
	db := memSQLite(t)
	_, err := pageJSON(t, db, sqlMode(t, sqlpage.SQLOptions{}), dupQuery)
	var e *rowpage.Error
	if !errors.Is(err, rowpage.ErrDuplicateKey) || !errors.As(err, &e) || e.Column != 2 || e.ColumnName != "id" {
		t.Fatalf("default: got %v, want ErrDuplicateKey at column 2 \"id\"", err)
	}
	for _, c := range []struct {
		opts sqlpage.SQLOptions
		want string
	}{
		{sqlpage.SQLOptions{Duplicates: sqlpage.DuplicatesLast}, `[{"id":3,"name":"a","id_2":4}]`},
		{sqlpage.SQLOptions{Duplicates: sqlpage.DuplicatesLast, SortKeys: true}, `[{"id":3,"id_2":4,"name":"a"}]`},
		{sqlpage.SQLOptions{Duplicates: sqlpage.DuplicatesNumber}, `[{"id":1,"name":"a","id_3":2,"id_4":3,"id_2":4}]`},
		{sqlpage.SQLOptions{Duplicates: sqlpage.DuplicatesNumber, SortKeys: true}, `[{"id":1,"id_2":4,"id_3":2,"id_4":3,"name":"a"}]`},
	} {
		got, err := pageJSON(t, db, sqlMode(t, c.opts), dupQuery)
		if err != nil || got != c.want {
			t.Errorf("%+v: got %s, %v; want %s", c.opts, got, err, c.want)
		}
		// The reference pipeline applies the same policy on its own.
		checkQuery(t, testDB{name: "mem", db: db}, dupQuery, c.opts, false)
	}
}

// TestSQLSortKeys: with SortKeys (and DuplicatesLast), the page's JSON is
// byte-identical to scanning each row into a map[string]any and marshaling
// the maps, on every table and query of the SQLite databases.
func TestSQLSortKeys(t *testing.T) {
	opts := sqlpage.SQLOptions{SortKeys: true, Duplicates: sqlpage.DuplicatesLast}
	mode := sqlMode(t, opts)
	for _, d := range sqliteDBs(t) {
		for _, q := range append(tables(t, d), d.queries...) {
			got, err := pageJSON(t, d.db, mode, q.sql)
			if err != nil {
				t.Fatalf("%s %s: %v", d.name, q.name, err)
			}
			if want := mapPipeline(t, d.db, q.sql); got != want {
				t.Fatalf("%s %s: page differs from the map pipeline:\n%s", d.name, q.name, firstDiff(t, []byte(want), []byte(got)))
			}
		}
	}
}

// mapPipeline scans rows into maps (the reference's values) and marshals
// them with json.Marshal.
func mapPipeline(t *testing.T, db *sql.DB, query string) string {
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	names, _ := rows.Columns()
	cts, _ := rows.ColumnTypes()
	vals := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	out := []map[string]any{}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		m := map[string]any{}
		for i, v := range vals {
			m[names[i]] = refValue(t, refKindOf(cts[i].DatabaseTypeName()), cts[i].DatabaseTypeName(), v, nil)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// countTo is ten rows.
const countTo = `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10) SELECT n, 'row ' || n AS name FROM c`

// TestSQLMaxRows: a limit below the row count returns the complete page of
// the first MaxRows rows with ErrMoreRows, and closes the rows; a limit at
// or above the count returns every row without error.
func TestSQLMaxRows(t *testing.T) {
	db := memSQLite(t)
	rows, err := db.Query(countTo)
	if err != nil {
		t.Fatal(err)
	}
	page, err := sqlMode(t, sqlpage.SQLOptions{MaxRows: 3}).AppendSQL([]byte("x"), rows)
	var e *rowpage.Error
	if !errors.Is(err, sqlpage.ErrMoreRows) || !errors.As(err, &e) || e.Row != 3 {
		t.Fatalf("got %v, want ErrMoreRows at row 3", err)
	}
	if rows.Next() {
		t.Fatal("rows not closed after the limit")
	}
	if string(page[:1]) != "x" {
		t.Fatal("dst not kept")
	}
	got, _ := jsonbridge.AppendJSON(nil, page[1:])
	if want := `[{"n":1,"name":"row 1"},{"n":2,"name":"row 2"},{"n":3,"name":"row 3"}]`; string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	for _, limit := range []int{10, 11, 0} {
		got, err := pageJSON(t, db, sqlMode(t, sqlpage.SQLOptions{MaxRows: limit}), countTo)
		var n []any
		if err != nil || json.Unmarshal([]byte(got), &n) != nil || len(n) != 10 {
			t.Errorf("MaxRows %d: got %d rows, %v; want 10 rows", limit, len(n), err)
		}
	}
	if _, err := (sqlpage.SQLOptions{MaxRows: -1}).SQLMode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("MaxRows -1: got %v, want ErrInvalidOption", err)
	}
	if _, err := (sqlpage.SQLOptions{Duplicates: 9}).SQLMode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("Duplicates 9: got %v, want ErrInvalidOption", err)
	}
}

// TestSQLDriverErrorSQLite: SQLite fails mid-stream (an integer overflow in
// the sixth row); AppendSQL returns the driver's own error and dst as it
// was, never a page of the first five rows.
func TestSQLDriverErrorSQLite(t *testing.T) {
	db := memSQLite(t)
	rows, err := db.Query(`WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10)
		SELECT n, CASE WHEN n = 6 THEN abs(-9223372036854775807 - 1) ELSE n END AS v FROM c`)
	if err != nil {
		t.Fatal(err)
	}
	dst := []byte("prefix")
	out, err := sqlpage.AppendSQL(dst, rows)
	var se *sqlite.Error
	if !errors.As(err, &se) {
		t.Fatalf("got %T %v, want the driver's *sqlite.Error", err, err)
	}
	if string(out) != "prefix" {
		t.Fatalf("got %q, want dst unchanged", out)
	}
}

// TestSQLDriverError: an error the driver returns mid-stream comes back
// unchanged: the very same value.
func TestSQLDriverError(t *testing.T) {
	db := fakeDB(t, fakeResult{cols: []string{"a"}, rows: [][]any{{int64(1)}, {int64(2)}}, err: errFake})
	rows, err := db.Query("q")
	if err != nil {
		t.Fatal(err)
	}
	out, err := sqlpage.AppendSQL(nil, rows)
	if err != errFake || out != nil {
		t.Fatalf("got %v, %v; want errFake itself and no page", out, err)
	}
}

// TestSQLDriverTypes: values outside database/sql's driver.Value set, which
// some drivers yield (slices, other integer types), are written natively
// or as Marshal writes them; columns without a type name go by the value.
func TestSQLDriverTypes(t *testing.T) {
	db := fakeDB(t, fakeResult{cols: []string{"slice", "i32", "u64", "f32", "raw", "strs"}, rows: [][]any{
		{[]int64{1, 2}, int32(-3), uint64(1 << 63), float32(0.1), json.RawMessage(`{"k": [1, 2]}`), []string{"a", "b"}},
		{nil, nil, nil, nil, nil, nil},
	}})
	got, err := pageJSON(t, db, sqlMode(t, sqlpage.SQLOptions{}), "q")
	want := `[{"slice":[1,2],"i32":-3,"u64":9223372036854775808,"f32":0.1,"raw":{"k":[1,2]},"strs":["a","b"]},` +
		`{"slice":null,"i32":null,"u64":null,"f32":null,"raw":null,"strs":null}]`
	if err != nil || got != want {
		t.Fatalf("got %s, %v\nwant %s", got, err, want)
	}
}

// TestSQLValueErrors: values with no JSON form fail with an error naming
// the row and column, and no page.
func TestSQLValueErrors(t *testing.T) {
	db := sqliteTypesDB(t)
	if _, err := db.Exec(`CREATE TABLE bad (id INTEGER, j JSON); INSERT INTO bad VALUES (1, '{"a":1}'), (2, '{"a":}')`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		query  string
		kind   error
		row    int
		column string
	}{
		{`SELECT 1 AS ok, 1e999 AS inf`, rowpage.ErrUnsupportedType, 0, "inf"},
		{`SELECT id, j FROM bad ORDER BY id`, rowpage.ErrInvalidJSON, 1, "j"},
	} {
		rows, err := db.Query(c.query)
		if err != nil {
			t.Fatal(err)
		}
		out, err := sqlpage.AppendSQL(nil, rows)
		var e *rowpage.Error
		if out != nil || !errors.Is(err, c.kind) || !errors.As(err, &e) || e.Row != c.row || e.ColumnName != c.column {
			t.Errorf("%s: got %v, %v; want %v at row %d column %q", c.query, out, err, c.kind, c.row, c.column)
		}
	}
}

// TestSQLPostgresErrors: PostgreSQL's own errors mid-stream come back as
// *pgconn.PgError values; a float NaN names its column.
func TestSQLPostgresErrors(t *testing.T) {
	db := openPostgres(t, "")
	rows, err := db.Query(`SELECT n, 1 / (6 - n) AS v FROM generate_series(1, 10) n`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := sqlpage.AppendSQL(nil, rows)
	var pe interface{ SQLState() string }
	if out != nil || !errors.As(err, &pe) || pe.SQLState() != "22012" {
		t.Fatalf("got %v, %v; want PostgreSQL's division_by_zero error", out, err)
	}
	rows, err = db.Query(`SELECT 'NaN'::float8 AS f`)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sqlpage.AppendSQL(nil, rows)
	var e *rowpage.Error
	if !errors.Is(err, rowpage.ErrUnsupportedType) || !errors.As(err, &e) || e.ColumnName != "f" {
		t.Fatalf("got %v, want ErrUnsupportedType for column f", err)
	}
}

// TestSQLEmpty: a result without rows is an empty page.
func TestSQLEmpty(t *testing.T) {
	db := memSQLite(t)
	got, err := pageJSON(t, db, sqlMode(t, sqlpage.SQLOptions{}), `SELECT 1 AS a WHERE 0`)
	if err != nil || got != `[]` {
		t.Fatalf("got %s, %v; want []", got, err)
	}
}

// TestSQLNumericCanonical: decimal text becomes the very page Marshal
// writes for the same json.Number values (a float where the float's JSON is
// the text, an integer where it is an integer's, number text otherwise),
// over edge cases and random decimals of every shape.
func TestSQLNumericCanonical(t *testing.T) {
	texts := []string{"0.1", "-0.1", "0.000001", "0.0000001", "0.0000010", "1.5", "1.50", "10.25", "123456789012345.6",
		"12345678901234.5", "1234567890123.45", "0.123456789012345", "0.1234567890123456", "9007199254740993.5",
		"100000000000000000000.5", "999999999999999.9", "5", "-0", "0", "0.0", "00.1", "1.", "-0.000001", "1e5",
		"0.30000000000000004", "3.3333333333333335", "2.675", "1.005", "18446744073709551615", "-9223372036854775808",
		"0.99", "19.99", "250.5", "12345678.9"}
	rnd := uint64(1)
	next := func(n uint64) uint64 { rnd = rnd*6364136223846793005 + 1442695040888963407; return rnd >> 33 % n }
	for range 20000 {
		var b []byte
		if next(4) == 0 {
			b = append(b, '-')
		}
		if next(3) == 0 {
			b = append(b, '0')
		} else {
			for k := next(20) + 1; k > 0; k-- {
				b = append(b, byte('0'+next(10)))
			}
			if b[len(b)-1] == '0' && len(b) == 1 || b[0] == '0' || (b[0] == '-' && len(b) > 1 && b[1] == '0') {
				b = append(b[:len(b)-1], '7')
			}
		}
		if next(5) != 0 {
			b = append(b, '.')
			for k := next(3); k > 0 && next(2) == 0; k-- {
				b = append(b, '0')
			}
			for k := next(18) + 1; k > 0; k-- {
				b = append(b, byte('0'+next(10)))
			}
		}
		texts = append(texts, string(b))
	}
	var rows [][]any
	var want []map[string]any
	for _, s := range texts {
		if !isJSONNumber(s) {
			continue
		}
		rows = append(rows, []any{s, []byte(s)})
		want = append(want, map[string]any{"s": json.Number(s), "b": json.Number(s)})
	}
	db := fakeDB(t, fakeResult{cols: []string{"s", "b"}, types: []string{"NUMERIC", "DECIMAL(30,10)"}, rows: rows})
	q, err := db.Query("q")
	if err != nil {
		t.Fatal(err)
	}
	got, err := sqlMode(t, sqlpage.SQLOptions{SortKeys: true}).AppendSQL(nil, q)
	if err != nil {
		t.Fatal(err)
	}
	page, err := rowpage.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, page) {
		gj, _ := jsonbridge.AppendJSON(nil, got)
		wj, _ := jsonbridge.AppendJSON(nil, page)
		t.Fatalf("page differs from Marshal of json.Numbers:\n%s", firstDiff(t, wj, gj))
	}
}
