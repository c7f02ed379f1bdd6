package pageread

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestRecordedCells renders the array cells of a deferred any column, then
// a repeat of each, last first, on two pages read with one layout: every
// cell must be in the column's table with its payload offset and length
// and the span it rendered to, not kept, whether valueJSON stored it in
// place or recordFirst appended it (a column's first cell, a full table),
// and every repeat must copy its cell's JSON (a repeat of a deferred
// column's cell that is not in the table fails). The table's entries are
// marked kept before the second page, whose cells must clear the mark
// where they reuse an entry in place.
func TestRecordedCells(t *testing.T) {
	const cells = 40 // past a few of append's growths
	var data []byte
	var offs []int
	var jsons []string
	for i := range cells {
		offs = append(offs, len(data))
		n := 1 + i%3
		data = append(data, format.TagArray, byte(n))
		var elems []string
		for k := range n {
			data = format.AppendVarint(append(data, format.TagInt), int64(i*100+k))
			elems = append(elems, fmt.Sprint(i*100+k))
		}
		jsons = append(jsons, "["+strings.Join(elems, ",")+"]")
	}
	want := strings.Join(jsons, ",")
	for i := cells - 1; i >= 0; i-- {
		data = format.AppendUvarint(append(data, format.TagRepeat), uint64(offs[i]))
		want += "," + jsons[i]
	}
	l := &Layout{Minor: format.MinorRepeat, Columns: []Column{{}, {deferred: true}}, depth: 10, maxPage: math.MaxInt32}
	for page := range 2 {
		if page == 1 {
			for i := range l.rend[1] {
				l.rend[1][i].kept = true
			}
			l.resetRendered()
		}
		c := Cursor{enc: format.EncAny, data: data, col: 1}
		var dst []byte
		var spans [][2]int
		for i := range 2 * cells {
			if i > 0 {
				dst = append(dst, ',')
			}
			s := len(dst)
			dst = l.TakeValueJSON(dst, &c, false, math.MaxInt)
			spans = append(spans, [2]int{s, len(dst)})
			if c.bad {
				t.Fatalf("page %d: cell %d marked the cursor bad", page, i)
			}
		}
		if string(dst) != want || c.pos != len(data) {
			t.Fatalf("page %d: wrote %s, at %d of %d; want %s", page, dst, c.pos, len(data), want)
		}
		if len(l.rend) != 2 || len(l.rend[1]) != cells || len(l.rendUsed) != 1 || l.rendUsed[0] != 1 {
			t.Fatalf("page %d: %d column tables, %d cells in column 1, rendUsed %v", page, len(l.rend), len(l.rend[1]), l.rendUsed)
		}
		for i, x := range l.rend[1] {
			n := format.SkipValue(data[offs[i]:])
			if want := (rendCell{off: uint32(offs[i]), n: uint32(n), s: spans[i][0], e: spans[i][1], gen: l.rendGen}); x != want {
				t.Fatalf("page %d: cell %d recorded as %+v, want %+v", page, i, x, want)
			}
		}
	}
}
