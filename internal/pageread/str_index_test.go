package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// takeStrInline renders the current string cell of c as the render loops
// of package jsonbridge do: a short clean string through StrIndex,
// CleanStr, ShortStr and SkipStr, with PutQuoted, given 32 bytes of room;
// any other through TakeStrJSON.
func takeStrInline(l *Layout, dst []byte, c *Cursor, html bool) []byte {
	if k, n := c.StrIndex(); n != 0 && len(dst)+32 <= cap(dst) && l.CleanStr(c, k) {
		if src, m := l.ShortStr(k); src != nil {
			c.SkipStr(n)
			return PutQuoted(dst, src, m)
		}
	}
	return l.TakeStrJSON(dst, c, html)
}

// TestStrIndexInline renders string cells as the render loops do
// (takeStrInline) and checks each against TakeStrJSON on a reference
// cursor over the same cells, as TestTakeStrJSON checks TakeStrJSON:
// strings of 0 to 45 bytes, clean or not, some ending the string data, at
// indexes of one, two and three bytes, in both escaping modes, into
// buffers of every spare capacity up to past the fixed moves, with the
// last cell at the end of the payload; payloads with indexes past the
// table, truncated or not minimal, where both must go bad at the same
// place; a sequence column; and a table whose flags were not verified.
func TestStrIndexInline(t *testing.T) {
	l, strs, at := keyTable(t, 16500)
	var idx []uint64
	for _, a := range at {
		for _, i := range a {
			idx = append(idx, uint64(i))
		}
	}
	idx = append(idx, 1, 126, 127, 128, 129, 16382, 16383, 16384, 16385, uint64(len(strs)-1))
	var payload []byte
	for _, i := range idx {
		payload = format.AppendUvarint(payload, i)
	}
	max := uint64(len(strs) - 1)
	bad := [][]byte{
		format.AppendUvarint(nil, max+1),
		format.AppendUvarint([]byte{5}, 1<<20),
		format.AppendUvarint([]byte{5}, 16383), // past the table as a two-byte index
		{0x80},
		{0x80, 0x80},
		{0x81, 0x00},
		{0x81, 0x80, 0x00},
		{3, 0xFF},
		{3},
	}
	run := func(name string, l *Layout, payloads [][]byte, max uint64) {
		t.Helper()
		for _, html := range []bool{true, false} {
			for _, p := range payloads {
				for spare := 0; spare <= 40; spare++ {
					got := Cursor{enc: format.EncStrRef, data: p, max: max}
					want := got
					for k := 0; !want.bad && want.pos < len(p); k++ {
						dst := make([]byte, 3, 3+spare)
						copy(dst, "pre")
						g := string(takeStrInline(l, dst, &got, html))
						w := string(l.TakeStrJSON([]byte("pre"), &want, html))
						if got.bad != want.bad || got.pos != want.pos || got.i != want.i || (!want.bad && g != w) {
							t.Fatalf("%s: % x, cell %d, html %v, spare %d: got %s (bad %v, pos %d), want %s (bad %v, pos %d)",
								name, p, k, html, spare, g, got.bad, got.pos, w, want.bad, want.pos)
						}
					}
					if got.pos != len(p) {
						t.Fatalf("%s: % x: ends at %d", name, p, got.pos)
					}
				}
			}
		}
	}
	run("verified", l, append([][]byte{payload}, bad...), max)
	// A sequence column: consecutive strings from its base, no payload.
	got := Cursor{enc: format.EncStrSeq, acc: 16370, max: max}
	want := got
	for i := 16370; i < 16400; i++ {
		g := string(takeStrInline(l, make([]byte, 0, 64), &got, true))
		w := string(l.TakeStrJSON(make([]byte, 0, 64), &want, true))
		if g != w || got.acc != want.acc || got.i != want.i || got.bad {
			t.Fatalf("sequence string %d: got %s, want %s", i, g, w)
		}
	}
	// Flags not verified, and wrong (all clear): every string must still
	// be escaped.
	unverified := *l
	unverified.flagsOK = false
	unverified.Strings.flags = make([]byte, len(l.Strings.flags))
	run("unverified", &unverified, [][]byte{payload}, max)
}
