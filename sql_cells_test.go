package rowpage_test

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
)

// TestSQLDirectPathOrder builds pages whose cells the direct path writes
// (sql_cells.go) mixed with cells it leaves to the Builder and values that
// change a column's kind: the same strings in several columns and rows,
// JSON cells with strings of their own, []byte text, a column that turns
// from strings to other values and back, NULLs, SQLite's 0 and 1 booleans
// with one integer among them, in every subset of the columns and with
// MaxRows. The page must be the one written cell by cell
// through the Builder: the same string ids in the same order.
func TestSQLDirectPathOrder(t *testing.T) {
	words := []string{"red", "green", "blue", "red", "cyan", "green"}
	var rows [][]any
	for i := range 10000 {
		w := words[i%len(words)]
		var mixed any = w + strconv.Itoa(i%50)
		switch i % 13 {
		case 3:
			mixed = int64(i)
		case 7:
			mixed = nil
		case 11:
			mixed = time.Date(2024, 1, 1, 0, 0, i, 0, time.UTC)
		}
		var js any = `{"` + w + `":["` + words[(i+1)%len(words)] + `", 1]}`
		if i%5 == 0 {
			js = nil
		}
		var unique any = "u" + strconv.Itoa(i)
		if i%17 == 0 {
			unique = nil
		}
		flag := int64(i % 2) // SQLite's booleans, and once an integer that is not one
		if i == 3000 {
			flag = 2
		}
		rows = append(rows, []any{unique, w, js, []byte(words[(i+2)%len(words)]), mixed, "n" + strconv.Itoa(i), flag})
	}
	cols := []string{"unique", "word", "js", "bytes", "mixed", "red", "flag"}
	types := []string{"TEXT", "TEXT", "JSON", "TEXT", "", "VARCHAR", "BOOLEAN"}
	// Each subset of the columns, so that every kind of cell also follows
	// queued strings directly.
	for set := 1; set < 1<<len(cols); set++ {
		var res fakeResult
		var pick []int
		for i := range cols {
			if set&(1<<i) != 0 {
				pick = append(pick, i)
				res.cols, res.types = append(res.cols, cols[i]), append(res.types, types[i])
			}
		}
		for _, n := range []int{1, 7, 4097} {
			res.rows = make([][]any, n)
			for r := range n {
				for _, i := range pick {
					res.rows[r] = append(res.rows[r], rows[r][i])
				}
			}
			for _, maxRows := range []int{0, n - 1} {
				mode, err := rowpage.SQLOptions{MaxRows: maxRows}.SQLMode()
				if err != nil {
					t.Fatal(err)
				}
				page := buildFake(t, mode, res)
				want := buildFake(t, rowpage.GenericSQLMode(mode), res)
				if !bytes.Equal(page, want) {
					t.Fatalf("columns %v, %d rows, MaxRows %d: the page differs from the one written through the Builder only",
						res.cols, n, maxRows)
				}
			}
		}
	}
}

// buildFake builds the page of res with mode, accepting ErrMoreRows.
func buildFake(t *testing.T, mode *rowpage.SQLMode, res fakeResult) []byte {
	t.Helper()
	rows, err := fakeDB(t, res).Query("q")
	if err != nil {
		t.Fatal(err)
	}
	page, err := mode.AppendSQL(nil, rows)
	if err != nil && !errors.Is(err, rowpage.ErrMoreRows) {
		t.Fatal(err)
	}
	return page
}

// TestSQLDirectPathErrors: a value the page cannot hold, after rows of the
// same type that the direct path wrote, fails as it does through the
// Builder: the same error, row and column.
func TestSQLDirectPathErrors(t *testing.T) {
	for name, bad := range map[string]any{
		"NaN":          math.NaN(),
		"infinity":     math.Inf(-1),
		"year 10000":   time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		"invalid JSON": "{",
	} {
		t.Run(name, func(t *testing.T) {
			res := fakeResult{cols: []string{"s", "f", "t", "j"}, types: []string{"TEXT", "FLOAT8", "TIMESTAMP", "JSON"}}
			for i := range 5 {
				res.rows = append(res.rows, []any{"s" + strconv.Itoa(i), 1.5 * float64(i), time.Unix(int64(i), 0).UTC(), "[1]"})
			}
			row := []any{"x", 2.5, time.Unix(9, 0).UTC(), "[2]"}
			switch bad.(type) {
			case float64:
				row[1] = bad
			case time.Time:
				row[2] = bad
			case string:
				row[3] = bad
			}
			res.rows = append(res.rows, row)
			mode, _ := rowpage.SQLOptions{}.SQLMode()
			var errs [2]error
			for i, m := range []*rowpage.SQLMode{mode, rowpage.GenericSQLMode(mode)} {
				rows, err := fakeDB(t, res).Query("q")
				if err != nil {
					t.Fatal(err)
				}
				_, errs[i] = m.AppendSQL(nil, rows)
			}
			var e *rowpage.Error
			if !errors.As(errs[0], &e) || e.Row != 5 || errs[1] == nil || errs[0].Error() != errs[1].Error() {
				t.Fatalf("error %v (%#v), through the Builder %v", errs[0], e, errs[1])
			}
		})
	}
}
