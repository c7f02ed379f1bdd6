package pagebuild

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestAppendSmallShapesMatchesUvarints appends random shapes of pages of
// fewer than 128 columns (lengths 0 to 127, indexes 0 to 127) after a
// random prefix, with and without room in dst: the bytes must be each
// shape's length and indexes as uvarints, and the prefix kept.
func TestAppendSmallShapesMatchesUvarints(t *testing.T) {
	r := rand.New(rand.NewPCG(48, 16))
	for range 2000 {
		shapes := make([][]uint32, r.IntN(40))
		for i := range shapes {
			sh := make([]uint32, r.IntN(128))
			for j := range sh {
				sh[j] = uint32(r.IntN(128))
			}
			shapes[i] = sh
		}
		np := r.IntN(5)
		prefix := make([]byte, np, np+r.IntN(300))
		for i := range prefix {
			prefix[i] = byte(r.Uint32())
		}
		want := append([]byte(nil), prefix...)
		for _, sh := range shapes {
			want = format.AppendUvarint(want, uint64(len(sh)))
			for _, c := range sh {
				want = format.AppendUvarint(want, uint64(c))
			}
		}
		if got := appendSmallShapes(prefix, shapes); string(got) != string(want) {
			t.Fatalf("%d shapes after %d bytes: got % x, want % x", len(shapes), len(prefix), got, want)
		}
	}
}

// TestFinishShapesAroundWidth128 builds pages of 120 to 136 columns, whose
// rows use every column or a random subset, in random orders: the page's
// shapes section must hold each shape's length and column indexes as
// uvarints, on either side of the 128 columns below which Finish writes
// them a byte each (appendSmallShapes).
func TestFinishShapesAroundWidth128(t *testing.T) {
	r := rand.New(rand.NewPCG(128, 48))
	var b Builder
	for ncols := 120; ncols <= 136; ncols++ {
		b.Reset(format.KindRows)
		names := make([]string, ncols)
		for i := range names {
			names[i] = "k" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		}
		for row := range 12 {
			b.BeginRow()
			for _, i := range r.Perm(ncols) {
				if row%3 == 0 || r.IntN(3) > 0 {
					c, _ := b.Key(names[i])
					c.AppendBool(true)
				}
			}
			b.EndRow()
		}
		page := b.Finish(nil)
		want := format.AppendUvarint(nil, uint64(len(b.Shapes)))
		for _, sh := range b.Shapes {
			want = format.AppendUvarint(want, uint64(len(sh)))
			for _, c := range sh {
				want = format.AppendUvarint(want, uint64(c))
			}
		}
		if got := shapesSection(t, page); string(got) != string(want) {
			t.Fatalf("%d columns: shapes section % x, want % x", ncols, got, want)
		}
	}
}

// shapesSection returns the shapes section of page (SPEC.md section 3):
// after the magic, version, flags and kind, the rows, columns and string
// table, the length of the shapes and the shapes.
func shapesSection(t *testing.T, page []byte) []byte {
	t.Helper()
	p := page[len(format.Magic)+4:]
	for range 2 { // rows, columns
		_, n := format.ConsumeUvarint(p)
		p = p[n:]
	}
	size, n := format.ConsumeUvarint(p)
	p = p[n+int(size):]
	size, n = format.ConsumeUvarint(p)
	if n <= 0 || size > uint64(len(p)-n) {
		t.Fatalf("no shapes section in % x", page)
	}
	return p[n : n+int(size)]
}
