package sqlpage_test

import (
	"database/sql"
	"encoding/json"
	"flag"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage/sqlpage"
)

// Benchmarks of the miss path: a page built from *sql.Rows, against a bare
// scan loop over the same rows with the same driver (the floor: what any
// program pays to read the result) and against scanning into maps of []any
// values and json.Marshal (what an application without rowpage does). Each
// includes running the query. Sizes 100, 1,000 and 10,000 rows of a
// realistic table (and 100,000 with -sql.max 100000): integers, names,
// e-mails, a few cities, a float, a boolean, a timestamp, a decimal price
// and a mostly-NULL note.

// sqlMax is the largest page the SQL benchmarks build, and the rows of
// their tables. CI's smoke run (-benchtime 1x over every benchmark) stays
// at 10,000: filling a table of 100,000 rows takes most of a minute on
// SQLite. Run issue 16's largest size with, for example:
//
//	go test -run '^$' -bench 'SQLInterleavedSQLite' -benchtime 2x -count 3 ./sqlpage -sql.max 100000
var sqlMax = flag.Int("sql.max", 10000, "SQL benchmarks: the largest page and table, in rows (at most 100000)")

// benchSizes returns the page sizes of the SQL benchmarks, up to sqlMax.
func benchSizes() []int {
	var out []int
	for _, n := range []int{100, 1000, 10000, 100000} {
		if n <= *sqlMax {
			out = append(out, n)
		}
	}
	return out
}

// benchRows is the number of rows in the benchmark tables.
func benchRows() int { return min(max(*sqlMax, 100), 100000) }

