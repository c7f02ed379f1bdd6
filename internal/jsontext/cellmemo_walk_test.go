package jsontext

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// cellsSink is a TaggedSink that keeps each tagged cell's bytes, writes
// a key as its text and a string as 's', and counts the strings.
type cellsSink struct {
	keyCountSink
	strs  int
	buf   []byte
	cells [][]byte
	// copies counts the cells ended by EndCopy, and wrongCopies those
	// among them whose bytes are not those of the cell they name.
	copies, wrongCopies int
}

func (s *cellsSink) BeginTagged() ([]byte, uint32) { return s.buf, 0 }
func (s *cellsSink) EndTagged(b []byte) {
	s.cells = append(s.cells, bytes.Clone(b[len(s.buf):]))
	s.buf = b
}
func (s *cellsSink) EndCopy(b []byte, at, from int) {
	s.copies++
	if n := len(b) - at; from+n > at || !bytes.Equal(b[at:], b[from:from+n]) {
		s.wrongCopies++
	}
	s.EndTagged(b)
}
func (s *cellsSink) TaggedKey(b, k []byte) []byte { return append(append(b, byte(len(k))), k...) }
func (s *cellsSink) TaggedString(b, _ []byte) []byte {
	s.strs++
	return append(b, 's')
}

// TestCellMemoCellsThatStartAlike checks the cell memo, which finds an
// earlier cell of the same text among the cells whose first cellMemoMin
// bytes hash alike, against parsing each row as a text of its own, where
// nothing is copied: on pages whose cells share their first bytes and
// more, drawn from pools of up to cellMemoWalk such cells, in random
// order, some pages with short cells and cells with strings between them.
// On a page of only pool cells, every repeat is found.
func TestCellMemoCellsThatStartAlike(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var p, ref Parser
	for round := range 300 {
		var head strings.Builder
		head.WriteString(`[{"area":[`)
		for j := range 4 + r.IntN(30) {
			fmt.Fprintf(&head, `{"id":%d,"blocks":[]},`, 205705990+j)
		}
		pool := make([]string, 1+r.IntN(cellMemoWalk))
		for k := range pool {
			pool[k] = head.String() + fmt.Sprintf(`{"id":%d,"blocks":[%d]}]},{"n":%d}]`, r.IntN(3), r.IntN(3), r.IntN(1e6))
		}
		mixed := round%2 == 1
		var rows []string
		seen := map[string]bool{}
		hits := 0
		for range 1 + r.IntN(60) {
			c := pool[r.IntN(len(pool))]
			if mixed {
				switch r.IntN(8) {
				case 0:
					c = fmt.Sprintf(`[%d]`, r.IntN(4))
				case 1:
					c = c[:len(c)-1] + `,"str"]`
				}
			}
			if seen[c] {
				hits++
			}
			seen[c] = true
			rows = append(rows, `{"a":`+c+`,"b":1}`)
		}
		s, want := pageAndRows(t, round, &p, &ref, rows)
		if s.strs != want.strs {
			t.Fatalf("round %d: the sink was given %d strings; want %d", round, s.strs, want.strs)
		}
		for i := range want.cells {
			if !bytes.Equal(s.cells[i], want.cells[i]) {
				t.Fatalf("round %d: row %d %s: cell %x; want %x", round, i, rows[i], s.cells[i], want.cells[i])
			}
		}
		if s.wrongCopies != 0 || s.copies != p.memo.hits {
			t.Fatalf("round %d: %d of %d copies named a cell of other bytes; memo hits %d", round, s.wrongCopies, s.copies, p.memo.hits)
		}
		if !mixed && p.memo.hits != hits {
			t.Fatalf("round %d: %d cells copied of %d repeated", round, p.memo.hits, hits)
		}
	}
}

// TestCellMemoFull checks a page with more distinct cells than the memo
// holds (cellMemoMax), each repeated at once so that the memo stays on,
// then repeats of the first and the last of them, against parsing each
// row as a text of its own: past the bound, a cell takes the place of the
// last one of its slot.
func TestCellMemoFull(t *testing.T) {
	var rows []string
	n := cellMemoMax + 500
	for k := range n {
		row := fmt.Sprintf(`{"a":[%d,1000000,2000000,3000000,4000000,5000000]}`, k)
		rows = append(rows, row, row)
	}
	rows = append(rows, rows[:200]...)
	rows = append(rows, rows[2*n-200:2*n]...)
	var p, ref Parser
	s := &cellsSink{}
	if err := p.TaggedPage(s, []byte("["+strings.Join(rows, ",")+"]"), 8, nil); err != nil {
		t.Fatal(err)
	}
	if len(p.memo.cells) != cellMemoMax || p.memo.hits < n {
		t.Fatalf("%d cells remembered, %d copied; want %d, %d or more", len(p.memo.cells), p.memo.hits, cellMemoMax, n)
	}
	want := &cellsSink{}
	for _, row := range rows {
		if err := ref.TaggedPage(want, []byte("["+row+"]"), 8, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.cells) != len(rows) || len(want.cells) != len(rows) {
		t.Fatalf("%d and %d cells of %d rows", len(s.cells), len(want.cells), len(rows))
	}
	for i := range want.cells {
		if !bytes.Equal(s.cells[i], want.cells[i]) {
			t.Fatalf("row %d %s: cell %x; want %x", i, rows[i], s.cells[i], want.cells[i])
		}
	}
}

// pageAndRows parses rows (texts of JSON objects) as one page of rows with
// p, and each row as a page of its own with ref, into two cellsSinks, and
// fails unless each sink was given a cell a row: the cell memo's tests
// then compare the page's cells, copied or not, with the row-by-row ones.
func pageAndRows(t *testing.T, round int, p, ref *Parser, rows []string) (got, want *cellsSink) {
	t.Helper()
	got, want = &cellsSink{}, &cellsSink{}
	if err := p.TaggedPage(got, []byte("["+strings.Join(rows, ",")+"]"), 8, nil); err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		if err := ref.TaggedPage(want, []byte("["+row+"]"), 8, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(got.cells) != len(rows) || len(want.cells) != len(rows) {
		t.Fatalf("round %d: %d and %d cells of %d rows", round, len(got.cells), len(want.cells), len(rows))
	}
	return got, want
}
