package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestCursorLongUvarints reads varints of nine and ten bytes (uv910) with
// the checked reader (cuvSlow) and the unchecked one (uvSlow), with and
// without bytes after them, and compares with format.ConsumeUvarint; the
// checked reader must reject, as ConsumeUvarint does, a ninth or tenth
// byte of zero (not minimal), a tenth past 1 (overflow) and a varint cut
// short, leaving the cursor bad.
func TestCursorLongUvarints(t *testing.T) {
	for _, v := range []uint64{1 << 56, 1<<56 + 1, 1<<63 - 1, 1 << 63, 1<<63 + 12345, 1<<64 - 1, 0x0123456789ABCDEF} {
		for pad := range 4 {
			data := append(format.AppendUvarint(nil, v), make([]byte, pad)...)
			want, n := format.ConsumeUvarint(data)
			if n < 9 || want != v {
				t.Fatalf("AppendUvarint(%d) is %d bytes", v, n)
			}
			c := Cursor{data: data}
			if got := c.cuvSlow(); got != v || c.pos != n || c.bad {
				t.Errorf("cuvSlow(% x) = %d at %d (bad %v), want %d at %d", data, got, c.pos, c.bad, v, n)
			}
			c = Cursor{data: data}
			if got := c.uvSlow(); got != v || c.pos != n {
				t.Errorf("uvSlow(% x) = %d at %d, want %d at %d", data, got, c.pos, v, n)
			}
		}
	}
	ff8 := []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}
	for _, tc := range []struct {
		name string
		tail []byte
	}{
		{"ninth byte zero", []byte{0x00, 0x05}},
		{"tenth byte zero", []byte{0x81, 0x00, 0x05}},
		{"tenth byte 2", []byte{0x81, 0x02}},
		{"tenth byte with a continuation bit", []byte{0x81, 0x81, 0x01}},
		{"cut after eight bytes", nil},
		{"cut after nine bytes", []byte{0x81}},
	} {
		data := append(append([]byte{}, ff8...), tc.tail...)
		if _, n := format.ConsumeUvarint(data); n >= 0 {
			t.Fatalf("%s: ConsumeUvarint accepts % x", tc.name, data)
		}
		c := Cursor{data: data}
		if got := c.cuvSlow(); got != 0 || !c.bad {
			t.Errorf("%s: cuvSlow(% x) = %d, bad %v; want 0 and bad", tc.name, data, got, c.bad)
		}
	}
}
