package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestTakeStrJSON renders string cells with TakeStrJSON and checks each
// against TakeStrChecked followed by AppendStringJSON, on a reference
// cursor over the same payload: strings of 0 to 45 bytes, clean or not,
// some ending the (clipped) string data, at indexes of one, two and three
// bytes (127, 128, 16383, 16384), in both escaping modes, into buffers
// with every spare capacity up to past the fixed moves; and on payloads
// with indexes past the table, truncated or non-minimal, where both must
// go bad at the same place.
func TestTakeStrJSON(t *testing.T) {
	l, strs, at := keyTable(t, 16500)
	var idx []uint64
	for _, a := range at {
		for _, i := range a {
			idx = append(idx, uint64(i))
		}
	}
	idx = append(idx, 1, 126, 129, 16382, 16385, uint64(len(strs)-1))
	var payload []byte
	for _, i := range idx {
		payload = format.AppendUvarint(payload, i)
	}
	max := uint64(len(strs) - 1)
	bad := [][]byte{
		format.AppendUvarint(nil, max+1),
		format.AppendUvarint([]byte{5}, 1<<20),
		{0x80},
		{0x80, 0x80},
		{0x81, 0x00},
		{0x81, 0x80, 0x00},
		{3, 0xFF},
	}
	payloads := append([][]byte{payload}, bad...)
	for _, html := range []bool{true, false} {
		for _, p := range payloads {
			for spare := 0; spare <= 40; spare++ {
				got := Cursor{enc: format.EncStrRef, data: p, max: max}
				want := got
				for k := 0; !want.bad && want.pos < len(p); k++ {
					dst := make([]byte, 3, 3+spare)
					copy(dst, "pre")
					g := string(l.TakeStrJSON(dst, &got, html))
					w := string(l.AppendStringJSON([]byte("pre"), int(want.TakeStrChecked()), html))
					if got.bad != want.bad || got.pos != want.pos || got.i != want.i || (!want.bad && g != w) {
						t.Fatalf("% x, cell %d, html %v, spare %d: got %s (bad %v, pos %d), want %s (bad %v, pos %d)",
							p, k, html, spare, g, got.bad, got.pos, w, want.bad, want.pos)
					}
				}
				if got.pos != len(p) {
					t.Fatalf("% x: ends at %d", p, got.pos)
				}
			}
		}
	}
	// A sequence column: consecutive strings from its base, no payload.
	seq := Cursor{enc: format.EncStrSeq, acc: 16370, max: max}
	for i := 16370; i < 16400; i++ {
		g := string(l.TakeStrJSON(make([]byte, 0, 64), &seq, true))
		if w := string(l.AppendStringJSON(nil, i, true)); g != w || seq.bad {
			t.Fatalf("sequence string %d: got %s, want %s", i, g, w)
		}
	}
	// Flags not verified, and wrong (all clear): every string must still
	// be escaped as AppendQuoted escapes it.
	l.flagsOK = false
	l.Strings.flags = make([]byte, len(l.Strings.flags))
	for _, html := range []bool{true, false} {
		c := Cursor{enc: format.EncStrRef, data: payload, max: max}
		for _, i := range idx {
			g := string(l.TakeStrJSON(make([]byte, 0, 64), &c, html))
			if w := string(jsonwire.AppendQuoted(nil, strs[i], html)); g != w {
				t.Fatalf("string %d with unverified flags, html %v: got %s, want %s", i, html, g, w)
			}
		}
	}
}

// TestPairMasks checks that TakeStrJSON's mask of a string's flags,
// flagPairs[k&3] & pairMasks[mode], is escapeMask(mode) at the string's
// pair of a flags byte, as the shift it replaces computed.
func TestPairMasks(t *testing.T) {
	for _, html := range []bool{false, true} {
		for k := uint(0); k < 4; k++ {
			if got, want := flagPairs[k]&pairMasks[b2u(html)], escapeMask(html)<<(2*k); got != want {
				t.Errorf("html %v, pair %d: mask %#x, want %#x", html, k, got, want)
			}
		}
	}
}

// TestTakeIntChecked reads integer cells of every layout (plain, delta,
// frame of reference) whose varints are of every length, truncated or
// not minimal, and checks each value, position and failure against a
// reference built on ConsumeUvarint.
func TestTakeIntChecked(t *testing.T) {
	var cells [][]byte
	for _, v := range []uint64{0, 1, 127, 128, 16383, 16384, 1 << 21, 1<<35 + 7, 1<<63 - 1, 1 << 63, ^uint64(0)} {
		cells = append(cells, format.AppendUvarint(nil, v))
	}
	cells = append(cells, []byte{0x80}, []byte{0x81, 0x00}, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F})
	for _, lay := range []uint8{format.EncInt, format.EncIntDelta, format.EncIntFOR} {
		for _, first := range cells {
			for _, second := range cells {
				p := append(append([]byte{}, first...), second...)
				c := Cursor{lay: lay, data: p, acc: 5, max: 1 << 40}
				acc, pos := int64(5), 0
				for k := 0; k < 2; k++ {
					got := c.TakeIntChecked()
					v, n := format.ConsumeUvarint(p[pos:])
					if n < 0 {
						if !c.bad || c.pos != len(p) {
							t.Fatalf("layout %d, % x, cell %d: not bad at %d", lay, p, k, c.pos)
						}
						break
					}
					pos += n
					var want int64
					switch lay {
					case format.EncInt:
						want = format.DecodeZigZag(v)
					case format.EncIntDelta:
						acc += format.DecodeZigZag(v)
						want = acc
					default:
						want = 5 + int64(v)
						if v > 1<<40 { // past the frame
							if !c.bad || c.pos != len(p) {
								t.Fatalf("layout %d, % x, cell %d: offset %d past the frame: bad %v at %d", lay, p, k, v, c.bad, c.pos)
							}
							pos = len(p)
						}
					}
					if c.pos != pos || (!c.bad && got != want) || (c.bad && lay != format.EncIntFOR) {
						t.Fatalf("layout %d, % x, cell %d: got %d at %d (bad %v), want %d at %d", lay, p, k, got, c.pos, c.bad, want, pos)
					}
					if c.bad {
						break
					}
				}
			}
		}
	}
}
