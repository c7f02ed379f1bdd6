package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestRepeatCellFindsFirst checks repeatTable.cell against a map of the
// cells written so far: a cell of fewer than 3 bytes is kept and gets -1;
// a cell whose bytes an earlier cell of the column holds gets that cell's
// payload offset, and is written as a repeat of it when that is shorter,
// else kept; any other cell is kept and gets its own offset. Columns of
// up to 400 cells, drawn from pools of up to 300 distinct ones, make the
// table grow several times, and the table is reused from column to column.
func TestRepeatCellFindsFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var reps repeatTable
	for round := range 200 {
		pool := make([][]byte, 1+r.IntN(300))
		for k := range pool {
			n := r.IntN(6)
			c := AppendContainer(nil, format.TagArray, n)
			for range n {
				c = AppendTaggedInt(c, r.Int64N(1<<(1+r.IntN(40))))
			}
			pool[k] = c
		}
		reps.reset()
		dst := []byte("header")
		base := len(dst)
		first := map[string]int{}
		for i := range 1 + r.IntN(400) {
			c := pool[r.IntN(len(pool))]
			at := len(dst)
			var target int
			dst, target = reps.cell(append(dst, c...), base, at)
			want, wantTarget := c, at-base
			switch f, ok := first[string(c)]; {
			case len(c) < 3:
				wantTarget = -1
			case ok:
				wantTarget = f
				if rep := format.AppendUvarint([]byte{format.TagRepeat}, uint64(f)); len(rep) < len(c) {
					want = rep
				}
			default:
				first[string(c)] = at - base
			}
			if target != wantTarget || !bytes.Equal(dst[at:], want) {
				t.Fatalf("round %d, cell %d (% x): got % x, target %d; want % x, target %d",
					round, i, c, dst[at:], target, want, wantTarget)
			}
		}
	}
}
