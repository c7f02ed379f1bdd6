package jsonbridge_test

import (
	"io"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestRepeatHitAllocs checks that a hit on a page with repeats (SPEC.md
// 5.5) allocates nothing beyond the purego build's copy, with a reused
// buffer, through AppendJSON and WriteJSON: the table of rendered cells
// lives in the pooled transcoder. The page's JSON passes WriteJSON's chunk
// size, so that repeats also meet cells that were flushed.
func TestRepeatHitAllocs(t *testing.T) {
	if jsonbridge.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	cells := []any{
		[]any{"a", 1.5, int64(3), nil, true, "<&>"},
		map[string]any{"k": "a", "n": map[string]any{"deep": []any{1.0, 2.5}}},
		map[string]any{"k": "b"},
	}
	rows := make([]map[string]any, 2000)
	for i := range rows {
		rows[i] = map[string]any{"id": i, "v": cells[i%len(cells)], "w": cells[(i/7)%len(cells)]}
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if page[5] != format.MinorRepeat {
		t.Fatalf("minor %d: no repeats", page[5])
	}
	buf, _ := jsonbridge.AppendJSON(nil, page)
	if len(buf) < 3*32<<10 {
		t.Fatalf("%d bytes of JSON: less than three chunks", len(buf))
	}
	if n := testing.AllocsPerRun(20, func() { buf, _ = jsonbridge.AppendJSON(buf[:0], page) }); n > pureGoAllocs {
		t.Errorf("AppendJSON: %v allocs", n)
	}
	if n := testing.AllocsPerRun(20, func() { jsonbridge.WriteJSON(io.Discard, page) }); n > pureGoAllocs {
		t.Errorf("WriteJSON: %v allocs", n)
	}
}
