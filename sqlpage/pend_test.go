package sqlpage_test

import (
	"bytes"
	"errors"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/sqlpage"
)

// TestSQLPendingRows: rows whose cells all go straight to their columns
// are added to the page a run at a time (sameRow's pending rows, cells.go),
// and rows with a cell for the Builder one at a time among them. With such
// a row, or a bad cell, at every position around a batch's bounds, and
// with MaxRows, the page must be the one written cell by cell through the
// Builder, and a bad cell's error must name its own row.
func TestSQLPendingRows(t *testing.T) {
	const n = 100
	mode, _ := sqlpage.SQLOptions{}.SQLMode()
	for _, at := range []int{1, 2, 3, 31, 32, 33, 34, 63, 64, 65, 97, 98, 99} {
		for _, bad := range []bool{false, true} {
			res := fakeResult{cols: []string{"id", "s", "j"}, types: []string{"INT8", "TEXT", "JSON"}}
			for i := range n {
				var j any // NULL: written straight to its column
				switch {
				case i == at && bad:
					j = "{"
				case i == at, i%17 == 5:
					j = "[" + strconv.Itoa(i) + "]" // a cell for the Builder
				}
				res.rows = append(res.rows, []any{int64(i), "s" + strconv.Itoa(i%5), j})
			}
			for _, max := range []int{0, at, at + 1, n - 1} {
				m := mode
				if max > 0 {
					m, _ = sqlpage.SQLOptions{MaxRows: max}.SQLMode()
				}
				var pages [2][]byte
				var errs [2]error
				for i, m := range []*sqlpage.SQLMode{m, sqlpage.GenericSQLMode(m)} {
					rows, err := fakeDB(t, res).Query("q")
					if err != nil {
						t.Fatal(err)
					}
					pages[i], errs[i] = m.AppendSQL(nil, rows)
				}
				if !bytes.Equal(pages[0], pages[1]) {
					t.Fatalf("at %d bad %v max %d: the page differs from the Builder's", at, bad, max)
				}
				if bad && (max == 0 || max > at) {
					var e *rowpage.Error
					if !errors.As(errs[0], &e) || e.Row != at || errs[1] == nil || errs[0].Error() != errs[1].Error() {
						t.Fatalf("at %d max %d: error %v, through the Builder %v", at, max, errs[0], errs[1])
					}
				} else if (errs[0] == nil) != (errs[1] == nil) || errs[0] != nil && errs[0].Error() != errs[1].Error() {
					t.Fatalf("at %d bad %v max %d: error %v, through the Builder %v", at, bad, max, errs[0], errs[1])
				}
			}
		}
	}
}
