package pagebuild

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestCellStringTextTime writes random runs of cells (text times with
// offsets of "Z", "+00:00" and others, nulls, integers) into two
// columns: one through Builder.CellString, whose common case of a text
// time skips appendTextTime, the other through CellTextTime, which
// always calls it. The columns must hold the same cells and forms of
// offset 0 after every cell; a column that gets both forms of 0, a null
// or an integer leaves the common case.
func TestCellStringTextTime(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	zones := []string{"Z", "Z", "+00:00", "-07:00", "+05:30", "+14:00"}
	var b Builder
	for run := range 3000 {
		var want, got Column
		want.reset(7)
		got.reset(7)
		n := 1 + r.IntN(40)
		// Most runs write offset 0 in one form only, so that the
		// common case holds for many cells.
		forms := zones[:2]
		if run%3 == 0 {
			forms = zones[1:]
		} else if run%3 == 1 {
			forms = zones[2:]
		}
		for k := range n {
			switch op := r.IntN(40); {
			case op == 0:
				want.AppendNull()
				got.AppendNull()
			case op == 1:
				want.AppendInt(int64(k))
				got.AppendInt(int64(k))
			default:
				s := fmt.Sprintf("2025-%02d-%02dT%02d:04:05", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24))
				if d := r.IntN(10); d > 0 {
					s += fmt.Sprintf(".%0*d", d, r.IntN(int(pow10(uint8(d)))))
				}
				s += forms[r.IntN(len(forms))]
				if !CellTextTime(&want, s) {
					t.Fatalf("CellTextTime(%q) = false", s)
				}
				b.CellString(&got, s)
			}
			if got.Kind != want.Kind || got.count != want.count || got.nulls != want.nulls || got.zeros != want.zeros ||
				got.TextTimes != want.TextTimes || !reflect.DeepEqual(got.bits, want.bits) ||
				!reflect.DeepEqual(got.times, want.times) || !reflect.DeepEqual(got.Tagged, want.Tagged) {
				t.Fatalf("run %d, cell %d: CellString left %+v, want %+v", run, k, got, want)
			}
		}
	}
}
