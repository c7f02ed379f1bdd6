package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestSeenCellsThatStartAlike checks appendTagged, whose repeat table
// finds an earlier cell of the same source bytes among the cells of the
// same prefix hash (again), against appendTaggedRef, which remaps every
// cell and looks it up by its written bytes (cell): on columns of cells
// that share their first seenPrefix bytes and more, drawn from pools of
// up to seenWalk such cells, with short cells and nulls between them, in
// random order. Each distinct cell is remembered at most once when again
// finds every repeat. Some repeats come listed as copies of an earlier
// cell of their bytes (Column.Copies), as the tokenizer's cell memo lists
// them, often naming the same earlier cell again: the page is the same
// with and without the list.
func TestSeenCellsThatStartAlike(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	remap := make([]uint32, 300)
	for i := range remap {
		remap[i] = uint32(r.IntN(len(remap)))
	}
	// copyReps is reused from column to column, as a page's writer reuses
	// its table, so that what copied keeps of a column (its last cell
	// found) must not outlive reset.
	var reps, refReps, copyReps repeatTable
	for round := range 300 {
		// A pool of cells: arrays of one long shared run of integers,
		// then a few values of their own.
		shared := seenPrefix/3 + r.IntN(40) // three bytes an integer at least

		pool := make([][]byte, 1+r.IntN(seenWalk))
		for k := range pool {
			n := shared + 1 + r.IntN(4)
			c := AppendContainer(nil, format.TagArray, n)
			for j := range shared {
				c = AppendTaggedInt(c, int64(1000*j))
			}
			for range n - shared {
				if r.IntN(2) == 0 {
					c = AppendTaggedStr(c, uint32(r.IntN(len(remap))))
				} else {
					c = AppendTaggedInt(c, r.Int64N(1<<20))
				}
			}
			pool[k] = c
		}
		var col []byte
		var copies []uint32
		at := map[string][]int{} // the offsets of each cell's bytes in col
		distinct := map[string]bool{}
		for range 1 + r.IntN(60) {
			c := pool[r.IntN(len(pool))]
			switch r.IntN(10) {
			case 0:
				c = []byte{format.TagNull}
			case 1: // too short to remember
				c = AppendTaggedInt(AppendContainer(nil, format.TagArray, 1), r.Int64N(4))
			}
			distinct[string(c)] = true
			if prev := at[string(c)]; len(prev) > 0 && c[0] != format.TagNull && r.IntN(3) > 0 {
				copies = append(copies, uint32(len(col)), uint32(prev[r.IntN(len(prev))]))
			}
			at[string(c)] = append(at[string(c)], len(col))
			col = append(col, c...)
		}
		reps.reset()
		refReps.reset()
		var f1, f2, f3 bool
		got := appendTagged([]byte("kept"), col, remap, false, &f1, &reps)
		want := appendTaggedRef([]byte("kept"), col, remap, &f2, &refReps)
		if !bytes.Equal(got, want) || f1 != f2 {
			t.Fatalf("round %d: column %x:\nappendTagged    %x\nappendTaggedRef %x", round, col, got, want)
		}
		copyReps.reset()
		copyReps.copies = copies
		if got := appendTagged([]byte("kept"), col, remap, false, &f3, &copyReps); !bytes.Equal(got, want) || f3 != f2 {
			t.Fatalf("round %d: column %x, copies %v:\nappendTagged    %x\nappendTaggedRef %x", round, col, copies, got, want)
		}
		if len(reps.seenCells) > len(distinct) {
			t.Fatalf("round %d: %d cells remembered of %d distinct", round, len(reps.seenCells), len(distinct))
		}
	}
}

// appendTaggedRef is appendTagged for a column of array and object cells
// and nulls, without again: every cell is remapped and looked up by its
// written bytes.
func appendTaggedRef(dst, src []byte, remap []uint32, fint *bool, reps *repeatTable) []byte {
	base := len(dst)
	for pos := 0; pos < len(src); {
		if src[pos] == format.TagNull {
			dst = append(dst, format.TagNull)
			pos++
			continue
		}
		at := len(dst)
		var n int
		dst, n = remapTagged(dst, src[pos:], remap, fint)
		dst, _ = reps.cell(dst, base, at)
		pos += n
	}
	return dst
}

// TestSeenStopsWhenItMisses checks that appendTagged stops looking cells up
// by their source bytes (again) in a column where the looks miss, and keeps
// on where they find, and that the page is the same either way: columns of
// long cells, most of them distinct (as hetero's), or most of them repeats
// (as twitter's), with the first cell repeated at once so that the column
// remembers cells from the start, compared with appendTaggedRef.
func TestSeenStopsWhenItMisses(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	remap := make([]uint32, 300)
	for i := range remap {
		remap[i] = uint32(r.IntN(len(remap)))
	}
	var reps, refReps repeatTable
	for round := range 200 {
		repeats := round%2 == 1 // every other round: mostly repeats
		cell := func(k int) []byte {
			c := AppendContainer(nil, format.TagArray, 12)
			for j := range 10 {
				c = AppendTaggedInt(c, int64(1000*j))
			}
			return AppendTaggedStr(AppendTaggedInt(c, int64(k)), uint32(k%len(remap)))
		}
		first := cell(99)
		col := append(append([]byte(nil), first...), first...)
		cells := 2 + r.IntN(200)
		for i := range cells - 2 {
			if repeats && r.IntN(4) > 0 || r.IntN(200) == 0 {
				col = append(col, cell(r.IntN(8))...) // one of a few
			} else {
				col = append(col, cell(100+i)...) // distinct
			}
		}
		reps.reset()
		refReps.reset()
		var f1, f2 bool
		got := appendTagged([]byte("kept"), col, remap, false, &f1, &reps)
		want := appendTaggedRef([]byte("kept"), col, remap, &f2, &refReps)
		if !bytes.Equal(got, want) || f1 != f2 {
			t.Fatalf("round %d: column %x:\nappendTagged    %x\nappendTaggedRef %x", round, col, got, want)
		}
		if !repeats && cells > 4*seenTrial && !reps.seenOff {
			t.Fatalf("round %d: %d cells, most distinct: again still on after %d misses, %d finds", round, cells, reps.misses, reps.finds)
		}
		if repeats && cells > 4*seenTrial && reps.seenOff {
			t.Fatalf("round %d: %d cells, most repeats: again off after %d misses, %d finds", round, cells, reps.misses, reps.finds)
		}
		if reps.seenOff && seenPays(reps.misses, reps.finds) || !reps.seenOff && reps.misses > 0 && !seenPays(reps.misses, reps.finds) {
			t.Fatalf("round %d: seenOff %v after %d misses, %d finds", round, reps.seenOff, reps.misses, reps.finds)
		}
	}
}
