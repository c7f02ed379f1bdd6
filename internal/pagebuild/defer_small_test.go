package pagebuild

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestCellStringDefersOnlyOnLargePages builds pages of a column of
// distinct strings beside one of a few repeated ones, of sizes either
// side of MinDeferStrings: the distinct column defers none of its strings
// while the page holds fewer than MinDeferStrings strings, and from the
// string after the first it interns past that on a larger page; and each
// page is the one a builder that interns every string (NoDefer) writes.
func TestCellStringDefersOnlyOnLargePages(t *testing.T) {
	build := func(b *Builder, rows int) (page []byte, deferred int) {
		b.Reset(format.KindRows)
		for r := range rows {
			b.BeginRow()
			c, _ := b.Key("id")
			b.CellString(c, "id-"+strconv.Itoa(r))
			c, _ = b.Key("kind")
			b.CellString(c, "k"+strconv.Itoa(r%3))
			b.EndRow()
		}
		deferred = len(b.In.deferred)
		return b.Finish(nil), deferred
	}
	var on, off Builder
	off.NoDefer = true
	for _, rows := range []int{DeferAfter, 100, MinDeferStrings - 10, MinDeferStrings, 3 * MinDeferStrings} {
		got, deferred := build(&on, rows)
		want, _ := build(&off, rows)
		if string(got) != string(want) {
			t.Errorf("%d rows: the page differs from the page with every string interned", rows)
		}
		// 2 keys and 3 kinds, then one new id a row: the id of row r
		// comes to a page of r+5 strings, so row MinDeferStrings-5's is
		// interned and turns deferral on, and those after it defer.
		wantDeferred := max(0, rows-(MinDeferStrings-4))
		if deferred != wantDeferred {
			t.Errorf("%d rows: %d strings deferred, want %d", rows, deferred, wantDeferred)
		}
	}
}

// TestDeferredRepeatsKeepPrivateRuns builds a page whose distinct columns
// defer, where one of them repeats an earlier string now and then, so
// that settle merges the repeats (the builder keeps a renumbering) while
// the other column still holds only strings that occur once (a private
// run of the table): the page is the one a builder that interns every
// string writes.
func TestDeferredRepeatsKeepPrivateRuns(t *testing.T) {
	build := func(b *Builder, rows int) (page []byte, renumbered bool) {
		b.Reset(format.KindRows)
		for r := range rows {
			b.BeginRow()
			c, _ := b.Key("id")
			id := r
			if r%50 == 49 {
				id = r - 7 // a repeat of a deferred id
			}
			b.CellString(c, "id-"+strconv.Itoa(id))
			c, _ = b.Key("mail")
			b.CellString(c, "user"+strconv.Itoa(r)+"@example.com")
			c, _ = b.Key("kind")
			b.CellString(c, "k"+strconv.Itoa(r%3))
			b.EndRow()
		}
		page = b.Finish(nil)
		return page, b.renum != nil
	}
	var on, off Builder
	off.NoDefer = true
	for _, rows := range []int{MinDeferStrings, 3 * MinDeferStrings} {
		got, renumbered := build(&on, rows)
		want, _ := build(&off, rows)
		if !renumbered {
			t.Errorf("%d rows: settle merged no repeats", rows)
		}
		if string(got) != string(want) {
			t.Errorf("%d rows: the page differs from the page with every string interned", rows)
		}
	}
}
