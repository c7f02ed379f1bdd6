package sqlpage_test

import (
	"database/sql"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/sqlpage"
)

// BenchmarkFakeDriver builds pages of the SQL benchmark's table (see
// bench_test.go) from the fake driver, which hands out prepared values
// and costs next to nothing: page minus scan is AppendSQL's own cost,
// without a database's time or its noise. Strings are distinct values per
// row, as pgx and modernc.org/sqlite allocate them.
func BenchmarkFakeDriver(b *testing.B) {
	cities := []string{"Berlin", "Lisboa", "Toronto", "São Paulo", "Osaka", "Nairobi", "Oslo", "Austin"}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	dbs := map[int]*sql.DB{}
	for _, n := range benchSizes() {
		rows := make([][]any, n)
		for i := range rows {
			var note any
			if i%7 == 0 {
				note = "call back after " + strconv.Itoa(i%12+1) + "pm"
			}
			name := "user" + strconv.Itoa(i*7919%100003)
			rows[i] = []any{int64(i + 1), name, name + "@example.com", strings.Clone(cities[i%len(cities)]),
				float64(i%1000) / 8, i%3 != 0, t0.Add(time.Duration(i) * 37 * time.Minute),
				strconv.Itoa(i%500) + "." + strconv.Itoa(10+i%90), note}
		}
		dbs[n] = fakeDB(b, fakeResult{
			cols:  []string{"id", "name", "email", "city", "score", "active", "created", "price", "note"},
			types: []string{"INT4", "TEXT", "TEXT", "TEXT", "FLOAT8", "BOOL", "TIMESTAMPTZ", "NUMERIC", "TEXT"},
			rows:  rows,
		})
	}
	for _, n := range benchSizes() {
		benchPageAndScan(b, dbs[n], n, "q")
	}
}

// BenchmarkFakeDriverRepeats builds pages of 10,000 rows whose text column
// is distinct for its first `cycle` rows and then repeats them, as the
// customers' names of a join do, beside a column of distinct strings: the
// case where deferring a column's strings (defer.go) guesses wrong and
// must go back to interning.
func BenchmarkFakeDriverRepeats(b *testing.B) {
	for _, cycle := range []int{100, 1000, 5000} {
		rows := make([][]any, 10000)
		for i := range rows {
			rows[i] = []any{int64(i), "customer number " + strconv.Itoa(i%cycle), "x" + strconv.Itoa(i)}
		}
		db := fakeDB(b, fakeResult{cols: []string{"id", "name", "u"}, types: []string{"INT8", "TEXT", "TEXT"}, rows: rows})
		b.Run("cycle="+strconv.Itoa(cycle), func(b *testing.B) {
			b.ReportAllocs()
			var page []byte
			for b.Loop() {
				rows, err := db.Query("q")
				if err != nil {
					b.Fatal(err)
				}
				if page, err = sqlpage.AppendSQL(page[:0], rows); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFakeDriverSettle builds pages whose text columns look distinct,
// so that their strings are deferred (defer.go), but repeat now and then:
// a customer's name that an earlier row holds (one row in 40), and a
// billing address equal to the account's e-mail in a third of the rows.
// Too few repeats to send a column back to interning, so the strings are
// settled when the page is written, and the repeats merged then.
func BenchmarkFakeDriverSettle(b *testing.B) {
	for _, n := range benchSizes() {
		rows := make([][]any, n)
		for i := range rows {
			k := i
			if i%40 == 39 {
				k = i / 2 // a name seen before
			}
			email := "user" + strconv.Itoa(i) + "@example.com"
			billing := "billing" + strconv.Itoa(i) + "@example.com"
			if i%3 == 0 {
				billing = strings.Clone(email)
			}
			rows[i] = []any{int64(i), "customer " + strconv.Itoa(k), email, billing}
		}
		db := fakeDB(b, fakeResult{
			cols:  []string{"id", "name", "email", "billing"},
			types: []string{"INT8", "TEXT", "TEXT", "TEXT"},
			rows:  rows,
		})
		benchPageAndScan(b, db, n, "q")
	}
}
