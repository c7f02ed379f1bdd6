package rowpage

import (
	"strconv"
	"testing"
)

// TestUnmarshalScratchBlocksZeroed checks that the string-seq blocks an
// Unmarshal call leaves in its pooled scratch are zeroed: a block left
// filled would keep its chunk alive in the pool, and would meet the next
// call's page with another page's indexes (seqStrSlow starts a block only
// when its stop is 0). It decodes pages of distinct strings (string-seq
// columns) of 1 to 6 columns, and looks at the scratch the pool hands
// back, when it hands one (the race detector makes sync.Pool drop some).
func TestUnmarshalScratchBlocksZeroed(t *testing.T) {
	type row struct{ A, B, C, D, E, F string }
	checked := 0
	for cols := 1; cols <= 6; cols++ {
		var rows []map[string]string
		for i := range 30 {
			m := map[string]string{}
			for c := range cols {
				m[string(rune('A'+c))] = "s" + strconv.Itoa(cols) + "-" + strconv.Itoa(i)
			}
			rows = append(rows, m)
		}
		page, err := Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		var got []row
		if err := Unmarshal(page, &got); err != nil {
			t.Fatal(err)
		}
		if got[29].A != "s"+strconv.Itoa(cols)+"-29" {
			t.Fatalf("%d columns: row 29 is %+v", cols, got[29])
		}
		s, _ := unmarshalScratches.Get().(*unmarshalScratch)
		if s == nil {
			continue
		}
		if cap(s.blocks) >= cols {
			checked++
		}
		for i, b := range s.blocks[:cap(s.blocks)] {
			if b != (strBlock{}) {
				t.Fatalf("%d columns: the scratch's block %d is %+v, want zero", cols, i, b)
			}
		}
		unmarshalScratches.Put(s)
	}
	if checked == 0 && !raceEnabled {
		t.Fatal("no scratch came back from the pool with blocks")
	}
}
