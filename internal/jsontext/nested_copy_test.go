package jsontext

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// nestedCopySink is a cellsSink that is told of nested copies
// (NestedCopySink) and checks each against the cell's bytes when the cell
// ends: the copy's bytes are those of the value it names, which ends
// before the copy starts.
type nestedCopySink struct {
	cellsSink
	pending            [][3]int
	nested, wrong, all int
}

func (s *nestedCopySink) NestedCopy(at, from, n int) {
	s.pending = append(s.pending, [3]int{at, from, n})
}
func (s *nestedCopySink) EndTagged(b []byte) {
	for _, c := range s.pending {
		at, from, n := c[0], c[1], c[2]
		s.nested++
		if at < len(s.buf) || from+n > at || at+n > len(b) || n < 2 || !bytes.Equal(b[at:at+n], b[from:from+n]) {
			s.wrong++
		}
	}
	s.pending = s.pending[:0]
	s.cellsSink.EndTagged(b)
}
func (s *nestedCopySink) EndCopy(b []byte, at, from int) {
	s.cellsSink.EndCopy(b, at, from)
	s.pending = s.pending[:0] // none: a whole cell is copied without a parse
}

// TestNestedCopiesReported checks that the Parser tells a NestedCopySink
// of each array or object nested in a cell that it copies from an earlier
// one (cellMemo.rememberNested), with offsets whose bytes are the copy's,
// on pages of seat categories drawn from a pool (as TestCellMemoNested's),
// and that the cells are those of a sink that is not told.
func TestNestedCopiesReported(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var p, ref Parser
	reported := 0
	for round := range 200 {
		pool := make([]string, 1+r.IntN(6))
		for k := range pool {
			var c strings.Builder
			c.WriteString(`{"areas":[`)
			for j := range 3 + r.IntN(6) {
				if j > 0 {
					c.WriteByte(',')
				}
				fmt.Fprintf(&c, `{"areaId":%d,"blockIds":[]}`, 205705990+r.IntN(12))
			}
			fmt.Fprintf(&c, `],"seatCategoryId":%d}`, 338937290+k)
			pool[k] = c.String()
		}
		rows := []string{`{"a":[1000000,2000000,3000000,4000000,5000000]}`}
		for range 1 + r.IntN(30) {
			parts := make([]string, 1+r.IntN(4))
			for k := range parts {
				parts[k] = pool[r.IntN(len(pool))]
			}
			rows = append(rows, fmt.Sprintf(`{"n":%d,"a":[%s]}`, r.IntN(9), strings.Join(parts, ",")))
		}
		text := []byte("[" + strings.Join(rows, ",") + "]")
		s, want := &nestedCopySink{}, &cellsSink{}
		if err := p.TaggedPage(s, text, 8, nil); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if err := ref.TaggedPage(want, text, 8, nil); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if s.wrong != 0 {
			t.Fatalf("round %d: %d of %d nested copies named other bytes", round, s.wrong, s.nested)
		}
		if len(s.cells) != len(want.cells) {
			t.Fatalf("round %d: %d cells; want %d", round, len(s.cells), len(want.cells))
		}
		for i := range want.cells {
			if !bytes.Equal(s.cells[i], want.cells[i]) {
				t.Fatalf("round %d: cell %d %x; want %x", round, i, s.cells[i], want.cells[i])
			}
		}
		reported += s.nested
	}
	if reported < 200 {
		t.Fatalf("%d nested copies reported on 200 pages; want 200 or more", reported)
	}
}