// sqliteBenchDB creates the benchmark table in a temporary SQLite file.
func sqliteBenchDB(tb testing.TB) *sql.DB {
	tb.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(tb.TempDir(), "bench.sqlite"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE bench (id INTEGER PRIMARY KEY, name TEXT, email TEXT, city TEXT,
		score REAL, active BOOLEAN, created DATETIME, price NUMERIC(10,2), note TEXT)`); err != nil {
		tb.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		tb.Fatal(err)
	}
	stmt, err := tx.Prepare(`INSERT INTO bench VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		tb.Fatal(err)
	}
	for _, r := range benchData() {
		if _, err := stmt.Exec(r...); err != nil {
			tb.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
	return db
}

// benchData is the benchmark table's rows.
func benchData() [][]any {
	cities := []string{"Berlin", "Lisboa", "Toronto", "São Paulo", "Osaka", "Nairobi", "Oslo", "Austin"}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	out := make([][]any, benchRows())
	for i := range out {
		var note any
		if i%7 == 0 {
			note = "call back after " + strconv.Itoa(i%12+1) + "pm"
		}
		name := "user" + strconv.Itoa(i*7919%100003)
		out[i] = []any{i + 1, name, name + "@example.com", cities[i%len(cities)], float64(i%1000) / 8,
			i%3 != 0, t0.Add(time.Duration(i) * 37 * time.Minute).Format("2006-01-02 15:04:05"),
			strconv.Itoa(i%500) + "." + strconv.Itoa(10+i%90), note}
	}
	return out
}

// postgresBenchDB creates the benchmark table on the PostgreSQL server, if
// one is configured (see openPostgres).
func postgresBenchDB(b *testing.B) *sql.DB {
	b.Helper()
	db := openPostgres(b, "")
	if _, err := db.Exec(`DROP TABLE IF EXISTS rowpage_bench;
		CREATE TABLE rowpage_bench (id int PRIMARY KEY, name text, email text, city text, score float8,
			active boolean, created timestamptz, price numeric(10,2), note text)`); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO rowpage_bench SELECT i, 'user' || (i * 7919 % 100003), 'user' || (i * 7919 % 100003) || '@example.com',
			(ARRAY['Berlin','Lisboa','Toronto','São Paulo','Osaka','Nairobi','Oslo','Austin'])[i % 8 + 1],
			(i % 1000) / 8.0, i % 3 <> 0, timestamptz '2024-01-01' + i * interval '37 minutes',
			(i % 500) + (10 + i % 90) / 100.0, CASE WHEN i % 7 = 0 THEN 'call back after ' || (i % 12 + 1) || 'pm' END
		FROM generate_series(0, $1 - 1) i`, benchRows()); err != nil {
		b.Fatal(err)
	}
	// Settle the fresh table before timing anything: the first read of
	// newly inserted rows sets their hint bits (writing the pages), which
	// made whichever benchmark ran first, page at 100 rows, look about
	// twice as slow as it is.
	if _, err := db.Exec(`VACUUM ANALYZE rowpage_bench`); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Exec(`DROP TABLE rowpage_bench`) })
	return db
}

func BenchmarkSQLSQLite(b *testing.B) {
	benchSQL(b, sqliteBenchDB(b), "bench")
}

func BenchmarkSQLPostgres(b *testing.B) {
	benchSQL(b, postgresBenchDB(b), "rowpage_bench")
}

func benchSQL(b *testing.B, db *sql.DB, table string) {
	for _, n := range benchSizes() {
		query := `SELECT id, name, email, city, score, active, created, price, note FROM ` + table + ` ORDER BY id LIMIT ` + strconv.Itoa(n)
		benchPageAndScan(b, db, n, query)
		b.Run("rows="+strconv.Itoa(n)+"/build=scan+json", func(b *testing.B) {
			b.ReportAllocs()
			var size int
			for b.Loop() {
				size = len(scanJSON(b, db, query))
			}
			b.ReportMetric(float64(size), "bytes/json")
		})
	}
}

// benchPageAndScan runs the query's two timed builds at n rows: a page with
// AppendSQL, and the bare scan loop that is its floor.
func benchPageAndScan(b *testing.B, db *sql.DB, n int, query string) {
	b.Run("rows="+strconv.Itoa(n)+"/build=page", func(b *testing.B) {
		b.ReportAllocs()
		var page []byte
		for b.Loop() {
			rows, err := db.Query(query)
			if err != nil {
				b.Fatal(err)
			}
			if page, err = sqlpage.AppendSQL(page[:0], rows); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(page)), "bytes/page")
	})
	b.Run("rows="+strconv.Itoa(n)+"/build=scan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bareScan(b, db, query)
		}
	})
}

// BenchmarkSQLInterleavedSQLite and BenchmarkSQLInterleavedPostgres
// measure the target's ratio, page over bare scan, with the two builds
// alternating query by query over the same rows: on a shared machine whose
// load drifts (the database server is on it too), the ratio of two
// benchmarks timed a second apart moves by 0.1 from one run to the next,
// while here both sides see the same conditions. An op is one page and
// one bare scan; page/scan is the ratio of their total times.
func BenchmarkSQLInterleavedSQLite(b *testing.B) {
	benchInterleaved(b, sqliteBenchDB(b), "bench")
}

func BenchmarkSQLInterleavedPostgres(b *testing.B) {
	benchInterleaved(b, postgresBenchDB(b), "rowpage_bench")
}

func benchInterleaved(b *testing.B, db *sql.DB, table string) {
	for _, n := range benchSizes() {
		query := `SELECT id, name, email, city, score, active, created, price, note FROM ` + table + ` ORDER BY id LIMIT ` + strconv.Itoa(n)
		b.Run("rows="+strconv.Itoa(n), func(b *testing.B) {
			var page []byte
			var pageTime, scanTime time.Duration
			ops := 0
			for b.Loop() {
				t0 := time.Now()
				rows, err := db.Query(query)
				if err != nil {
					b.Fatal(err)
				}
				if page, err = sqlpage.AppendSQL(page[:0], rows); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				bareScan(b, db, query)
				pageTime += t1.Sub(t0)
				scanTime += time.Since(t1)
				ops++
			}
			b.ReportMetric(float64(pageTime)/float64(scanTime), "page/scan")
			b.ReportMetric(float64(pageTime)/float64(ops), "page-ns/op")
			b.ReportMetric(float64(scanTime)/float64(ops), "scan-ns/op")
		})
	}
}

// bareScan is the floor: rows.Next and rows.Scan into []any over every
// row, keeping nothing.
func bareScan(tb testing.TB, db *sql.DB, query string) {
	rows, err := db.Query(query)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			tb.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
}

// scanJSON is what an application writes without rowpage: each row into
// a map of the scanned values, then json.Marshal of the maps.
func scanJSON(tb testing.TB, db *sql.DB, query string) []byte {
	rows, err := db.Query(query)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []map[string]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			tb.Fatal(err)
		}
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			m[c] = vals[i]
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
	js, err := json.Marshal(out)
	if err != nil {
		tb.Fatal(err)
	}
	return js
}

// TestSQLAllocs backs the claim of no allocation per cell beyond the
// driver's: building a page of 2,000 rows allocates no more per row than
// the bare scan loop does, over the same rows with the same driver.
func TestSQLAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items: allocation counts are meaningless")
	}
	db := sqliteBenchDB(t)
	perRow := func(f func(query string)) float64 {
		q := func(n int) string {
			return `SELECT id, name, email, city, score, active, created, price, note FROM bench ORDER BY id LIMIT ` + strconv.Itoa(n)
		}
		small := testing.AllocsPerRun(5, func() { f(q(1000)) })
		large := testing.AllocsPerRun(5, func() { f(q(3000)) })
		return (large - small) / 2000
	}
	var page []byte
	pageAllocs := perRow(func(query string) {
		rows, err := db.Query(query)
		if err != nil {
			t.Fatal(err)
		}
		if page, err = sqlpage.AppendSQL(page[:0], rows); err != nil {
			t.Fatal(err)
		}
	})
	scanAllocs := perRow(func(query string) { bareScan(t, db, query) })
	t.Logf("allocations per row: page %.2f, bare scan %.2f", pageAllocs, scanAllocs)
	if pageAllocs > scanAllocs+0.05 {
		t.Errorf("page allocates %.2f per row, the bare scan %.2f: AppendSQL allocates per cell", pageAllocs, scanAllocs)
	}
}
