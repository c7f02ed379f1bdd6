package pagebuild

import (
	"bytes"
	"math"
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
		pool := randomCells(r, 1+r.IntN(300))
		cells := make([][]byte, 1+r.IntN(400))
		for i := range cells {
			cells[i] = pool[r.IntN(len(pool))]
		}
		reps.reset()
		writeCellsChecked(t, &reps, "header", cells, round)
	}
}

// TestRepeatResetForgets checks that a column's cells are looked up among
// its own only, where reset leaves the slots of earlier columns in place
// (repeatSlot.gen): columns alternate between two pools that share cells,
// each written after a header of another length than the column before,
// so that a cell found among an earlier column's would name another
// offset. Halfway, the generation is set to wrap at the next reset, which
// must then clear the slots: those of the column written at generation 1
// would be taken for the new column's.
func TestRepeatResetForgets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	shared := randomCells(r, 20)
	pools := [2][][]byte{append(randomCells(r, 30), shared...), append(randomCells(r, 5), shared...)}
	var reps repeatTable
	for round := range 100 {
		if round == 50 {
			reps.gen = math.MaxUint32
		}
		pool := pools[round%2]
		cells := make([][]byte, 1+r.IntN(60))
		for i := range cells {
			cells[i] = pool[r.IntN(len(pool))]
		}
		reps.reset()
		if round == 50 && reps.gen != 1 {
			t.Fatalf("the generation after a wrap is %d, want 1", reps.gen)
		}
		writeCellsChecked(t, &reps, string(make([]byte, 1+round%7)), cells, round)
	}
}

// TestRepeatResetStaleSlot checks the one way a slot of an earlier column
// could show: a cell whose bytes the new column holds at the offset an
// earlier column's cell had them, inside a longer cell, would be taken for
// that earlier cell and written as a repeat of an offset where no cell
// starts. Once after a plain reset, once after one where the generation
// wraps (and the slots must be cleared).
func TestRepeatResetStaleSlot(t *testing.T) {
	a := []byte{format.TagArray, 1, format.TagInt, 9}
	first := [][]byte{{1, 2, 3, 4, 5}, a}                       // a at offset 5
	second := [][]byte{append([]byte{6, 7, 8, 9, 10}, a...), a} // a's bytes at offset 5, a at 9
	for _, wrap := range []bool{false, true} {
		var reps repeatTable
		reps.reset()
		writeCellsChecked(t, &reps, "", first, 0)
		if wrap {
			reps.gen = math.MaxUint32
		}
		reps.reset()
		writeCellsChecked(t, &reps, "", second, 1)
	}
}

// randomCells returns n arrays of up to 5 integers.
func randomCells(r *rand.Rand, n int) [][]byte {
	pool := make([][]byte, n)
	for k := range pool {
		m := r.IntN(6)
		c := AppendContainer(nil, format.TagArray, m)
		for range m {
			c = AppendTaggedInt(c, r.Int64N(1<<(1+r.IntN(40))))
		}
		pool[k] = c
	}
	return pool
}

// writeCellsChecked writes cells, a column after header, through reps
// (just reset), and checks each cell written and its target against a
// map of the column's cells so far, as TestRepeatCellFindsFirst says.
func writeCellsChecked(t *testing.T, reps *repeatTable, header string, cells [][]byte, round int) {
	t.Helper()
	dst := []byte(header)
	base := len(dst)
	first := map[string]int{}
	for i, c := range cells {
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
