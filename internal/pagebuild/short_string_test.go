package pagebuild

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestCellShortStringIsCellString builds random pages of rows twice, one
// with every string cell through CellString, the other with its strings of
// up to 16 bytes through CellShortString and one memo kept across the
// pages: columns of a few repeated strings, of distinct ones (past
// MinDeferStrings, so that a column defers and then, repeating, interns
// again and renumbers), strings that are also keys, beside nulls and
// integers. Each page, and the strings deferred, must be the same.
func TestCellShortStringIsCellString(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var want, got Builder
	var memo KeyMemo
	deferredPages := 0
	for page := range 60 {
		seed := r.Uint64()
		rows := 1 + r.IntN(3*MinDeferStrings/2)
		if page%3 == 0 {
			rows = 1 + r.IntN(40)
		}
		build := func(b *Builder, short bool) ([]byte, int) {
			pr := rand.New(rand.NewPCG(seed, 7))
			b.Reset(format.KindRows)
			for row := range rows {
				b.BeginRow()
				for _, key := range []string{"few", "distinct", "mixed", "key"} {
					c, _ := b.Key(key)
					var s string
					switch op := pr.IntN(16); {
					case op == 0:
						c.AppendNull()
						continue
					case op == 1:
						c.AppendInt(int64(row))
						continue
					case key == "few":
						s = "v" + strconv.Itoa(pr.IntN(5))
					case key == "distinct":
						s = "d-" + strconv.Itoa(row)
					case key == "mixed":
						s = "m" + strconv.Itoa(pr.IntN(max(1, rows/2))) + "-long-string-past-16"[:pr.IntN(21)]
					default:
						s = []string{"few", "key", "distinct", ""}[pr.IntN(4)]
					}
					if w0, w1, ok := KeyWords([]byte(s)); short && ok {
						b.CellShortString(c, s, w0, w1, &memo)
					} else {
						b.CellString(c, s)
					}
				}
				b.EndRow()
			}
			deferred := len(b.In.deferred)
			return b.Finish(nil), deferred
		}
		w, wd := build(&want, false)
		g, gd := build(&got, true)
		deferredPages += min(wd, 1)
		if string(g) != string(w) || gd != wd {
			t.Fatalf("page %d (%d rows): CellShortString's page differs from CellString's (%d and %d strings deferred)", page, rows, gd, wd)
		}
	}
	if deferredPages == 0 {
		t.Error("no page deferred a string")
	}
}
