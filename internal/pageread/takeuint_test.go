package pageread_test

import (
	"math"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestTakeUintEveryLength: an EncUint column (a uint64 past 2^63 in it)
// reads back every value, with uvarints of every length from one byte to
// ten, at the end of the payload and before other cells, through TakeUint,
// TakeUintJSON (into a buffer with room and one without) and TakeCell.
func TestTakeUintEveryLength(t *testing.T) {
	var vals []uint64
	for k := 0; k < 64; k += 7 { // 2^k - 1 and 2^k: the edges of each length
		vals = append(vals, 1<<k-1, 1<<k, 1<<k+1)
	}
	vals = append(vals, 1<<63-1, 1<<63, 1<<63+12345, math.MaxUint64-1, math.MaxUint64, 0, 127)
	// The last tail ends the payload with ten-byte varints, the last of
	// them read with exactly ten bytes left.
	for _, tail := range [][]uint64{nil, vals[:1], vals[:len(vals)/2], {1<<63 + 1, math.MaxUint64}} {
		vs := append(append([]uint64(nil), vals...), tail...)
		rows := make([]map[string]any, len(vs))
		for i, v := range vs {
			rows[i] = map[string]any{"u": v}
		}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if enc := l.Columns[0].Enc; enc != format.EncUint {
			t.Fatalf("column encoding %#x, want EncUint", enc)
		}
		cur, cell, js := l.Cursor(0), l.Cursor(0), l.Cursor(0)
		var room []byte
		for i, want := range vs {
			room = js.TakeUintJSON(append(room[:0], "x"...))
			if got := string(room); got != "x"+strconv.FormatUint(want, 10) {
				t.Fatalf("cell %d: TakeUintJSON wrote %q, want x%d", i, got, want)
			}
			room = room[:0:0] // the next one with no room: appends grow it
			if i%2 == 0 {
				room = make([]byte, 0, 64)
			}
			if cur.TakeNull() {
				t.Fatalf("cell %d: null", i)
			}
			if got := cur.TakeUint(); got != want {
				t.Fatalf("cell %d: TakeUint %d, want %d", i, got, want)
			}
			var c pageread.Cell
			cell.TakeCell(&c)
			if got := c.Uint; c.Tag != format.TagUint {
				got = uint64(c.Int)
				if c.Tag != format.TagInt || got != want {
					t.Fatalf("cell %d: TakeCell tag %d value %d, want %d", i, c.Tag, got, want)
				}
			} else if got != want {
				t.Fatalf("cell %d: TakeCell %d, want %d", i, got, want)
			}
		}
	}
}
