package pagebuild

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestAssignStringsMatchesReference builds pages of string columns of
// every kind a table meets: columns of distinct strings (private runs),
// columns that repeat a string of their own, of another column or a key
// only after some distinct ones (claimRun must take its marks back),
// columns of a few repeated strings, empty pages, and pages past
// MinDeferStrings whose deferred strings settle merges (a renumbering).
// After Finish, the table's order and the index of every string a column
// refers to must be those of a plain reference: the common area (every
// string not in a private run) in id order, then each private run in
// column order; sameIDs must be set exactly where that keeps every id.
func TestAssignStringsMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 48))
	var b Builder
	renumbered := 0
	for page := range 400 {
		rows := r.IntN(30)
		if page%20 == 0 {
			rows = MinDeferStrings + r.IntN(MinDeferStrings)
		}
		ncols := 1 + r.IntN(6)
		kinds := make([]int, ncols)
		for i := range kinds {
			kinds[i] = r.IntN(5)
		}
		b.Reset(format.KindRows)
		for row := range rows {
			b.BeginRow()
			for ci, kind := range kinds {
				if r.IntN(8) == 0 {
					continue // a sparse row
				}
				c, _ := b.Key("c" + strconv.Itoa(ci))
				b.CellString(c, assignValue(r, kind, ci, row, rows))
			}
			b.EndRow()
		}
		b.Finish(nil)
		if b.renum != nil {
			renumbered++
		}
		checkAssigned(t, &b, page)
	}
	if renumbered == 0 {
		t.Error("no page had settle merge repeats: the renumbered path went untested")
	}
}

// assignValue returns the string of column ci at row of a page of rows
// rows for a column of kind: 0 distinct, 1 distinct but for a repeat of
// its own near the end, 2 distinct but for another column's string or a
// key, 3 a few strings, 4 distinct strings that may equal another
// column's.
func assignValue(r *rand.Rand, kind, ci, row, rows int) string {
	switch kind {
	case 1:
		if row > rows/2 && r.IntN(4) == 0 {
			return "v" + strconv.Itoa(ci) + "-" + strconv.Itoa(r.IntN(row+1))
		}
	case 2:
		if row > rows/2 && r.IntN(8) == 0 {
			if r.IntN(2) == 0 {
				return "c" + strconv.Itoa(r.IntN(6)) // a key
			}
			return "v" + strconv.Itoa(r.IntN(6)) + "-" + strconv.Itoa(row)
		}
	case 3:
		return "few" + strconv.Itoa(r.IntN(3))
	case 4:
		return "v" + strconv.Itoa(r.IntN(2)) + "-" + strconv.Itoa(row)
	}
	return "v" + strconv.Itoa(ci) + "-" + strconv.Itoa(row)
}

// checkAssigned compares the table b.Finish laid out with the reference.
func checkAssigned(t *testing.T, b *Builder, page int) {
	t.Helper()
	in := &b.In
	n := in.Len()
	cols := b.Cols[:b.ncols]
	private := make([]bool, len(cols))
	inRun := make([]bool, n)
	for ci := range cols {
		c := &cols[ci]
		if c.Kind != KindStr || len(c.strs) == 0 {
			continue
		}
		private[ci] = true
		for _, id := range c.strs {
			if s := b.settled(id); in.Count(s) != 1 || in.IsKey(s) {
				private[ci] = false
			}
		}
		if private[ci] {
			for _, id := range c.strs {
				inRun[b.settled(id)] = true
			}
		}
	}
	var want []uint32
	for id := range n {
		if !inRun[id] {
			want = append(want, uint32(id))
		}
	}
	for ci := range cols {
		if private[ci] {
			for _, id := range cols[ci].strs {
				want = append(want, b.settled(id))
			}
		}
	}
	if !slices.Equal(b.order, want) {
		t.Fatalf("page %d: table order %v, want %v", page, b.order, want)
	}
	index := make([]uint32, n)
	dataLen := 0
	for i, id := range want {
		index[id] = uint32(i)
		dataLen += len(in.Strs[id])
	}
	if b.dataLen != dataLen {
		t.Fatalf("page %d: %d bytes of strings, want %d", page, b.dataLen, dataLen)
	}
	// sameIDs, on which appendTagged copies tagged strings as they are:
	// set exactly on pages of no private run and no merge, where every
	// id is its own index.
	if same := b.renum == nil && !slices.Contains(private, true); b.sameIDs != same {
		t.Fatalf("page %d: sameIDs %v, want %v", page, b.sameIDs, same)
	}
	if b.sameIDs {
		for id := range n {
			if b.remap[id] != uint32(id) {
				t.Fatalf("page %d: sameIDs, but id %d at index %d", page, id, b.remap[id])
			}
		}
	}
	for ci := range cols {
		c := &cols[ci]
		if got, want := b.remap[c.Name], index[b.settled(c.Name)]; got != want {
			t.Fatalf("page %d: column %d's name at index %d, want %d", page, ci, got, want)
		}
		if (b.uniq[b.settled(c.strs[0])] != 0) != private[ci] {
			t.Fatalf("page %d: column %d private %v, want %v", page, ci, !private[ci], private[ci])
		}
		ids := c.strs
		if private[ci] {
			ids = ids[:1] // the column is written as its first index
		}
		for _, id := range ids {
			if got, want := b.remap[id], index[b.settled(id)]; got != want {
				t.Fatalf("page %d: column %d's string %q at index %d, want %d", page, ci, in.Strs[b.settled(id)], got, want)
			}
		}
	}
}
