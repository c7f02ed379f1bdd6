package pagebuild

import (
	"slices"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestHashCopy: hashCopy copies the columns and returns hashShape's hash,
// for shapes of every length up to a few words.
func TestHashCopy(t *testing.T) {
	for n := range 20 {
		cols := make([]uint32, n)
		for i := range cols {
			cols[i] = uint32(i*7919 + n)
		}
		dst := make([]uint32, n, n+3)
		if h, want := hashCopy(dst, cols), hashShape(cols); h != want {
			t.Fatalf("n=%d: hashCopy = %#x, hashShape = %#x", n, h, want)
		}
		if !slices.Equal(dst, cols) {
			t.Fatalf("n=%d: copied %v, want %v", n, dst, cols)
		}
	}
}

// TestShapesInReusedStorage builds pages whose rows list their keys in
// changing orders, so that shapeID meets new shapes (copied into the
// storage an earlier page's shape left, longer or shorter than the new
// one) and shapes it has (where the copy is left unused), and checks that
// each page is the page a fresh builder writes and that its shapes are the
// rows' key orders, first seen first.
func TestShapesInReusedStorage(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f"}
	build := func(b *Builder, page int) ([]byte, [][]uint32) {
		b.Reset(format.KindRows)
		var want [][]uint32
		for r := range 60 {
			n := 1 + (r*5+page*3)%len(keys) // widths change from page to page
			if page == 1 && r%4 == 0 {
				n = 0 // an empty shape between others
			}
			b.BeginRow()
			for i := range n {
				if c, fresh := b.Key(keys[(i*(r%5+1)+r/7)%len(keys)]); fresh {
					c.AppendInt(int64(r))
				}
			}
			order := slices.Clone(b.cur) // the row's columns in key order
			b.EndRow()
			if !slices.ContainsFunc(want, func(s []uint32) bool { return slices.Equal(s, order) }) {
				want = append(want, order)
			}
		}
		return b.Finish(nil), want
	}
	var b Builder
	for page := range 4 {
		got, want := build(&b, page)
		var fresh Builder
		if w, _ := build(&fresh, page); string(got) != string(w) {
			t.Fatalf("page %d differs from a fresh builder's", page)
		}
		if len(b.Shapes) != len(want) {
			t.Fatalf("page %d: %d shapes, want %d", page, len(b.Shapes), len(want))
		}
		for i, sh := range b.Shapes {
			if !slices.Equal(sh, want[i]) {
				t.Fatalf("page %d: shape %d = %v, want %v", page, i+1, sh, want[i])
			}
		}
	}
}
