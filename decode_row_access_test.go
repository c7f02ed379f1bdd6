package rowpage

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestRowAccessorsMatchCells: the accessors that index the row's cells
// themselves (IsNullAt, Int, Float, String, Time, Elems) give what the
// cell helpers give of Row.cell, for every column index from -3 to three
// past the last, on every row of the built-in datasets and of rows that
// lack columns, hold nulls, and mix every kind of value in one column.
func TestRowAccessorsMatchCells(t *testing.T) {
	var pages [][]byte
	for _, set := range dataset.Sets {
		for _, n := range []int{1, 25, 300} {
			page, err := Marshal(set.Values(n))
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, page)
		}
	}
	t0 := time.Date(2026, 12, 5, 19, 50, 0, 123_000_000, time.FixedZone("", 3600))
	mixed := []any{nil, 7, -3, uint64(math.MaxUint64), 2.5, 1e300, "s", "2026-12-05T19:50:00Z", true, false,
		t0, t0.UTC(), []byte("b"), []any{1, "x"}, map[string]any{"k": 1}, []string{"a", "b"}, []any{}}
	var rows []map[string]any
	for i := range 400 {
		r := map[string]any{"mix": mixed[i%len(mixed)], "i" + strconv.Itoa(i%3): i}
		if i%5 != 0 {
			r["when"] = t0.Add(time.Duration(i) * time.Second)
		}
		if i%4 == 0 {
			r["maybe"] = nil
		} else {
			r["maybe"] = "m" + strconv.Itoa(i%7)
		}
		if i%9 == 0 {
			r = nil
		}
		rows = append(rows, r)
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, page)
	checked := 0
	for _, page := range pages {
		p, err := Open(page)
		if err != nil {
			t.Fatal(err)
		}
		for r := range p.Rows() {
			for c := -3; c < p.NumColumns()+3; c++ {
				x := r.cell(c)
				if got, want := r.IsNullAt(c), x != nil && x.Tag == format.TagNull; got != want {
					t.Fatalf("row %d column %d: IsNullAt %v, want %v", r.Index(), c, got, want)
				}
				v, ok := r.Int(c)
				if wv, wok := cellInt(x); v != wv || ok != wok {
					t.Fatalf("row %d column %d: Int %v %v, want %v %v", r.Index(), c, v, ok, wv, wok)
				}
				f, ok := r.Float(c)
				if wf, wok := cellFloat(x); f != wf || ok != wok {
					t.Fatalf("row %d column %d: Float %v %v, want %v %v", r.Index(), c, f, ok, wf, wok)
				}
				s, ok := r.String(c)
				ws, wok := "", false
				if x != nil && x.Tag == format.TagString {
					// Through Bytes, whose view is built apart from
					// String's string header.
					ws, wok = string(p.l.Strings.Bytes(int(x.Str))), true
				} else if x != nil && isTextTime(x.Tag) {
					ws, wok = string(jsonwire.AppendTimestampText(nil, x.Time)), true
				}
				if s != ws || ok != wok {
					t.Fatalf("row %d column %d: String %q %v, want %q %v", r.Index(), c, s, ok, ws, wok)
				}
				tm, ok := r.Time(c)
				if wt, wok := cellTime(x); !tm.Equal(wt) || tm.Location().String() != wt.Location().String() || ok != wok {
					t.Fatalf("row %d column %d: Time %v %v, want %v %v", r.Index(), c, tm, ok, wt, wok)
				}
				e, ok := r.Elems(c)
				if wok := isContainer(x); ok != wok || (ok && (e.Len() != x.Len || e.IsObject() != (x.Tag == format.TagObject && !x.Flat))) {
					t.Fatalf("row %d column %d: Elems %v (%d elements), want %v", r.Index(), c, ok, e.Len(), wok)
				}
				if x != nil && x.Tag != tagAbsent {
					checked++
				}
			}
		}
	}
	if checked < 10_000 {
		t.Fatalf("only %d cells checked", checked)
	}
}
