package pagebuild

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// shapeRow adds a row of an int cell under each key, in order, and
// returns the row's shape id.
func shapeRow(b *Builder, keys []string) uint32 {
	b.BeginRow()
	for _, k := range keys {
		if c, fresh := b.Key(k); fresh {
			c.AppendInt(1)
		}
	}
	b.EndRow()
	return b.RowShape[len(b.RowShape)-1]
}

// TestEndRowShapesAcrossGrowth gives EndRow a page of many shapes, the
// key sets of 1 to 4 keys out of 12 in every order (so shapes that differ
// only in the order of their keys), then the same rows again shuffled, so
// that the shape table grows (growShapes rehashes with hashShape) and the
// later rows find, through shapeID's hash (hashCopy), shapes indexed
// before the growth. Each shape must get one id, the one its first row
// got, and the pages must be those of a fresh builder; the next page,
// small, clears only its own entries (clearShapeIDs, which finds them by
// hashShape).
func TestEndRowShapesAcrossGrowth(t *testing.T) {
	var sets [][]string
	var grow func(prefix []string)
	grow = func(prefix []string) {
		if len(prefix) > 0 {
			sets = append(sets, slices.Clone(prefix))
		}
		if len(prefix) == 4 {
			return
		}
		for k := range 12 {
			key := fmt.Sprint("k", k)
			if !slices.Contains(prefix, key) {
				grow(append(prefix, key))
			}
		}
	}
	grow(nil) // 12 + 132 + 1,320 + 11,880 orders
	rows := slices.Clone(sets)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(sets), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	rows = append(slices.Clone(sets), rows...)

	build := func(b *Builder, rows [][]string) []byte {
		b.Reset(format.KindRows)
		first := map[string]uint32{}
		for r, keys := range rows {
			id := shapeRow(b, keys)
			name := fmt.Sprint(keys)
			if want, ok := first[name]; ok && id != want {
				t.Fatalf("row %d %v: shape %d, first seen as %d", r, keys, id, want)
			} else if !ok {
				if int(id) != len(first)+1 {
					t.Fatalf("row %d %v: new shape %d, want %d", r, keys, id, len(first)+1)
				}
				first[name] = id
			}
		}
		if len(b.Shapes) != len(first) {
			t.Fatalf("%d shapes, want %d", len(b.Shapes), len(first))
		}
		return b.Finish(nil)
	}
	var b Builder
	for _, page := range [][][]string{rows, rows[:40], rows[len(rows)-300:], rows} {
		got := build(&b, page)
		var fresh Builder
		if string(got) != string(build(&fresh, page)) {
			t.Fatalf("a page of %d rows differs from a fresh builder's", len(page))
		}
	}
}

// TestEndRowShapesInOneSlot gives EndRow shapes whose hashes all fall in
// one slot of a 32-slot table, found by searching hashShape, so
// that they fill a run of consecutive slots from that slot, then rows of
// them in other orders: each must find its own shape along the run, and
// the table must hold them where hashShape puts them (shapeID hashes with
// hashCopy, and a hash of its own would fill other slots).
func TestEndRowShapesInOneSlot(t *testing.T) {
	var b Builder
	b.Reset(format.KindRows)
	keys := make([]string, 16)
	for i := range keys {
		keys[i] = fmt.Sprint("k", i)
	}
	// A first page of 12 shapes of 4 columns leaves storage for the
	// next page's shapes, so that shapeID hashes them with hashCopy
	// rather than in shapeIDAdded, and a table of 32 slots.
	for i := range 12 {
		shapeRow(&b, keys[i:i+4])
	}
	b.Finish(nil)
	b.Reset(format.KindRows)
	for _, k := range keys {
		b.KeyColumn(k) // columns 0..15 in that order, without a row
	}
	mask := len(b.shapeIDs) - 1
	if mask != 31 {
		t.Fatalf("the table has %d slots, want 32", mask+1)
	}
	const n = 7 // under half the table, which then does not grow
	var sets [][]uint32
	slot := -1
	for x := uint32(0); len(sets) < n && x < 16*16*16; x++ {
		cols := []uint32{x % 16, x / 16 % 16, x / 256}
		if cols[0] == cols[1] || cols[0] == cols[2] || cols[1] == cols[2] {
			continue
		}
		s := int(hashShape(cols)) & mask
		if slot < 0 {
			slot = s
		}
		if s == slot {
			sets = append(sets, cols)
		}
	}
	if len(sets) < n {
		t.Fatalf("found %d shapes in one slot", len(sets))
	}
	row := func(cols []uint32) uint32 {
		ks := make([]string, len(cols))
		for i, c := range cols {
			ks[i] = keys[c]
		}
		return shapeRow(&b, ks)
	}
	for i, cols := range sets {
		if id := row(cols); id != uint32(i+1) {
			t.Fatalf("shape %v: id %d, want %d", cols, id, i+1)
		}
		if got := b.shapeIDs[(slot+i)&mask]; got != uint32(i+1) {
			t.Fatalf("shape %d in slot %d holds %d: shapeID's hash is not hashShape's", i+1, (slot+i)&mask, got)
		}
	}
	for _, i := range []int{6, 0, 3, 6, 1, 5, 2, 4, 0} {
		if id := row(sets[i]); id != uint32(i+1) {
			t.Fatalf("shape %v again: id %d, want %d", sets[i], id, i+1)
		}
		rev := slices.Clone(sets[i])
		slices.Reverse(rev)
		if id := row(rev); id <= n && !slices.Equal(b.Shapes[id-1], rev) {
			t.Fatalf("shape %v: id %d, which is %v", rev, id, b.Shapes[id-1])
		}
	}
}
