package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestQuickStrIndex checks quickStrIndex, which reads one- and two-byte
// indexes itself, against format.ConsumeUvarint and the table's length: indexes at every varint length boundary, in and past a table of
// 20,000 strings, written minimally and not (a zero last byte), cut short
// anywhere, and with zero to nine bytes after them (the one-load
// decoding of longer varints needs eight).
func TestQuickStrIndex(t *testing.T) {
	const nstr = 20_000
	v := validator{nstr: nstr}
	var encs [][]byte
	for _, i := range []uint64{0, 1, 127, 128, 255, 16383, 16384, nstr - 1, nstr, 1<<21 - 1, 1 << 21, 1<<28 + 5} {
		m := format.AppendUvarint(nil, i)
		encs = append(encs, m)
		// Non-minimal: the last byte gets a continuation bit, then a zero.
		long := append(append([]byte(nil), m...), 0)
		long[len(m)-1] |= 0x80
		encs = append(encs, long)
	}
	for _, m := range encs {
		for cut := 0; cut <= len(m); cut++ {
			for after := range 10 {
				b := append(append([]byte(nil), m[:cut]...), make([]byte, after)...)
				for k := len(m[:cut]); k < len(b); k++ {
					b[k] = 0x05 // a byte a following tag could be
				}
				want := -1
				if i, n := format.ConsumeUvarint(b); n > 0 && i < nstr {
					want = n
				}
				if got := v.quickStrIndex(b, 0); got != want {
					t.Errorf("% x: quickStrIndex = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// TestQuickValueStrIndexes checks the indexes quickValue reads itself, one
// and two bytes, and those it leaves to quickStrIndex, as an object's key
// and as a string member, against format.ConsumeUvarint and the table's
// length: the same indexes as TestQuickStrIndex, minimal and not, with
// zero to nine bytes after the value.
func TestQuickValueStrIndexes(t *testing.T) {
	const nstr = 20_000
	v := validator{nstr: nstr, l: &Layout{depth: 8}}
	for _, i := range []uint64{0, 1, 127, 128, 255, 16383, 16384, nstr - 1, nstr, 1<<21 - 1, 1 << 21} {
		m := format.AppendUvarint(nil, i)
		long := append(append([]byte(nil), m...), 0) // not minimal
		long[len(m)-1] |= 0x80
		for _, enc := range [][]byte{m, long} {
			valid := false
			if j, n := format.ConsumeUvarint(enc); n == len(enc) && j < nstr {
				valid = true
			}
			asKey := append(append([]byte{format.TagObject, 1}, enc...), format.TagNull)
			asString := append([]byte{format.TagObject, 1, 0, format.TagString}, enc...)
			for _, val := range [][]byte{asKey, asString} {
				for after := range 10 {
					b := append(append([]byte(nil), val...), make([]byte, after)...)
					want := -1
					if valid {
						want = len(val)
					}
					if got := v.quickValue(b, 0, 1); got != want {
						t.Errorf("% x: quickValue = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}
