package sqlpage_test

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/sqlpage"
)

// Batches (batch.go): after the first row, AppendSQL scans rows 32 at
// a time before adding them. These tests put every edge of a batch under
// the cases where reading ahead could show: the row limit, a driver error,
// a value the page cannot hold, and []byte values that the driver reuses.

// batchResult is a result of n rows whose columns the direct path writes
// (a deferred text column, a memo text column, integers, floats, NUMERIC
// text, SQLite's 0 and 1 booleans, timestamps), plus a text column that
// yields []byte from row 20 on, in a buffer the driver overwrites
// (reuseBytes). The columns that addPure writes a column at a time have
// NULLs, and now and then a value it leaves to sameRow: a string in the
// integer column and NUMERIC NaN (both strings of the page's table, whose
// order must not change), a 2 among the booleans.
func batchResult(n int) fakeResult {
	res := fakeResult{
		cols:       []string{"id", "name", "city", "score", "price", "late", "n", "ok", "at"},
		types:      []string{"INT8", "TEXT", "TEXT", "FLOAT8", "NUMERIC", "TEXT", "INT8", "BOOLEAN", "TIMESTAMPTZ"},
		reuseBytes: true,
	}
	cities := []string{"Oslo", "Lima", "Pune"}
	every := func(i, k int, v, other any) any {
		if i%k == k-1 {
			return other
		}
		return v
	}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		var late any = "s" + strconv.Itoa(i%5)
		if i >= 20 {
			late = []byte("b" + strconv.Itoa(i%7))
		}
		var num any = every(i, 41, strconv.Itoa(i)+"."+strconv.Itoa(10+i%90), nil)
		num = every(i, 19, num, "NaN")
		var ok any = every(i, 37, int64(i%2), nil)
		if i == 70 {
			ok = int64(2)
		}
		res.rows = append(res.rows, []any{int64(i), "user" + strconv.Itoa(i), cities[i%3],
			every(i, 43, float64(i)/8, nil), num, late,
			every(i, 31, every(i, 29, int64(i), "t"+strconv.Itoa(i%4)), nil), ok,
			every(i, 23, t0.Add(time.Duration(i)*time.Hour), nil)})
	}
	return res
}

// TestSQLBatchEdges: at every row count and row limit around the first
// batches' edges, the page is byte for byte the one written a row at a
// time through the Builder, and ErrMoreRows comes exactly when it must.
func TestSQLBatchEdges(t *testing.T) {
	counts := []int{1, 2, 31, 32, 33, 34, 64, 65, 66, 97, 130}
	for _, n := range counts {
		res := batchResult(n)
		for _, maxRows := range append([]int{0}, counts...) {
			mode, err := sqlpage.SQLOptions{MaxRows: maxRows}.SQLMode()
			if err != nil {
				t.Fatal(err)
			}
			var pages [2][]byte
			var errs [2]error
			for i, m := range []*sqlpage.SQLMode{mode, sqlpage.GenericSQLMode(mode)} {
				rows, err := fakeDB(t, res).Query("q")
				if err != nil {
					t.Fatal(err)
				}
				pages[i], errs[i] = m.AppendSQL(nil, rows)
			}
			wantMore := maxRows > 0 && n > maxRows
			if errors.Is(errs[0], sqlpage.ErrMoreRows) != wantMore || (errs[0] != nil && !wantMore) {
				t.Fatalf("%d rows, MaxRows %d: error %v", n, maxRows, errs[0])
			}
			if !bytes.Equal(pages[0], pages[1]) || (errs[0] == nil) != (errs[1] == nil) {
				t.Fatalf("%d rows, MaxRows %d: the page differs from the one written through the Builder (errors %v, %v)",
					n, maxRows, errs[0], errs[1])
			}
		}
	}
}

// TestSQLBatchErrors: a driver error in the middle of a batch comes back
// unchanged, and a value the page cannot hold in a row before it is
// reported first, with its row, as when rows were added one at a time.
func TestSQLBatchErrors(t *testing.T) {
	for _, n := range []int{1, 31, 32, 33, 40, 64, 65} {
		res := batchResult(n)
		res.err = errFake
		rows, err := fakeDB(t, res).Query("q")
		if err != nil {
			t.Fatal(err)
		}
		if out, err := sqlpage.AppendSQL(nil, rows); err != errFake || out != nil {
			t.Fatalf("%d rows then a driver error: got %v, %v; want errFake itself and no page", n, out, err)
		}
		if n < 2 {
			continue
		}
		res.rows[n-1][3] = math.NaN() // a float JSON cannot hold: the last row fails
		rows, err = fakeDB(t, res).Query("q")
		if err != nil {
			t.Fatal(err)
		}
		var e *rowpage.Error
		if out, err := sqlpage.AppendSQL(nil, rows); out != nil || !errors.As(err, &e) || e.Row != n-1 || e.ColumnName != "score" {
			t.Fatalf("%d rows, the last bad, then a driver error: got %v, %v; want the bad value's error at row %d", n, out, err, n-1)
		}
	}
}

// TestSQLBatchBytesLater: a binary column whose first row is NULL is read
// in batches, where database/sql copies each []byte into its *any, until
// its first []byte; from the batch after it, rows are read one at a time
// with a target that keeps the driver's bytes, so the copies stop. The
// page is the one written through the Builder, and the rows after the
// first batches allocate nothing beyond what the driver does (this one
// boxes each []byte in an interface).
func TestSQLBatchBytesLater(t *testing.T) {
	res := fakeResult{cols: []string{"id", "blob"}, types: []string{"INT8", "BYTEA"}, reuseBytes: true}
	for i := range 3000 {
		var blob any
		if i > 40 {
			blob = []byte("payload " + strconv.Itoa(i%3))
		}
		res.rows = append(res.rows, []any{int64(i), blob})
	}
	checkBuilderPage(t, res, 0, "a binary column from its row 41")
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items: allocation counts are meaningless")
	}
	db := fakeDB(t, res)
	var page []byte
	allocs := func(n int) float64 {
		m, err := sqlpage.SQLOptions{MaxRows: n}.SQLMode()
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(5, func() {
			rows, err := db.Query("q")
			if err != nil {
				t.Fatal(err)
			}
			if page, err = m.AppendSQL(page[:0], rows); err != nil && !errors.Is(err, sqlpage.ErrMoreRows) {
				t.Fatal(err)
			}
		})
	}
	driver := func(n int) float64 {
		return testing.AllocsPerRun(5, func() {
			rows, err := db.Query("q")
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n && rows.Next(); i++ {
			}
			rows.Close()
		})
	}
	perRow := (allocs(2900) - allocs(900)) / 2000
	if driverPerRow := (driver(2900) - driver(900)) / 2000; perRow > driverPerRow+0.01 {
		t.Errorf("%.3f allocations per row after the first []byte, the driver's %.3f: its bytes are copied", perRow, driverPerRow)
	}
}
