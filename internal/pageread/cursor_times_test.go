package pageread

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestTimeCellsAreTakeCell checks the time cells Parse keeps (Column.times)
// against the cells TakeCell decodes from the payload: on 20,000 columns of
// 1 to 40 cells in the UTC, shared-offset and per-value modes, with steps
// of one to six bytes and fractions of every length, TakeCells, which
// takes the kept cells, must leave every cell and the cursor as TakeCell
// does on a cursor without them; a per-value column keeps none, and a
// column whose check fails keeps none either.
func TestTimeCellsAreTakeCell(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 14))
	kept := 0
	for range 20_000 {
		b, mode, n := randomTimePayload(rng)
		bad := rng.IntN(8) == 0
		if bad { // a cut column: its check fails, and keeps nothing
			b = b[:len(b)-1]
		}
		l := Layout{Columns: []Column{{Enc: format.EncTime, Count: n, Payload: b}}}
		err := l.validateColumn(0, false)
		if bad || mode == format.TimePerValue {
			if l.Columns[0].times != nil {
				t.Fatalf("% x (mode %d, bad %v): kept %d time cells", b, mode, bad, len(l.Columns[0].times))
			}
			continue
		}
		if err != nil {
			t.Fatalf("% x: %v", b, err)
		}
		if len(l.Columns[0].times) != n {
			t.Fatalf("% x: kept %d time cells of %d", b, len(l.Columns[0].times), n)
		}
		kept++
		var got, want Cursor
		l.ResetCursor(&got, 0)
		l.ResetCursor(&want, 0)
		want.times = nil
		takes := []CellTake{{Cur: &got}}
		for i := range n {
			var g, w Cell
			takes[0].Cell = &g
			TakeCells(takes)
			want.TakeCell(&w)
			cg := got
			cg.times = nil
			if !reflect.DeepEqual(g, w) || !reflect.DeepEqual(cg, want) {
				t.Fatalf("% x, cell %d: TakeCells gave %+v (pos %d), TakeCell %+v (pos %d)", b, i, g.Time, got.pos, w.Time, want.pos)
			}
		}
	}
	if kept < 10_000 {
		t.Fatalf("only %d columns kept their cells", kept)
	}
}

// randomTimePayload returns the payload of a valid EncTime column of 1 to
// 40 cells, its mode (TimeUTC, TimeShared or TimePerValue) and its cell
// count: steps of one to six bytes (now and then one of up to 2^33
// seconds either way), fractions of 0, 3, 6 and 9 digits, and per-value
// offsets of 0, 60 or 120 seconds. A per-value column whose offsets all
// agree fails its check (the mode must then be 0 or 1).
func randomTimePayload(rng *rand.Rand) (b []byte, mode byte, n int) {
	mode = byte(rng.IntN(3))
	b = []byte{mode}
	if mode == format.TimeShared {
		b = format.AppendVarint(b, int64(60*(1+rng.IntN(1000))))
	}
	n = 1 + rng.IntN(40)
	for i := range n {
		var d int64
		switch r := rng.IntN(8); {
		case i == 0:
			d = 1_700_000_000 + rng.Int64N(1e8)
		case r == 0:
			d = rng.Int64N(1<<34) - 1<<33
		default:
			d = rng.Int64N(300)
		}
		b = format.AppendVarint(b, d)
		f := []uint64{0, rng.Uint64N(1000)*10 + 3, rng.Uint64N(1e6)*10 + 6, rng.Uint64N(1e9)*10 + 9}[rng.IntN(4)]
		b = format.AppendUvarint(b, f)
		if mode == format.TimePerValue {
			b = format.AppendVarint(b, int64(60*rng.IntN(3)))
		}
	}
	return b, mode, n
}

// TestTimeCellsHostileCount checks that a time column whose cell count is
// more than its payload can hold (each cell takes two bytes at least) gets
// nothing kept, and nothing allocated for it: its check fails, as before.
func TestTimeCellsHostileCount(t *testing.T) {
	b := []byte{format.TimeUTC}
	b = format.AppendVarint(b, 1_700_000_000)
	b = format.AppendUvarint(b, 0)
	for _, n := range []int{len(b), 1 << 20, 1 << 30} {
		l := Layout{Columns: []Column{{Enc: format.EncTime, Count: n, Payload: b}}}
		if err := l.validateColumn(0, false); err == nil {
			t.Fatalf("count %d over %d payload bytes: no error", n, len(b))
		}
		if l.Columns[0].times != nil || cap(l.times) != 0 {
			t.Fatalf("count %d over %d payload bytes: kept %d cells, %d allocated", n, len(b), len(l.Columns[0].times), cap(l.times))
		}
	}
}
