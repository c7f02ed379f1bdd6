package pagebuild

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/format"
)

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
