package jsontext

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCellMemoCellsThatEndAlike checks the cell memo's look, which tries a
// slot's cells by their last word before their whole text, on cells that
// share their first cellMemoMin bytes and their last words: drawn at
// random from pools of envelopes of one length that differ only in a
// middle value, and of other lengths, so that a cell of the text's length
// and last word is often not the cell, and the look must go on past it.
// Every repeat is copied, with the bytes of parsing each row as a text of
// its own, and no other cell is.
func TestCellMemoCellsThatEndAlike(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var p, ref Parser
	for round := range 200 {
		pool := make([]string, 2+r.IntN(cellMemoWalk-1))
		for k := range pool {
			// Values of one digit keep most cells of one length; a few of
			// two digits make cells of other lengths.
			v := r.IntN(10)
			if r.IntN(4) == 0 {
				v = 10 + r.IntN(90)
			}
			pool[k] = fmt.Sprintf(`{"loop_end":0,"loop_start":0,"nodes":[{"tick":0,"value":%d},{"tick":%d,"value":64}],"release_node":255,"sustain_end":0}`, v, r.IntN(10))
		}
		var rows []string
		seen := map[string]bool{}
		hits := 0
		for range 1 + r.IntN(80) {
			c := pool[r.IntN(len(pool))]
			if seen[c] {
				hits++
			}
			seen[c] = true
			rows = append(rows, `{"a":1,"env":`+c+`}`)
		}
		s, want := pageAndRows(t, round, &p, &ref, rows)
		for i := range want.cells {
			if !bytes.Equal(s.cells[i], want.cells[i]) {
				t.Fatalf("round %d: row %d %s: cell %x; want %x", round, i, rows[i], s.cells[i], want.cells[i])
			}
		}
		if s.wrongCopies != 0 || s.copies != p.memo.hits || p.memo.hits != hits {
			t.Fatalf("round %d: %d copies (%d of other bytes), %d memo hits; want %d", round, s.copies, s.wrongCopies, p.memo.hits, hits)
		}
	}
}
