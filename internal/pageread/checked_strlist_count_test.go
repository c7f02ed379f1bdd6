package pageread

import (
	"math"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestTakeStrListJSONCounts renders string lists whose counts take one,
// two and three bytes (0, 1, 127, 128, 300, 16384 elements), each
// followed by another cell, and checks the output and that the cursor
// ends after the list; then counts that are cut, not minimal or missing
// (an empty payload) must mark the cursor bad.
func TestTakeStrListJSONCounts(t *testing.T) {
	l, strs, _ := keyTable(t, 16500)
	for _, n := range []int{0, 1, 127, 128, 300, 16384} {
		b := format.AppendUvarint(nil, uint64(n))
		var want strings.Builder
		want.WriteString("pre[")
		for j := 0; j < n; j++ {
			v := j % 150
			b = format.AppendUvarint(b, uint64(v))
			if j > 0 {
				want.WriteByte(',')
			}
			want.Write(jsonwire.AppendQuoted(nil, strs[v], false))
		}
		want.WriteByte(']')
		end := len(b)
		b = append(b, 0) // the next cell: an empty list
		c := Cursor{enc: format.EncStrList, data: b, max: uint64(len(strs) - 1)}
		got := l.TakeStrListJSON([]byte("pre"), &c, false, math.MaxInt)
		if c.bad || c.pos != end || c.i != 1 || string(got) != want.String() {
			t.Fatalf("%d elements: bad %v, pos %d of %d, i %d, output %.80s, want %.80s", n, c.bad, c.pos, end, c.i, got, want.String())
		}
	}
	for _, b := range [][]byte{
		{},           // no count: the payload ends
		{0x80},       // a cut count
		{0x80, 0x00}, // a count that is not minimal
		{0x81, 0x00}, // the same, of 1
		{0x81, 0x80}, // a count cut after two bytes
	} {
		c := Cursor{enc: format.EncStrList, data: b, max: uint64(len(strs) - 1)}
		if got := l.TakeStrListJSON(nil, &c, false, math.MaxInt); !c.bad || string(got) != "[]" {
			t.Fatalf("% x: bad %v, output %s", b, c.bad, got)
		}
	}
}
