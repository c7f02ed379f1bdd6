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

// TestResetClearsColumnIndexEitherWay: Reset empties the key index by a
// clear of the span of key ids the page set, when that span is short for
// its columns, and column by column when a key came after many strings
// (a key id far above the page's columns); either way no entry stays set.
func TestResetClearsColumnIndexEitherWay(t *testing.T) {
	for _, strs := range []int{0, 10, 100, 1000} {
		var b Builder
		b.Reset(format.KindRows)
		for r := 0; r < strs+2; r++ {
			b.BeginRow()
			c, _ := b.Key("text")
			b.CellString(c, "v"+strconv.Itoa(r))
			if r == strs { // a second key, after strs strings
				c, _ = b.Key("late")
				c.AppendInt(1)
			}
			b.EndRow()
		}
		b.Finish(nil)
		late, _ := b.In.Lookup("late")
		span := b.colOfEnd <= 32*b.NumColumns()
		if want := int(late) + 1; b.colOfEnd != want {
			t.Fatalf("%d strings: colOfEnd %d, want %d", strs, b.colOfEnd, want)
		}
		b.Reset(format.KindRows)
		for id, v := range b.colOf {
			if v != 0 {
				t.Fatalf("%d strings (cleared by span: %v): after Reset, colOf[%d] = %d, want 0", strs, span, id, v)
			}
		}
		if b.colOfEnd != 0 {
			t.Fatalf("%d strings: colOfEnd %d after Reset, want 0", strs, b.colOfEnd)
		}
		if (strs <= 10) != span {
			t.Fatalf("%d strings: cleared by span: %v", strs, span)
		}
	}
}
