package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestTakeTimeKeptCells checks TakeTime on the cells Parse keeps
// (Column.times) against TakeTime on a cursor without them, which decodes
// the payload: on 10,000 checked columns of 1 to 40 cells in the UTC,
// shared-offset and per-value modes, with steps of one to six bytes and
// fractions of every length, every timestamp and the cursor after it
// (position, cell index, running seconds) must agree.
func TestTakeTimeKeptCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 145))
	kept := 0
	for range 10_000 {
		b, mode, n := randomTimePayload(rng)
		l := Layout{Columns: []Column{{Enc: format.EncTime, Count: n, Payload: b}}}
		if err := l.validateColumn(0, false); err != nil && mode == format.TimePerValue {
			continue // every offset equal: the check wants mode 0 or 1
		} else if err != nil {
			t.Fatalf("% x: %v", b, err)
		}
		if l.Columns[0].times != nil {
			kept++
		}
		var got, want Cursor
		l.ResetCursor(&got, 0)
		l.ResetCursor(&want, 0)
		want.times = nil
		for i := range n {
			g, w := got.TakeTime(), want.TakeTime()
			if g != w || got.pos != want.pos || got.i != want.i || got.acc != want.acc {
				t.Fatalf("% x, cell %d: TakeTime gave %+v (pos %d, i %d, acc %d) from kept cells, %+v (pos %d, i %d, acc %d) from the payload",
					b, i, g, got.pos, got.i, got.acc, w, want.pos, want.i, want.acc)
			}
		}
	}
	if kept < 5_000 {
		t.Fatalf("only %d columns kept their cells", kept)
	}
}
