package sqlpage_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/sqlpage"
)

// TestSQLDirectPathOrder builds pages whose cells the direct path writes
// (cells.go) mixed with cells it leaves to the Builder and values that
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
				checkBuilderPage(t, res, maxRows, fmt.Sprintf("columns %v, %d rows", res.cols, n))
			}
		}
	}
}

// buildFake builds the page of res with mode, accepting ErrMoreRows.
func buildFake(t *testing.T, mode *sqlpage.SQLMode, res fakeResult) []byte {
	t.Helper()
	rows, err := fakeDB(t, res).Query("q")
	if err != nil {
		t.Fatal(err)
	}
	page, err := mode.AppendSQL(nil, rows)
	if err != nil && !errors.Is(err, sqlpage.ErrMoreRows) {
		t.Fatal(err)
	}
	return page
}

// checkBuilderPage fails t unless the page of res with MaxRows maxRows is
// byte for byte the one written cell by cell through the Builder; what
// names the case.
func checkBuilderPage(t *testing.T, res fakeResult, maxRows int, what string) {
	t.Helper()
	mode, err := sqlpage.SQLOptions{MaxRows: maxRows}.SQLMode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buildFake(t, mode, res), buildFake(t, sqlpage.GenericSQLMode(mode), res)) {
		t.Fatalf("%s, MaxRows %d: the page differs from the one written through the Builder only", what, maxRows)
	}
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
			mode, _ := sqlpage.SQLOptions{}.SQLMode()
			var errs [2]error
			for i, m := range []*sqlpage.SQLMode{mode, sqlpage.GenericSQLMode(mode)} {
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

// TestSQLDeferredRepeats: strings of a column that yields only new strings
// for a while are deferred (defer.go), and then repeat after all: each
// other, an earlier value of another column, a key of the page, a string
// that another column, a JSON key or a JSON value holds later, a string of
// a column of mixed values. Every page, at every length and with MaxRows,
// must be the one written cell by cell through the Builder.
func TestSQLDeferredRepeats(t *testing.T) {
	name := func(i int) string { return "name" + strconv.Itoa(i) }
	var rows [][]any
	for i := range 400 {
		n, e := any(name(i)), any(name(i)+"@example.com")
		city := any([]string{"Berlin", "Oslo", "Lima"}[i%3])
		js := any(nil)
		mixed := any(int64(i))
		switch {
		case i == 120:
			n = name(50) // a deferred string, again
		case i == 130:
			n = "Oslo" // a value of another column, seen before
		case i == 140:
			n = "city" // a key
		case i == 150:
			n = e // the e-mail column's string of the same row
		case i == 160:
			e = name(70) // the name column's string
		case i == 170:
			n = int64(7) // not a string at all
		case i == 180:
			n = nil
		case i == 190:
			city = name(80) // an interned column repeats a deferred string
		case i == 200:
			js = `{"` + name(90) + `": ["` + name(91) + `", "` + name(250) + `"], "k": {"` + name(260) + `": 1}}`
		case i == 210:
			mixed = name(95)
		case i == 220:
			mixed = name(300)
		case i == 230:
			city = name(310)
		case i >= 350:
			n = name(i % 40) // repeats from here on
		}
		rows = append(rows, []any{n, e, city, js, mixed})
	}
	res := fakeResult{
		cols:  []string{"name", "email", "city", "js", "mixed"},
		types: []string{"TEXT", "VARCHAR", "TEXT", "JSON", ""},
	}
	for _, n := range []int{33, 40, 125, 135, 145, 155, 165, 195, 205, 215, 225, 235, 255, 265, 305, 315, 355, 400} {
		res.rows = rows[:n]
		for _, maxRows := range []int{0, n - 1} {
			checkBuilderPage(t, res, maxRows, fmt.Sprintf("%d rows", n))
		}
	}
}

// TestSQLDeferredUndo: a column whose strings are distinct for its first
// rows and then repeat (customers' names in a join) goes back to interning
// (defer.go), merging the repeats so far and renumbering the ids the
// columns and the string memos hold, while other columns keep deferring or
// repeat strings of their own. Every page must be the one written cell by
// cell through the Builder.
func TestSQLDeferredUndo(t *testing.T) {
	var rows [][]any
	for i := range 3000 {
		name := "customer " + strconv.Itoa(i%250) // distinct for 250 rows, then cycling
		city := []string{"Berlin", "Oslo", "Lima", "customer 7"}[i%4]
		js := any(nil)
		if i%50 == 0 {
			js = `{"customer ` + strconv.Itoa(i%300) + `": "customer ` + strconv.Itoa((i+1)%260) + `"}`
		}
		rows = append(rows, []any{name, "u" + strconv.Itoa(i), city, js, "customer " + strconv.Itoa(i%251)})
	}
	res := fakeResult{
		cols:  []string{"name", "unique", "city", "js", "other"},
		types: []string{"TEXT", "TEXT", "TEXT", "JSON", "TEXT"},
	}
	for _, n := range []int{100, 260, 300, 420, 700, 1500, 3000} {
		res.rows = rows[:n]
		for _, maxRows := range []int{0, n / 2} {
			checkBuilderPage(t, res, maxRows, fmt.Sprintf("%d rows", n))
		}
	}
}

// TestSQLMemoWords: a text column's memo (strMemo) finds a string by a word
// of its last eight bytes and its length, which decides for strings of up
// to eight bytes; longer strings that share their last eight bytes (and so
// their slot and word) must still be told apart by their bytes. The page
// must be the one written through the Builder.
func TestSQLMemoWords(t *testing.T) {
	values := []string{"A12345678", "B12345678", "AB12345678", "1234", "12345", "x", "xx", "xxx", "12345678"}
	res := fakeResult{cols: []string{"v"}, types: []string{"TEXT"}}
	for i := range 500 {
		res.rows = append(res.rows, []any{strings.Clone(values[(i*7)%len(values)])})
	}
	checkBuilderPage(t, res, 0, "memo words")
}
