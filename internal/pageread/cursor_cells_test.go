package pageread_test

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestTakeCellsIsTakeCell: TakeCells leaves every cell and cursor as
// TakeCell does, row after row, on columns of every encoding with values
// whose varints take one, two and three bytes (string indexes past 127 and
// 16,383, frame offsets and deltas of every length, negative ones too),
// times of whole minutes and of nanoseconds, in order and not, and strings
// with nulls, repeated and distinct (a string sequence with a null bitmap).
func TestTakeCellsIsTakeCell(t *testing.T) {
	t0 := time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC)
	var rows []map[string]any
	for i := range 20_000 {
		r := map[string]any{
			"seq":   "s" + strconv.Itoa(i),
			"ref":   "r" + strconv.Itoa(i*7919%17_000),
			"few":   []string{"x", "y", "z"}[i%3],
			"int":   (i%2*2 - 1) * (i % 20_000),
			"delta": i*i%300_000 - i*3,
			"frame": 5_000_000 + (int64(i)*int64(i)*7919+int64(i)*31)%[]int64{100, 10_000, 100_000}[i%3], // int64: i*i*7919 passes 2^31
			"price": float64(i) + 0.25,
			"ok":    i%2 == 0,
			"at":    t0.Add(time.Duration(i) * time.Minute),
			"nano":  t0.Add(time.Duration(i*i%100_000) * 1_234_567_891),
			"tags":  []string{"a", "b"}[:i%3%2+1],
			"any":   map[string]any{"k": i, "v": []any{"w", i}},
		}
		if i%4 == 0 {
			r["maybe"] = "m" + strconv.Itoa(i%500)
		} else {
			r["maybe"] = nil
		}
		if i%3 != 0 {
			r["seqnull"] = "q" + strconv.Itoa(i) // distinct strings and nulls
		} else {
			r["seqnull"] = nil
		}
		rows = append(rows, r)
	}
	tw := newTakeBothWays(t, rows)
	encs := map[uint8]bool{}
	for _, col := range tw.l.Columns {
		encs[col.Enc] = true
	}
	for _, e := range []uint8{format.EncStrSeq, format.EncStrRef, format.EncInt, format.EncIntDelta, format.EncIntFOR, format.EncTime, format.EncFloat, format.EncBool,
		format.EncStrRef | format.EncNullBitmap, format.EncStrSeq | format.EncNullBitmap} {
		if !encs[e] {
			t.Errorf("no column of encoding %#x", e)
		}
	}
	for row := range tw.l.Rows {
		tw.takeRow(t, row)
	}
}

// TestTakeCellsKeepOpen: on cursors made KeepOpen, as a row reader's any
// columns are, TakeCells leaves every cell and cursor as TakeCell does,
// row after row, whether the reader closed the cell before (walking its
// elements, as Elems does) or left it open: arrays and objects with counts
// of 0 to 130 (one- and two-byte counts), nested ones, repeats of an
// earlier cell, scalars and nulls.
func TestTakeCellsKeepOpen(t *testing.T) {
	var rows []map[string]any
	for i := range 3000 {
		var v any
		switch k := i % 7; {
		case k == 0:
			v = i
		case k == 1:
			v = nil
		case k == 2:
			v = "s" + strconv.Itoa(i%40)
		case k == 3:
			v = map[string]any{"k": i % 5, "v": []any{"w", i % 3}} // repeats, often
		default:
			a := make([]any, i%131)
			for j := range a {
				a[j] = j * i
			}
			if i%3 == 0 {
				v = map[string]any{"a": a, "n": i}
			} else {
				v = a
			}
		}
		rows = append(rows, map[string]any{"any": v, "other": map[string]any{"x": []any{i % 2}}})
	}
	tw := newTakeBothWays(t, rows)
	for c := range tw.one {
		if tw.one[c].Encoding() != format.EncAny {
			t.Fatalf("column %s: encoding %#x, want any", tw.l.ColumnName(c), tw.one[c].Encoding())
		}
		tw.one[c].KeepOpen()
		tw.all[c].KeepOpen()
	}
	opened := 0
	for row := range tw.l.Rows {
		tw.takeRow(t, row)
		for c := range tw.want {
			if tw.want[c].Open {
				opened++
			}
			// A reader walks the elements of two open cells in three and
			// closes them, as Elems does; the rest stay open.
			if (row+c)%3 != 0 && tw.want[c].Open {
				for _, x := range []*pageread.Cell{&tw.want[c], &tw.got[c]} {
					r := pageread.Elements(x)
					var e pageread.Cell
					x.Close(r.End(&e))
				}
			}
		}
	}
	if opened < len(rows) {
		t.Fatalf("only %d cells open", opened)
	}
}

// takeBothWays reads a page two ways side by side: each column has a
// cursor in one, whose cells TakeCell takes one at a time into want, and
// its twin in all, whose cells TakeCells takes a row at a time into got.
type takeBothWays struct {
	l         pageread.Layout
	one, all  []pageread.Cursor
	want, got []pageread.Cell
	takes     []pageread.CellTake // all's cursors with got's cells, for TakeCells
}

// newTakeBothWays marshals rows and sets both cursors of each column of
// the page at its first row.
func newTakeBothWays(t *testing.T, rows []map[string]any) *takeBothWays {
	t.Helper()
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	tw := &takeBothWays{}
	if err := tw.l.Reset(page, format.Limits{}); err != nil {
		t.Fatal(err)
	}
	n := len(tw.l.Columns)
	tw.one, tw.all = make([]pageread.Cursor, n), make([]pageread.Cursor, n)
	tw.want, tw.got = make([]pageread.Cell, n), make([]pageread.Cell, n)
	tw.takes = make([]pageread.CellTake, n)
	for c := range n {
		tw.l.ResetCursor(&tw.one[c], c)
		tw.l.ResetCursor(&tw.all[c], c)
		tw.takes[c] = pageread.CellTake{Cur: &tw.all[c], Cell: &tw.got[c]}
	}
	return tw
}

// takeRow takes the next row's cells both ways and fails the test unless
// TakeCells left every cell and cursor as TakeCell did.
func (tw *takeBothWays) takeRow(t *testing.T, row int) {
	t.Helper()
	for c := range tw.one {
		tw.one[c].TakeCell(&tw.want[c])
	}
	pageread.TakeCells(tw.takes)
	for c := range tw.one {
		if !reflect.DeepEqual(tw.got[c], tw.want[c]) || !reflect.DeepEqual(tw.all[c], tw.one[c]) {
			t.Fatalf("row %d, column %s: TakeCells gave %+v, TakeCell %+v", row, tw.l.ColumnName(c), tw.got[c], tw.want[c])
		}
	}
}
