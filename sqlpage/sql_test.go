package sqlpage_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/rowpage/rowpage/sqlpage"
	_ "modernc.org/sqlite"
)

// SQL ingestion is tested against real databases: SQLite through
// modernc.org/sqlite (pure Go, always), and PostgreSQL through pgx's
// database/sql driver when ROWPAGE_POSTGRES_DSN names a server (start one
// with `eval "$(.ci/postgres start)"`). The PostgreSQL tests skip without
// it, unless ROWPAGE_REQUIRE_POSTGRES is set, as in CI: then they fail, so
// that CI cannot pass without using the server it started.
//
// The sample databases (Chinook and Northwind) are read from the shared
// data directory when it is present: as SQLite files there, and as the
// databases "chinook" and "northwind" that .ci/postgres loads from the
// PostgreSQL scripts there.

// sqlDataDir holds the sample databases, relative to this package.
const sqlDataDir = "../../shared/data/sql"

// testDB is a database under test and what to run on it.
type testDB struct {
	name    string
	db      *sql.DB
	pg      *pgtype.Map // PostgreSQL's codecs, for the reference's arrays; nil for SQLite
	queries []namedQuery
}

// namedQuery is a query to check. jsonOnly skips the struct check, for
// values no Go field decodes from JSON as it scans them (NaN into a
// json.Number).
type namedQuery struct {
	name, sql string
	jsonOnly  bool
}

