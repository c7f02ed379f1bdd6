package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestTakeDigit takes the first cell of payloads that start with every
// byte, followed by the bytes of a varint's continuation or by nothing,
// on cursors of every integer layout, with TakeDigit and, where it
// declines, checks that it left the cursor as it was; where it takes the
// cell, it checks the digit and the cursor against TakeIntJSON on a twin
// cursor over the same payload.
func TestTakeDigit(t *testing.T) {
	type layout struct{ enc, lay uint8 }
	layouts := []layout{{format.EncInt, format.EncInt}, {format.EncIntDelta, format.EncIntDelta},
		{format.EncIntFOR, format.EncIntFOR}, {format.EncFloatInt, format.EncInt},
		{format.EncFloatInt, format.EncIntDelta}, {format.EncFloatInt, format.EncIntFOR}}
	taken := 0
	for _, ly := range layouts {
		for first := 0; first < 256; first++ {
			for _, tail := range [][]byte{nil, {1}, {0x80, 0x80, 1, 2, 3, 4, 5, 6, 7}} {
				p := append([]byte{byte(first)}, tail...)
				for _, pos := range []int{0, len(p)} { // at the cell, and past the payload's end
					c := Cursor{enc: ly.enc, lay: ly.lay, acc: 3, max: 1 << 40, data: p, pos: pos, i: 7}
					twin := c
					d, ok := c.TakeDigit()
					if !ok {
						if !sameCursor(&c, &twin) {
							t.Fatalf("enc %d lay %d % x pos %d: declined but moved the cursor", ly.enc, ly.lay, p, pos)
						}
						continue
					}
					taken++
					want := string(twin.TakeIntJSON(make([]byte, 0, 32)))
					if string(d) != want || !sameCursor(&c, &twin) {
						t.Fatalf("enc %d lay %d % x pos %d: took %q (pos %d, i %d), TakeIntJSON %q (pos %d, i %d, bad %v)",
							ly.enc, ly.lay, p, pos, d, c.pos, c.i, want, twin.pos, twin.i, twin.bad)
					}
				}
			}
		}
	}
	if want := 2 * 10 * 3; taken != want { // EncInt and EncFloatInt over EncInt: ten first bytes, three tails
		t.Fatalf("TakeDigit took %d cells, want %d", taken, want)
	}
}

// sameCursor reports whether two cursors over the same payload are at the
// same place with the same state, as far as integer cells move them.
func sameCursor(a, b *Cursor) bool {
	return a.pos == b.pos && a.i == b.i && a.acc == b.acc && a.bad == b.bad
}
