package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestCursorUvarints reads varints of every length, at the length
// boundaries, with the cursor's unchecked reader (uv, uvSlow), both with
// eight bytes or more after them and as the last bytes of the payload (the
// two-byte test and the one-load decoding each need bytes past the
// start), and compares with format.ConsumeUvarint.
func TestCursorUvarints(t *testing.T) {
	var vals []uint64
	for k := 1; k <= 9; k++ {
		b := uint64(1) << (7 * k)
		vals = append(vals, b-2, b-1, b, b+1)
	}
	vals = append(vals, 0, 1, 1<<63, 1<<64-1)
	for _, v := range vals {
		for pad := range 10 { // bytes after the varint
			data := format.AppendUvarint(nil, v)
			n := len(data)
			data = append(data, make([]byte, pad)...)
			c := Cursor{data: data}
			if got := c.uv(); got != v || c.pos != n {
				t.Errorf("uv(%d) with %d bytes after = %d at %d, want at %d", v, pad, got, c.pos, n)
			}
		}
	}
	// A run of varints read one after another, as a column's cells are.
	var data []byte
	for _, v := range vals {
		data = format.AppendUvarint(data, v)
	}
	c := Cursor{data: data}
	for _, v := range vals {
		if got := c.uv(); got != v {
			t.Fatalf("in a run: uv = %d, want %d", got, v)
		}
	}
	if c.pos != len(data) {
		t.Fatalf("run ends at %d, want %d", c.pos, len(data))
	}
}

// TestUvarintAt checks UvarintAt as TestCursorUvarints checks the
// cursor's reader: every length boundary, with and without eight bytes
// left, and at an offset into the bytes.
func TestUvarintAt(t *testing.T) {
	for k := 1; k <= 10; k++ {
		for _, v := range []uint64{1<<(7*k) - 1, 1 << (7 * (k - 1)), 1<<64 - 1} {
			for pad := range 10 {
				b := format.AppendUvarint([]byte{0xFF, 0xFF}, v)
				end := len(b)
				b = append(b, make([]byte, pad)...)
				want, _ := format.ConsumeUvarint(b[2:])
				if got, pos := UvarintAt(b, 2); got != want || pos != end {
					t.Errorf("UvarintAt(% x, 2) = %d, %d; want %d, %d", b, got, pos, want, end)
				}
			}
		}
	}
}

// TestWordUvarint checks WordUvarint against format.ConsumeUvarint at
// every length boundary, with the bytes after the varint set (they must
// be masked off), and that a varint of nine or ten bytes reports n = 0.
func TestWordUvarint(t *testing.T) {
	for k := 1; k <= 10; k++ {
		for _, v := range []uint64{1<<(7*k) - 1, 1 << (7 * (k - 1)), 1<<(7*(k-1)) + 0x55, 1<<64 - 1} {
			for _, after := range []byte{0x00, 0x7F, 0xFF} {
				b := format.AppendUvarint(nil, v)
				want, wn := format.ConsumeUvarint(b)
				for len(b) < 16 {
					b = append(b, after)
				}
				got, n := WordUvarint(jsonwire.Load64(b, 0))
				if wn > 8 {
					want, wn = 0, 0
				}
				if got != want || n != wn {
					t.Errorf("WordUvarint(% x) = %d, %d; want %d, %d", b[:8], got, n, want, wn)
				}
			}
		}
	}
}
