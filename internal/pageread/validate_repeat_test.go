package pageread

import (
	"errors"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestAnyColumnRepeatMemo checks anyColumn's memo of repeated cells with
// two cells whose offsets share its slot (0 and repeatMemo, of different
// lengths), named by repeats in turn: each repeat must add the length of
// the cell it names to the expansion, and a repeat of an offset in the
// same slot where no cell starts must still fail.
func TestAnyColumnRepeatMemo(t *testing.T) {
	// Cell A at 0: an array of 31 zeros, 64 bytes; cell B at 64: [0].
	b := []byte{format.TagArray, 31}
	for range 31 {
		b = append(b, format.TagInt, 0)
	}
	if len(b) != repeatMemo {
		t.Fatalf("cell A takes %d bytes, want %d", len(b), repeatMemo)
	}
	b = append(b, format.TagArray, 1, format.TagInt, 0)
	n, want := 2, 0
	for i := range 6 {
		off, size := 0, repeatMemo
		if i%2 == 1 {
			off, size = repeatMemo, 4
		}
		b = format.AppendUvarint(append(b, format.TagRepeat), uint64(off))
		n, want = n+1, want+size
	}
	check := func(b []byte, n int) *validator {
		l := &Layout{depth: 3, maxStr: 1 << 20, maxPage: 1 << 30}
		l.Strings.count = 10
		v := &validator{l: l, r: reader{b: b}}
		v.anyColumn(n)
		return v
	}
	if v := check(b, n); v.r.err != nil || v.l.expand != want || v.r.pos != len(b) {
		t.Fatalf("anyColumn: err %v, expansion %d, end %d; want nil, %d, %d", v.r.err, v.l.expand, v.r.pos, want, len(b))
	}
	bad := format.AppendUvarint(append(b, format.TagRepeat), 2*repeatMemo) // no cell there
	if v := check(bad, n+1); !errors.Is(v.r.err, format.ErrCorrupt) || v.r.err.Offset != len(b) {
		t.Fatalf("a repeat of no cell: err %v, want ErrCorrupt at %d", v.r.err, len(b))
	}
}