// openSQLiteFile opens a sample database read-only, or returns nil if the
// file is absent.
func openSQLiteFile(t testing.TB, rel string) *sql.DB {
	t.Helper()
	path := filepath.Join(sqlDataDir, rel)
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+abs+"?mode=ro&immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// postgresRequired reports whether PostgreSQL tests must run.
func postgresRequired() bool { return os.Getenv("ROWPAGE_REQUIRE_POSTGRES") != "" }

// openPostgres connects to database dbname ("" for the DSN's own) on the
// server ROWPAGE_POSTGRES_DSN names. It skips the test when no server is
// configured or reachable, or fails it when ROWPAGE_REQUIRE_POSTGRES is set.
func openPostgres(t testing.TB, dbname string) *sql.DB {
	t.Helper()
	skip := t.Skipf
	if postgresRequired() {
		skip = t.Fatalf
	}
	dsn := os.Getenv("ROWPAGE_POSTGRES_DSN")
	if dsn == "" {
		skip("PostgreSQL tests need a server: set ROWPAGE_POSTGRES_DSN (eval \"$(.ci/postgres start)\")")
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		t.Fatalf("ROWPAGE_POSTGRES_DSN: %v", err)
	}
	if dbname != "" {
		cfg.Database = dbname
	}
	db := stdlib.OpenDB(*cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		skip("PostgreSQL database %q not reachable at ROWPAGE_POSTGRES_DSN: %v", cfg.Database, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// sqliteDBs returns the SQLite databases: the types table always, the
// samples when present.
func sqliteDBs(t *testing.T) []testDB {
	dbs := []testDB{{name: "types", db: sqliteTypesDB(t), queries: sqliteTypesQueries}}
	if db := openSQLiteFile(t, "chinook/Chinook_Sqlite.sqlite"); db != nil {
		dbs = append(dbs, testDB{name: "chinook", db: db, queries: sqliteChinookQueries})
	}
	if db := openSQLiteFile(t, "northwind/northwind.sqlite"); db != nil {
		dbs = append(dbs, testDB{name: "northwind", db: db, queries: sqliteNorthwindQueries})
	}
	return dbs
}

// postgresDBs returns the PostgreSQL databases: the types table always,
// the samples when the shared scripts are present (then they must have
// been loaded).
func postgresDBs(t *testing.T) []testDB {
	m := pgtype.NewMap()
	dbs := []testDB{{name: "types", db: postgresTypesDB(t), pg: m, queries: pgTypesQueries}}
	if _, err := os.Stat(filepath.Join(sqlDataDir, "chinook/Chinook_PostgreSql.sql")); err == nil {
		dbs = append(dbs, testDB{name: "chinook", db: openPostgres(t, "chinook"), pg: m, queries: pgChinookQueries})
	}
	if _, err := os.Stat(filepath.Join(sqlDataDir, "northwind-postgres/northwind.sql")); err == nil {
		dbs = append(dbs, testDB{name: "northwind", db: openPostgres(t, "northwind"), pg: m, queries: pgNorthwindQueries})
	}
	return dbs
}

// tables lists the tables and views of db as queries, one per table.
func tables(t *testing.T, d testDB) []namedQuery {
	q := `SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if d.pg != nil {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`
	}
	rows, err := d.db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []namedQuery
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		out = append(out, namedQuery{name: "table " + name, sql: `SELECT * FROM "` + strings.ReplaceAll(name, `"`, `""`) + `"`})
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSQLSQLite checks every table and the queries of each SQLite database.
func TestSQLSQLite(t *testing.T) {
	for _, d := range sqliteDBs(t) {
		t.Run(d.name, func(t *testing.T) { checkDB(t, d) })
	}
}

// TestSQLPostgres checks every table and the queries of each PostgreSQL
// database.
func TestSQLPostgres(t *testing.T) {
	for _, d := range postgresDBs(t) {
		t.Run(d.name, func(t *testing.T) { checkDB(t, d) })
	}
}

func checkDB(t *testing.T, d testDB) {
	qs := append(tables(t, d), d.queries...)
	if len(qs) < 2 {
		t.Fatalf("%s: only %d queries", d.name, len(qs))
	}
	for _, q := range qs {
		t.Run(q.name, func(t *testing.T) { checkQuery(t, d, q.sql, sqlpage.SQLOptions{}, !q.jsonOnly) })
	}
}

// checkQuery runs query four times: through AppendSQL, through AppendSQL
// writing every cell through the Builder, through the reference pipeline,
// and (with structs) scanning straight into structs; the two pages must be
// the same bytes, the page's JSON must equal the reference's byte for
// byte, and Unmarshal of the page must equal the structs scanned directly.
func checkQuery(t *testing.T, d testDB, query string, opts sqlpage.SQLOptions, structs bool) []byte {
	t.Helper()
	mode, err := opts.SQLMode()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := d.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	page, err := mode.AppendSQL(nil, rows)
	if err != nil {
		t.Fatalf("AppendSQL: %v", err)
	}
	if rows, err = d.db.Query(query); err != nil {
		t.Fatal(err)
	}
	generic, err := sqlpage.GenericSQLMode(mode).AppendSQL(nil, rows)
	if err != nil {
		t.Fatalf("AppendSQL through the Builder only: %v", err)
	}
	if !bytes.Equal(page, generic) {
		t.Fatalf("the page differs from the one written through the Builder only:\n%x\n%x", page, generic)
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatalf("AppendJSON: %v", err)
	}
	rows, err = d.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	ref := reference(t, rows, opts, d.pg)
	if !bytes.Equal(got, ref.json) {
		t.Fatalf("page JSON differs from the reference:\n%s", firstDiff(t, ref.json, got))
	}
	if structs {
		checkStructs(t, d, query, page, ref)
	}
	return page
}

// firstDiff shows the first row where two JSON arrays differ.
func firstDiff(t *testing.T, want, got []byte) string {
	var w, g []json.RawMessage
	if json.Unmarshal(want, &w) != nil || json.Unmarshal(got, &g) != nil {
		return cmp.Diff(string(want), string(got))
	}
	for i := range min(len(w), len(g)) {
		if !bytes.Equal(w[i], g[i]) {
			return "row " + strconv.Itoa(i) + " (-want +got):\n" + cmp.Diff(string(w[i]), string(g[i]))
		}
	}
	return "rows: want " + strconv.Itoa(len(w)) + ", got " + strconv.Itoa(len(g))
}

// checkStructs scans query's rows straight into structs made for the
// result and compares them with Unmarshal of the page into the same type.
func checkStructs(t *testing.T, d testDB, query string, page []byte, ref refResult) {
	t.Helper()
	fields := make([]reflect.StructField, len(ref.names))
	viaPGX := make([]bool, len(ref.names))
	typeNames := columnTypeNames(t, d, query)
	for i, name := range ref.names {
		typ, pgArray := fieldType(ref.kinds[i], ref.types[i], typeNames[i])
		tag := `json:"` + name + `"`
		if strings.ContainsAny(name, "\"\\,`") || ref.multiDim[i] {
			typ, pgArray, tag = tSkipField, false, `json:"-"`
		}
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: typ, Tag: reflect.StructTag(tag)}
		viaPGX[i] = pgArray
	}
	st := reflect.StructOf(fields)
	direct := reflect.MakeSlice(reflect.SliceOf(st), 0, 0) // [] decodes as an empty slice
	rows, err := d.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	dests := make([]any, len(fields))
	for rows.Next() {
		v := reflect.New(st).Elem()
		for i := range fields {
			dests[i] = v.Field(i).Addr().Interface()
			if viaPGX[i] {
				dests[i] = d.pg.SQLScanner(dests[i])
			}
		}
		if err := rows.Scan(dests...); err != nil {
			t.Fatalf("scan into %v: %v", st, err)
		}
		direct = reflect.Append(direct, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	decoded := reflect.New(reflect.SliceOf(st))
	if err := rowpage.Unmarshal(page, decoded.Interface()); err != nil {
		t.Fatalf("Unmarshal into %v: %v", st, err)
	}
	// bytes.Equal: Unmarshal decodes "" into a nil []byte where
	// encoding/json makes an empty one; the bytes are the same.
	if diff := cmp.Diff(direct.Interface(), decoded.Elem().Interface(), cmp.Comparer(bytes.Equal)); diff != "" {
		t.Fatalf("Unmarshal differs from scanning into structs (-scan +unmarshal):\n%.3000s", diff)
	}
}

// columnTypeNames returns the database type names of query's columns.
func columnTypeNames(t *testing.T, d testDB, query string) []string {
	rows, err := d.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(cts))
	for i, ct := range cts {
		out[i] = strings.ToUpper(ct.DatabaseTypeName())
	}
	return out
}
