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
	c := Cursor{enc: format.EncStrRef, data: payload, max: max}
	for _, i := range idx {
		g := string(l.TakeStrJSON(make([]byte, 0, 64), &c, true))
		if w := string(jsonwire.AppendQuoted(nil, strs[i], true)); g != w {
			t.Fatalf("string %d with unverified flags: got %s, want %s", i, g, w)
		}
	}
}
