package jsonbridge

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// againNestedCells are cells for TestAgainRowsNestedCellsEqualBuilderPages:
// arrays and objects nested two and three deep, with and without strings,
// whose tagged form in a column (four-byte counts, see
// pagebuild.AppendContainer) AppendAgain must walk to count their strings,
// among scalars of every kind.
var againNestedCells = []string{`1`, `-3`, `true`, `null`, `""`, `"x"`, `1.5`, `-0.0`, `18446744073709551615`,
	`"2024-01-02T03:04:05+00:00"`, `{"k":1}`, `{"k":"v"}`, `["a","b"]`, `[["a"],["b"]]`, `[1.5,"x",null]`,
	`{"a":{"b":[1,2,3]},"c":[1,2,3]}`, `[{"b":[1,2,3]},{"b":[1,2,3]}]`, `{"nodes":[{"tick":0,"value":"s"}]}`,
	`"` + strings.Repeat("z", 40) + `"`, `[]`, `{}`}

// TestAgainRowsNestedCellsEqualBuilderPages builds pages of rows of
// random keys (long, escaped, not ASCII) and cells (againNestedCells),
// with spaces or none around their tokens, each row often the previous
// one again, some pages cut short or with a repeated key, and compares
// them with the Builder's pages through one reused parser.
func TestAgainRowsNestedCellsEqualBuilderPages(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 99))
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	keys := []string{`a`, `b`, `c`, `dddddddddddddddddddddd`, `e\u0041`, `é`}
	ws := []string{"", " ", "\n\t"}
	rounds := 2000
	if testing.Short() {
		rounds = 500
	}
	for round := range rounds {
		n := 1 + r.IntN(30)
		rows := repeatingRows(r, n, func() bool { return r.IntN(2) == 0 }, func(int) string {
			var row strings.Builder
			row.WriteByte('{')
			w := ws[r.IntN(len(ws))]
			for j, k := range r.Perm(len(keys))[:1+r.IntN(len(keys))] {
				if j > 0 {
					row.WriteString(w + "," + w)
				}
				fmt.Fprintf(&row, `"%s"%s:%s%s`, keys[k], w, w, againNestedCells[r.IntN(len(againNestedCells))])
			}
			row.WriteString(w + "}")
			return row.String()
		})
		x := "[" + strings.Join(rows, ","+ws[r.IntN(len(ws))]) + "]"
		switch r.IntN(10) {
		case 0:
			x = x[:r.IntN(len(x))]
		case 1:
			x = strings.Replace(x, `"b"`, `"a"`, 1)
		}
		sameAsBuilder(t, p, fmt.Sprintf("round %d: %s", round, x), []byte(x))
	}
	if p.sink.agains == 0 {
		t.Fatal("no row was added by AgainRow")
	}
}
