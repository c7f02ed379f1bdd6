package format

import (
	"bytes"
	"testing"
)

// TestAppendDecimalCellBoundaries checks the unrolled decimal-cell writer
// against the selector followed by AppendUvarint at every varint length
// boundary it unrolls, and past them.
func TestAppendDecimalCellBoundaries(t *testing.T) {
	for _, m := range []uint64{1, 1<<7 - 1, 1 << 7, 1<<14 - 1, 1 << 14, 1<<21 - 1, 1 << 21, 1<<28 - 1, 1 << 28, FloatMaxMant - 1} {
		for _, d := range []Decimal{{Mant: m, Exp: -FloatExpBias}, {Neg: true, Mant: m}, {Mant: m, Exp: FloatExpBias}} {
			sel := byte(d.Exp + FloatExpBias)
			if d.Neg {
				sel |= 0x80
			}
			want := AppendUvarint([]byte{0xAA, sel}, m)
			if got := appendDecimalCell([]byte{0xAA}, d); !bytes.Equal(got, want) {
				t.Errorf("appendDecimalCell(%+v) = % x, want % x", d, got, want)
			}
		}
	}
}
