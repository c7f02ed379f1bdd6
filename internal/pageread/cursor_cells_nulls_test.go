package pageread_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// TestTakeCellsNullBitmaps: on columns with a null bitmap, of every
// encoding TakeCells reads in line, TakeCells leaves every cell and cursor
// as TakeCell does, row after row: nulls in runs and alone, and values
// whose varints take one, two and three bytes between them.
func TestTakeCellsNullBitmaps(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 19, 0, 0, 0, time.UTC)
	var rows []map[string]any
	for i := range 20_000 {
		r := map[string]any{
			"seq":   "s" + strconv.Itoa(i),
			"ref":   "r" + strconv.Itoa(i*7919%17_000),
			"int":   (i%2*2 - 1) * (i % 20_000),
			"delta": i*i%300_000 - i*3,
			"frame": 5_000_000 + (int64(i)*int64(i)*7919+int64(i)*31)%[]int64{100, 10_000, 100_000}[i%3], // int64: i*i*7919 passes 2^31
			"price": float64(i%40_000) + 0.25,
			"at":    t0.Add(time.Duration(i) * time.Minute),
			"nano":  t0.Add(time.Duration(i*i%100_000) * 1_234_567_891),
			"any":   map[string]any{"k": i},
		}
		// Each column null on its own pattern: alone, in runs of up to
		// 15, and never in the first row of some.
		for k := range r {
			if h := (i*31 + len(k)*977) % 37; h < 1+len(k)%5*3 || (i/16)%7 == len(k)%7 {
				r[k] = nil
			}
		}
		rows = append(rows, r)
	}
	tw := newTakeBothWays(t, rows)
	encs := map[uint8]bool{}
	for c := range tw.one {
		if tw.one[c].MayBeNull() {
			encs[tw.one[c].Encoding()] = true
		}
	}
	for _, e := range []uint8{format.EncStrSeq, format.EncStrRef, format.EncInt, format.EncIntDelta, format.EncIntFOR, format.EncTime, format.EncFloat} {
		if !encs[e] {
			t.Errorf("no column of encoding %#x with a null bitmap", e)
		}
	}
	nulls := 0
	for row := range tw.l.Rows {
		tw.takeRow(t, row)
		for _, cell := range tw.want {
			if cell.Tag == format.TagNull {
				nulls++
			}
		}
	}
	if nulls < len(rows) {
		t.Errorf("only %d nulls", nulls)
	}
}
