package pagebuild

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestResetClearsColumns builds a page whose keys come after many strings
// (large key ids, some renumbered by a merge), then a small page of other
// keys, and checks that Reset left no key index entry set, that no column
// of the first page shows through in the second, and that the second page
// is the page a fresh builder writes.
func TestResetClearsColumns(t *testing.T) {
	build := func(b *Builder, page int) []byte {
		b.Reset(format.KindRows)
		for r := 0; r < 40; r++ {
			b.BeginRow()
			if page == 0 {
				// Strings first, then keys whose ids follow them.
				c, _ := b.Key("text")
				b.CellString(c, "v"+strconv.Itoa(r%7))
				c, _ = b.Key("k" + strconv.Itoa(r))
				c.AppendInt(int64(r))
			} else {
				c, _ := b.Key("a")
				c.AppendInt(int64(r))
				c, _ = b.Key("b")
				b.CellString(c, "s")
			}
			b.EndRow()
		}
		return b.Finish(nil)
	}
	var b Builder
	build(&b, 0)
	b.Reset(format.KindRows)
	for id, v := range b.colOf {
		if v != 0 {
			t.Fatalf("after Reset, colOf[%d] = %d, want 0", id, v)
		}
	}
	got := build(&b, 1)
	var fresh Builder
	if want := build(&fresh, 1); string(got) != string(want) {
		t.Fatalf("second page differs from a fresh builder's:\n%x\n%x", got, want)
	}
	if n := b.NumColumns(); n != 2 {
		t.Fatalf("second page has %d columns, want 2", n)
	}
}
