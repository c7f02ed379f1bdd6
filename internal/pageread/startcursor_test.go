package pageread_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestStartCursorIsResetCursor: StartCursor on a zero cursor, and
// ResetCursor on a cursor left part way through another column, give the
// cursor Layout.Cursor gives, for columns of every encoding a page of
// maps makes (strings, sequences, integers plain, delta and framed,
// floats, integral floats, integers and floats mixed, booleans, times,
// text times, uints, lists, nested values, all-null columns and null
// bitmaps), on a validated and on a deferred layout.
func TestStartCursorIsResetCursor(t *testing.T) {
	t0 := time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC)
	var rows []map[string]any
	for i := range 40 {
		r := map[string]any{
			"seq":   "s" + string(rune('a'+i%26)) + string(rune('a'+i/26)),
			"name":  []string{"x", "y", "z"}[i%3],
			"id":    1_000_000 + i,
			"delta": i * i,
			"small": -i,
			"price": float64(i) + 0.25,
			"whole": float64(i * 10),
			"ok":    i%2 == 0,
			"at":    t0.Add(time.Duration(i) * time.Minute),
			"big":   uint64(1<<63) + uint64(i),
			"tags":  []string{"a", "b"}[:i%3%2+1],
			"any":   map[string]any{"k": i, "v": []any{"w", i}},
			"frame": 5_000_000 + i*7919%1000,
			"mixed": []any{i, float64(i) + 0.5}[i%2],
			"text":  t0.Add(time.Duration(i) * time.Hour).Format(time.RFC3339),
			"none":  nil,
		}
		if i%4 == 0 {
			r["maybe"] = i
		} else {
			r["maybe"] = nil
		}
		rows = append(rows, r)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, deferred := range []bool{false, true} {
		var l pageread.Layout
		if deferred {
			err = l.ResetDeferred(page, format.Limits{})
		} else {
			err = l.Reset(page, format.Limits{})
		}
		if err != nil {
			t.Fatal(err)
		}
		var cell pageread.Cell
		for c := range l.Columns {
			want := l.Cursor(c)
			var zero pageread.Cursor
			l.StartCursor(&zero, c)
			if !reflect.DeepEqual(zero, want) {
				t.Errorf("deferred %v, column %d (encoding %#x): StartCursor gives %+v, want %+v", deferred, c, want.Encoding(), zero, want)
			}
			dirty := l.Cursor((c + 1) % len(l.Columns))
			for range 3 {
				dirty.TakeCell(&cell)
			}
			l.ResetCursor(&dirty, c)
			if !reflect.DeepEqual(dirty, want) {
				t.Errorf("deferred %v, column %d: ResetCursor of a used cursor gives %+v, want %+v", deferred, c, dirty, want)
			}
		}
	}
}
