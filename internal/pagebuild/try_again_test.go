package pagebuild

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// appendTestCell adds to c, of b's row, the cell of kind op the again
// tests draw: string s (0), a null (1), the integer k%3 (2) or the bool
// k%2 == 0 (3).
func appendTestCell(b *Builder, c *Column, op int, s string, k int) {
	switch op {
	case 0:
		b.CellString(c, s)
	case 1:
		c.AppendNull()
	case 2:
		c.AppendInt(int64(k % 3))
	default:
		c.AppendBool(k%2 == 0)
	}
}

// TestTryAgainIsAppendAgain builds pairs of pages of one column from random
// cells (strings, nulls, integers, bools, and their mix, which turns the
// column to tagged values) and repeats the last cell in runs of one to
// four: one page through AppendAgain alone, the other through TryAgain,
// TryAgainString, TryAgainNull and TryAgainTag first, as
// jsonbridge's AgainRow does, then AppendAgain where they decline. The
// columns and the interner's counts must end up the same, field by field,
// after every cell.
func TestTryAgainIsAppendAgain(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 16))
	strs := []string{"", "a", "name", "a longer string of text"}
	// One pair of builders for every run, as a producer reuses its
	// Builder from page to page: a column's storage past its cells then
	// holds an earlier page's (a null bitmap's bytes), which the Try
	// methods must not take for this page's.
	var want, got Builder
	for run := range 500 {
		want.Reset(format.KindRows)
		got.Reset(format.KindRows)
		ops := []int{0, 1, 2, 3}[:1+r.IntN(4)] // the kinds of cell the run draws from
		for k := range 1 + r.IntN(60) {
			op := ops[r.IntN(len(ops))]
			s := strs[r.IntN(len(strs))]
			at := -1 // where the cell starts in a column already of tagged values
			for _, b := range []*Builder{&want, &got} {
				b.BeginRow()
				c, _ := b.Key("c")
				if c.AnyKind() {
					at = len(c.Tagged)
				}
				appendTestCell(b, c, op, s, k)
				b.EndRow()
			}
			wc, gc := &want.Cols[0], &got.Cols[0]
			if !wc.CanAgain() || wc.AnyKind() && at < 0 {
				continue
			}
			for range 1 + r.IntN(4) {
				n := len(wc.Tagged)
				want.AppendAgain(wc, at, false)
				if !gc.TryAgain() && !got.TryAgainString(gc) && !gc.TryAgainNull() && !gc.TryAgainTag(at) {
					got.AppendAgain(gc, at, false)
				}
				if wc.AnyKind() {
					at = n
				}
				if !reflect.DeepEqual(wc, gc) || !reflect.DeepEqual(stringCounts(&want.In), stringCounts(&got.In)) {
					t.Fatalf("run %d, cell %d: the column repeated by the Try methods is %+v, want %+v (counts %v, want %v)",
						run, k, gc, wc, stringCounts(&got.In), stringCounts(&want.In))
				}
			}
		}
	}
}

// stringCounts returns the count of each string of in (its hashes are seeded
// per interner).
func stringCounts(in *Interner) []uint32 {
	var n []uint32
	for id := range in.meta {
		n = append(n, in.meta[id].count)
	}
	return n
}

// TestAgainPlainIsAppendAgain builds pairs of pages of four columns from
// random cells (strings, nulls, integers, bools, and their mix, which
// turns a column to tagged values) and repeats whole rows: one page
// through AppendAgain alone, the other as jsonbridge's AgainCells does,
// AgainPlain over the columns from each place it stopped, then
// TryAgainTag or AppendAgain for the column it left. The columns and the
// interner's counts must end up the same after every row, and AgainPlain
// must have added most cells that are not tagged values itself (some 73%:
// it leaves integers in a column with nulls and cells without room).
func TestAgainPlainIsAppendAgain(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 4))
	strs := []string{"", "a", "name", "a longer string of text"}
	keys := []string{"a", "b", "c", "d"}
	var want, got Builder
	plain, left := 0, 0 // cells of columns not of tagged values repeated, and those AgainPlain left
	for run := range 300 {
		want.Reset(format.KindRows)
		got.Reset(format.KindRows)
		var ops [4][]int // the kinds of cell each column draws from
		for j := range ops {
			ops[j] = []int{0, 1, 2, 3}[:1+r.IntN(4)]
			if r.IntN(3) == 0 { // mostly one kind, so that columns keep it
				ops[j] = ops[j][r.IntN(len(ops[j])):][:1]
			}
		}
		var at [4]int // where each column's last cell starts, if of tagged values
		for k := range 1 + r.IntN(40) {
			cells := make([]int, len(keys))
			for j := range cells {
				cells[j] = ops[j][r.IntN(len(ops[j]))]
			}
			s := strs[r.IntN(len(strs))]
			for _, b := range []*Builder{&want, &got} {
				b.BeginRow()
				for j, key := range keys {
					c, _ := b.Key(key)
					if c.AnyKind() {
						at[j] = len(c.Tagged)
					}
					appendTestCell(b, c, cells[j], s, k)
				}
				b.EndRow()
			}
			wcols := make([]*Column, len(keys))
			gcols := make([]*Column, len(keys))
			can := true
			for j := range keys {
				wcols[j], gcols[j] = &want.Cols[j], &got.Cols[j]
				can = can && wcols[j].CanAgain() && (!wcols[j].AnyKind() || at[j] >= 0)
			}
			if !can {
				continue
			}
			for range 1 + r.IntN(3) {
				var next [4]int
				for j, c := range wcols {
					if !c.AnyKind() {
						plain++
					}
					next[j] = len(c.Tagged)
					want.AppendAgain(c, at[j], false)
				}
				for j := 0; j < len(gcols); j++ {
					if j += got.AgainPlain(gcols[j:]); j == len(gcols) {
						break
					}
					c := gcols[j]
					if !c.AnyKind() {
						left++
					}
					if !c.TryAgainTag(at[j]) {
						got.AppendAgain(c, at[j], false)
					}
				}
				for j := range wcols {
					if wcols[j].AnyKind() {
						at[j] = next[j]
					}
					if !reflect.DeepEqual(wcols[j], gcols[j]) {
						t.Fatalf("run %d, row %d: column %d repeated through AgainPlain is %+v, want %+v", run, k, j, gcols[j], wcols[j])
					}
				}
				if !reflect.DeepEqual(stringCounts(&want.In), stringCounts(&got.In)) {
					t.Fatalf("run %d, row %d: counts %v, want %v", run, k, stringCounts(&got.In), stringCounts(&want.In))
				}
			}
		}
	}
	if plain == 0 || 2*left > plain {
		t.Fatalf("AgainPlain left %d of %d cells that are not tagged values", left, plain)
	}
}
