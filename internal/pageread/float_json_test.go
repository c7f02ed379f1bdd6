package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestTakeFloatJSONMantissa renders decimal float cells whose mantissa
// varint is one, two or more bytes long, with and without bytes after the
// cell, and cells that are truncated or whose varint is not minimal, and
// checks each against ConsumeFloatCell and AppendFloatJSON: the same text
// and position for a cell ConsumeFloatCell accepts, a bad cursor for one
// it rejects.
func TestTakeFloatJSONMantissa(t *testing.T) {
	sel := byte(format.FloatExpBias - 2) // 10^-2: prices
	var cells [][]byte
	for _, m := range []uint64{1, 99, 127, 128, 999, 16383, 16384, 1999999, 99999999, 1e8 + 1, 1<<56 - 1} {
		if m%10 == 0 {
			continue
		}
		cells = append(cells, format.AppendUvarint([]byte{sel}, m), format.AppendUvarint([]byte{sel | 0x80}, m))
	}
	cells = append(cells, []byte{sel}, []byte{sel, 0x81}, []byte{sel, 0x81, 0x00}, []byte{sel, 0x81, 0x80, 0x00},
		[]byte{sel, 0x80, 0x01}, []byte{sel, 0x00}, []byte{sel, 0x0A}, []byte{0x7F, 0x05})
	for _, cell := range cells {
		for _, tail := range [][]byte{nil, {0x05, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}} {
			p := append(append([]byte(nil), cell...), tail...)
			c := Cursor{enc: format.EncFloat, lay: format.EncFloat, data: p}
			got := string(c.TakeFloatJSON(make([]byte, 0, 64)))
			ref, n := format.ConsumeFloatCell(p)
			if n < 0 || n > len(cell) {
				if !c.bad && n < 0 {
					t.Errorf("% x: rendered %q, want a bad cursor (ConsumeFloatCell rejects it)", p, got)
				}
				continue
			}
			if want := string(jsonwire.AppendFloatJSON(nil, ref)); c.bad || got != want || c.pos != n {
				t.Errorf("% x: rendered %q at %d (bad %v), want %q at %d", p, got, c.pos, c.bad, want, n)
			}
		}
	}
}
