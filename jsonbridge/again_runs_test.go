package jsonbridge

import (
	"fmt"
	"strings"
	"testing"
)

// againRunRow returns row i of pages of rows of one shape whose cells
// AgainRow repeats: integers, bools, nulls, strings (empty, short, long,
// escaped), text times, times, nested arrays and objects with and
// without strings, each column of one kind on every row; a column of
// strings and nulls ("h"); a column of nulls that gets an integer at
// row 6 ("k"); and columns of tagged values whose cells are
// null, true, false or an array ("g", "j"), all arrays in row 0, so that
// the columns hold tagged values from a page's first row on (a column
// that turns to them later makes AgainRow refuse a row). Rows differ.
func againRunRow(i int) string {
	h := `null`
	if i%2 == 1 {
		h = fmt.Sprintf(`"h%d"`, i)
	}
	k := `null` // a column of nulls alone until row 6
	if i == 6 {
		k = `6`
	}
	tags := []string{`[1]`, `null`, `true`, `false`}
	g, j := tags[i%4], tags[(i+1)%4]
	if i == 0 {
		g, j = `[0]`, `[0]`
	}
	return fmt.Sprintf(`{"i":%d,"b":%t,"n":null,"e":"","s":"s%d","l":"%s%d","x":"\u00e9\n%d",`+
		`"t":"2024-01-02T03:04:0%dZ","u":"2024-01-02T03:04:05+0%d:00",`+
		`"a":[%d,2,3],"o":{"k":"v%d","m":[{"z":%d}]},"p":{"q":[1,{"r":%d}]},"v":["x","y%d"],`+
		`"h":%s,"g":%s,"j":%s,"k":%s}`,
		i, i%2 == 0, i, strings.Repeat("w", 40), i, i, i%10, i%10, i, i, i, i, i, h, g, j, k)
}

// TestAgainRowsRunsEqualBuilderPages builds pages of runs of repeated
// rows (againRunRow), each run broken by a changed row, the page's
// nulls and changed rows at several places, through one reused parser,
// and checks that the pages are the Builder's and that AgainRow took
// every repeated row but the page's first: a run's rows after its second
// skip AgainRow's checks (againRun), which must hold across the changed
// row between runs and a new page.
func TestAgainRowsRunsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	pages := []struct {
		short bool  // the page begins with a short row and its repeat
		runs  []int // the length of each run of one row; 0 for a null row
	}{
		{false, []int{4, 3, 5, 1, 2}},
		{false, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2}}, // the page's first repeat where the last page's run ended
		{false, []int{6, 0, 3, 1, 0, 0, 4}},
		{false, []int{2, 2, 2, 2, 2, 2}},
		{false, []int{1, 7}},
		// The page's first repeat, which the tokenizer reads, is of
		// another shape, so that the strings of the runs of two rows are
		// counted twice by AgainRow alone, which decides whether a
		// column's strings each occur once (pagebuild.privateRun).
		{true, []int{2, 2, 2, 2, 2}},
	}
	for k, pg := range pages {
		rows := []string{againRunRow(0)}
		repeats := 0
		if pg.short {
			rows = []string{`{"zzzzzzzz":1,"y":2}`, `{"zzzzzzzz":1,"y":2}`, againRunRow(0)}
			repeats = 1 // the page's first, which the tokenizer reads
		}
		for j, n := range pg.runs {
			if n == 0 {
				rows = append(rows, "null")
				continue
			}
			for range n {
				rows = append(rows, againRunRow(1+(k+j)%6))
			}
			repeats += n - 1
		}
		before := p.sink.agains
		sameAsBuilder(t, p, fmt.Sprintf("page %d", k), []byte("["+strings.Join(rows, ",")+"]"))
		want := max(repeats-1, 0)
		if got := p.sink.agains - before; got != want {
			t.Fatalf("page %d: AgainRow added %d rows, want %d", k, got, want)
		}
	}
}
