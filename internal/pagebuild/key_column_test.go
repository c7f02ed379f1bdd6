package pagebuild

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestKeyColumnAsColumnIndex builds the same rows twice, once finding
// every key's column with ColumnIndex and once with KeyColumn for the
// keys new to the page (some of them strings the page already holds as
// values), and checks that each key gets the same column and that the
// pages are the same bytes.
func TestKeyColumnAsColumnIndex(t *testing.T) {
	build := func(b *Builder, useKeyColumn bool) []byte {
		b.Reset(format.KindRows)
		seen := map[string]bool{}
		for r := range 30 {
			b.BeginRow()
			for _, k := range []string{"a", "v" + strconv.Itoa(r%4), "k" + strconv.Itoa(r/3), "z"} {
				var ci int32
				if useKeyColumn && !seen[k] {
					ci = b.KeyColumn(k)
				} else {
					ci = b.ColumnIndex(k)
				}
				seen[k] = true
				c, _ := b.Use(ci)
				if b.In.Strs[c.Name] != k {
					t.Fatalf("row %d: key %q got the column of %q", r, k, b.In.Strs[c.Name])
				}
				b.CellString(c, "v"+strconv.Itoa((r+1)%4)) // a later row's key
			}
			b.EndRow()
		}
		return b.Finish(nil)
	}
	var a, b Builder
	if got, want := build(&a, true), build(&b, false); string(got) != string(want) {
		t.Fatalf("the page with KeyColumn differs from ColumnIndex's:\n%x\n%x", got, want)
	}
}
