package jsontext

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCellMemoNested checks the copy of arrays and objects nested in
// cells (cellMemo.rememberNested) against parsing each row as a text of
// its own, where nothing is copied: cells that differ from each other are
// lists of seat categories drawn from a pool, long enough to be
// remembered, some with a string in them (never remembered), some wrapped
// in arrays so that the same text comes at other nestings, past the
// nesting limit on some pages. A page parses to the rows' cells, with the
// sink given the same strings, or fails where a row does.
func TestCellMemoNested(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var p, ref Parser
	copied := 0
	for round := range 300 {
		pool := make([]string, 1+r.IntN(8))
		for k := range pool {
			var c strings.Builder
			fmt.Fprintf(&c, `{"areas":[`)
			for j := range 3 + r.IntN(6) {
				if j > 0 {
					c.WriteByte(',')
				}
				fmt.Fprintf(&c, `{"areaId":%d,"blockIds":[]}`, 205705990+r.IntN(12))
			}
			if r.IntN(6) == 0 {
				c.WriteString(`,"str"`)
			}
			fmt.Fprintf(&c, `],"seatCategoryId":%d}`, 338937290+k)
			pool[k] = c.String()
		}
		limit := 4 + r.IntN(4)
		rows := []string{`{"a":[1000000,2000000,3000000,4000000,5000000]}`}
		for range 1 + r.IntN(40) {
			parts := make([]string, 1+r.IntN(4))
			for k := range parts {
				parts[k] = pool[r.IntN(len(pool))]
				for range r.IntN(3) {
					parts[k] = "[" + parts[k] + "]"
				}
			}
			rows = append(rows, `{"a":[`+strings.Join(parts, ",")+`]}`)
		}
		s := &cellsSink{}
		err := p.TaggedPage(s, []byte("["+strings.Join(rows, ",")+"]"), limit, nil)
		want := &cellsSink{}
		var wantErr *Error
		for _, row := range rows {
			if wantErr = ref.TaggedPage(want, []byte("["+row+"]"), limit, nil); wantErr != nil {
				break
			}
		}
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("round %d: error %v; want %v", round, err, wantErr)
		}
		if err != nil {
			continue
		}
		if s.strs != want.strs {
			t.Fatalf("round %d: the sink was given %d strings; want %d", round, s.strs, want.strs)
		}
		if len(s.cells) != len(want.cells) {
			t.Fatalf("round %d: %d cells; want %d", round, len(s.cells), len(want.cells))
		}
		for i := range want.cells {
			if !bytes.Equal(s.cells[i], want.cells[i]) {
				t.Fatalf("round %d: row %d %s: cell %x; want %x", round, i, rows[i], s.cells[i], want.cells[i])
			}
		}
		if p.memo.nested != 0 {
			copied++
		}
	}
	if copied < 50 {
		t.Fatalf("%d of 300 pages remembered nested cells; want 50 or more", copied)
	}
}

// TestCellMemoNestedOnlyLive checks when a nested array of cellMemoNested
// bytes or more is remembered: not in the text's first cell (the memo is
// not live yet), nor with a string in it, but in a later cell once an
// earlier one was remembered, with strings around it or not.
func TestCellMemoNestedOnlyLive(t *testing.T) {
	nums := "[" + strings.Repeat("1000000,", 20) + "1]"
	for _, c := range []struct {
		rows []string
		want bool
	}{
		{[]string{`{"a":[` + nums + `]}`}, false},
		{[]string{`{"a":[1000000,2000000,3000000,4000000,5000000]}`, `{"a":[["s",` + nums[1:] + `]}`}, false},
		{[]string{`{"a":[1000000,2000000,3000000,4000000,5000000]}`, `{"a":["s",` + nums + `]}`}, true},
		{[]string{`{"a":[1000000,2000000,3000000,4000000,5000000]}`, `{"a":[` + nums + `,"s"]}`}, true},
		{[]string{`{"a":[1000000,2000000,3000000,4000000,5000000]}`, `{"a":[` + nums + `]}`}, true},
	} {
		var p Parser
		if err := p.TaggedPage(&cellsSink{}, []byte("["+strings.Join(c.rows, ",")+"]"), 8, nil); err != nil {
			t.Fatalf("%s: %v", c.rows, err)
		}
		if got := p.memo.nested != 0; got != c.want {
			t.Errorf("%s: nested remembered %v; want %v", c.rows, got, c.want)
		}
	}
}
