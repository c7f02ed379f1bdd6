package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestContainerJSONTwoByteMembers renders, as an array's TagInt and
// TagFloatInt member, every pair of bytes whose first has the
// continuation bit: the minimal two-byte varints memberIntJSON reads in
// line (zigzag values 128 to 16383), the non-minimal ones (a second byte
// of zero) it must leave to uvarint8 and reject, and, with a third byte,
// longer varints. Each is rendered with padding after it, so that the
// member's word is read whole, and without, for memberIntSlow;
// checkRender holds each to the validator and the unchecked renderer.
func TestContainerJSONTwoByteMembers(t *testing.T) {
	l := clippedLayout(t, []string{"a"}, 8)
	for _, tag := range []byte{format.TagInt, format.TagFloatInt} {
		for x := 0x80; x <= 0xFF; x++ {
			for y := 0; y <= 0xFF; y++ {
				b := []byte{format.TagArray, 2, tag, byte(x), byte(y)}
				if y >= 0x80 {
					b = append(b, 0x01) // a three-byte varint
				}
				b = append(b, format.TagNull, 0, 0, 0, 0, 0, 0, 0, 0)
				checkRender(t, l, b, false, 32)
				checkRender(t, l, b[:len(b)-8], false, 32)
			}
		}
	}
}

// TestTakeFloatJSONOneDigit renders every decimal float cell whose
// mantissa is below 16, under every selector (each exponent, each sign),
// with bytes after it, and checks each against ConsumeFloatCell and
// AppendFloatJSON as TestTakeFloatJSONMantissa does: floatJSON writes a
// whole value of one digit (selector FloatExpBias, mantissa 0 to 9)
// without checking the cell through ValidFloatCell, which every such cell
// passes; every other cell must still be checked.
func TestTakeFloatJSONOneDigit(t *testing.T) {
	for sel := 0; sel <= 0xFF; sel++ {
		if sel == format.FloatRawSelector {
			continue
		}
		for m := range uint64(16) {
			p := []byte{byte(sel), byte(m), 0x05, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}
			for _, spare := range []int{1, 64} {
				c := Cursor{enc: format.EncFloat, lay: format.EncFloat, data: p}
				got := string(c.TakeFloatJSON(make([]byte, 0, spare)))
				ref, n := format.ConsumeFloatCell(p)
				if n < 0 {
					if !c.bad {
						t.Errorf("% x: rendered %q, want a bad cursor (ConsumeFloatCell rejects it)", p[:2], got)
					}
					continue
				}
				if want := string(jsonwire.AppendFloatJSON(nil, ref)); c.bad || got != want || c.pos != n {
					t.Errorf("% x: rendered %q at %d (bad %v), want %q at %d", p[:2], got, c.pos, c.bad, want, n)
				}
			}
		}
	}
}

// TestTakeFloatJSONBadMantissa renders float cells of the one-digit
// selector whose mantissa varint is not minimal (a last byte of zero) or
// runs past the payload, with and without 8 bytes after the selector:
// each must mark the cursor bad and write nothing, as TakeFloatJSON's doc
// says, though the value read back from a rejected varint is 0, a digit.
func TestTakeFloatJSONBadMantissa(t *testing.T) {
	sel := byte(format.FloatExpBias)
	for _, p := range [][]byte{
		{sel, 0x80, 0x00}, {sel, 0x81, 0x80, 0x00}, {sel, 0x80, 0x80, 0x80, 0x00},
		{sel, 0x80}, {sel, 0x80, 0x80},
		{sel, 0x80, 0x00, 0, 0, 0, 0, 0, 0, 0, 0}, {sel, 0x80, 0x80, 0x80, 0x00, 0, 0, 0, 0, 0, 0},
	} {
		if _, n := format.ConsumeFloatCell(p); n >= 0 {
			t.Fatalf("% x: ConsumeFloatCell takes it", p)
		}
		c := Cursor{enc: format.EncFloat, lay: format.EncFloat, data: p}
		if got := c.TakeFloatJSON(make([]byte, 0, 64)); !c.bad || len(got) != 0 {
			t.Errorf("% x: rendered %q (bad %v), want nothing and a bad cursor", p, got, c.bad)
		}
	}
}
