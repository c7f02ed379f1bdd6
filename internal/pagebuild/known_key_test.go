package pagebuild

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestNewKeyColumnHashedAsColumnIndex builds pages of rows whose first
// row's keys get their columns from NewKeyColumnHashed, with the hashes
// KeyHash gave on the page before, and checks each page's bytes against
// those of a Builder that finds every column with ColumnIndex: keys that
// the row's values, or a nested object's key, gave the interner already;
// keys of more than longHashMin bytes; and pages of enough strings that
// the interner's table grows and new keys leave the in-line add (room).
func TestNewKeyColumnHashedAsColumnIndex(t *testing.T) {
	keys := []string{"a", "id", "name", "value", strings.Repeat("k", 16), strings.Repeat("long", 40), "é", "z"}
	var hashes []uint32
	build := func(b *Builder, hashed bool, page int) []byte {
		b.Reset(format.KindRows)
		// Strings before the first row's keys: the value of a later key,
		// and, on some pages, many others, so that the table grows.
		for j := range page % 3 * 40 {
			b.In.Intern("s" + strconv.Itoa(j))
		}
		b.In.Intern("name")
		b.In.InternKey("value")
		var got []uint32
		for r := range 5 {
			b.BeginRow()
			for j, k := range keys {
				var ci int32
				if r == 0 && hashed && hashes != nil {
					ci = b.NewKeyColumnHashed(k, hashes[j])
				} else {
					ci = b.ColumnIndex(k)
				}
				c, fresh := b.Use(ci)
				if !fresh || b.In.Strs[c.Name] != k {
					t.Fatalf("page %d row %d: key %q got the column of %q (fresh %v)", page, r, k, b.In.Strs[c.Name], fresh)
				}
				if r == 0 {
					got = append(got, b.In.KeyHash(c.Name))
				}
				b.CellString(c, keys[(j+r)%len(keys)])
			}
			b.EndRow()
		}
		if hashed {
			hashes = got
		}
		return b.Finish(nil)
	}
	var a, b Builder
	for page := range 6 {
		got, want := build(&a, true, page), build(&b, false, page)
		if string(got) != string(want) {
			t.Fatalf("page %d: the page with NewKeyColumnHashed differs from ColumnIndex's:\n%x\n%x", page, got, want)
		}
		for _, k := range keys {
			id, ok := a.In.LookupKey(k)
			if !ok || a.In.Strs[id] != k || !a.In.IsKey(id) {
				t.Fatalf("page %d: key %q not found as a key after NewKeyColumnHashed", page, k)
			}
			if e := a.In.keys[keySlot(k)]; e != b.In.keys[keySlot(k)] {
				t.Fatalf("page %d: key %q: key table entry %d, ColumnIndex's %d", page, k, e, b.In.keys[keySlot(k)])
			}
		}
	}
}

// TestKeyColumnHashedAsKeyColumn builds pages of rows whose keys vary
// from row to row, each key's column found by KeyColumnHashed with the
// hash KeyHash gave on an earlier page (KeyColumn for a key not hashed
// yet), and checks each page's bytes, each key's column and the key
// table against those of a Builder that finds every column with
// KeyColumn: keys new to the page and keys that have a column already,
// keys that a value or a nested object's key gave the interner first,
// keys of more than longHashMin bytes, and pages of enough strings that
// the interner's table grows and new keys leave the in-line add (room).
func TestKeyColumnHashedAsKeyColumn(t *testing.T) {
	keys := []string{"a", "id", "name", "value", strings.Repeat("k", 16), strings.Repeat("long", 40), "é", "z", "kind"}
	hashes := map[string]uint32{}
	build := func(b *Builder, hashed bool, page int) ([]byte, []int32) {
		b.Reset(format.KindRows)
		for j := range page % 3 * 40 {
			b.In.Intern("s" + strconv.Itoa(j))
		}
		b.In.Intern("name")
		b.In.InternKey("value")
		var cols []int32
		for r := range 6 {
			b.BeginRow()
			for j, k := range keys {
				if (j+r+page)%3 == 0 {
					continue // a sparse row: this key is missing
				}
				var ci int32
				if h, ok := hashes[k]; hashed && ok {
					ci = b.KeyColumnHashed(k, h)
				} else {
					ci = b.KeyColumn(k)
				}
				c, _ := b.Use(ci)
				if b.In.Strs[c.Name] != k {
					t.Fatalf("page %d row %d: key %q got the column of %q", page, r, k, b.In.Strs[c.Name])
				}
				if hashed {
					hashes[k] = b.In.KeyHash(c.Name)
				}
				cols = append(cols, ci)
				b.CellString(c, keys[(j+r)%len(keys)])
			}
			b.EndRow()
		}
		return b.Finish(nil), cols
	}
	var a, b Builder
	for page := range 8 {
		got, gotCols := build(&a, true, page)
		want, wantCols := build(&b, false, page)
		if string(got) != string(want) {
			t.Fatalf("page %d: the page with KeyColumnHashed differs from KeyColumn's:\n%x\n%x", page, got, want)
		}
		if fmt.Sprint(gotCols) != fmt.Sprint(wantCols) {
			t.Fatalf("page %d: columns %v, KeyColumn's %v", page, gotCols, wantCols)
		}
		for _, k := range keys {
			if e := a.In.keys[keySlot(k)]; e != b.In.keys[keySlot(k)] {
				t.Fatalf("page %d: key %q: key table entry %d, KeyColumn's %d", page, k, e, b.In.keys[keySlot(k)])
			}
		}
	}
}
