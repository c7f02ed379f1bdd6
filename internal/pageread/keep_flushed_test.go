package pageread

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestKeepFlushed renders an any column's array cells into buffers
// flushed as WriteJSON flushes them, each buffer overwritten as soon as
// it leaves the ring (FlushRing), and then a repeat of the first cell: on
// a page that may hold repeats, the first cell's JSON is kept as its
// buffer leaves the ring (keepFlushed), and the repeat writes it, as it
// does on a page of an older minor version, which keeps nothing and
// renders the cell again, and past keptEager, where it renders it again too.
func TestKeepFlushed(t *testing.T) {
	for _, tc := range []struct {
		minor uint8
		fill  int // bytes of l.kept already used
		kept  bool
	}{
		{format.MinorRepeat, 0, true},
		{format.MinorLengths, 0, true},
		{format.MinorDictionary, 0, false},
		{format.MinorRepeat, keptEager - 3, false}, // "[0,1,2]" passes the bound
	} {
		what := fmt.Sprintf("minor %d, %d bytes kept", tc.minor, tc.fill)
		// The first cell, FlushRing+1 more (one a flush), then a repeat of the first.
		var data []byte
		for i := range FlushRing + 2 {
			data = append(data, format.TagArray, 3)
			for k := range 3 {
				data = format.AppendVarint(append(data, format.TagInt), int64(i*10+k))
			}
		}
		data = format.AppendUvarint(append(data, format.TagRepeat), 0)
		l := &Layout{Minor: tc.minor, Columns: []Column{{}}, depth: 10}
		l.kept = append(l.kept, make([]byte, tc.fill)...)
		c := Cursor{enc: format.EncAny, data: data}
		var ring [FlushRing][]byte
		for i := range FlushRing + 2 {
			b := &ring[i%FlushRing]
			*b = l.TakeValueJSON((*b)[:0], &c, false, math.MaxInt)
			if want := fmt.Sprintf("[%d,%d,%d]", i*10, i*10+1, i*10+2); string(*b) != want || c.bad {
				t.Fatalf("%s: cell %d rendered %q, bad %v; want %s", what, i, *b, c.bad, want)
			}
			l.FlushedJSON(*b)
			// The buffer leaving the ring is reused at once: garbage in it.
			old := &ring[(i+1)%FlushRing]
			*old = append((*old)[:0], bytes.Repeat([]byte{'!'}, 8)...)
		}
		if x := l.rend[0][0]; x.kept != tc.kept {
			t.Fatalf("%s: the first cell kept %v, want %v", what, x.kept, tc.kept)
		}
		got := l.TakeValueJSON([]byte("pre"), &c, false, math.MaxInt)
		if string(got) != "pre[0,1,2]" || c.bad || c.pos != len(data) {
			t.Fatalf("%s: the repeat wrote %q, bad %v", what, got, c.bad)
		}
	}
}
