package format

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestAppendDecimalCellBoundaries checks the unrolled decimal-cell writer
// against the selector followed by the standard library's uvarint on both
// sides of every varint length boundary (those it unrolls, 2^7, 2^14,
// 2^21, 2^49, 2^56 and 2^63, and the others), and on random mantissas of
// every bit length.
func TestAppendDecimalCellBoundaries(t *testing.T) {
	ms := []uint64{0, FloatMaxMant - 1, FloatMaxMant, 1<<64 - 1}
	for shift := 7; shift < 64; shift += 7 {
		ms = append(ms, 1<<shift-2, 1<<shift-1, 1<<shift, 1<<shift+1)
	}
	r := rand.New(rand.NewPCG(46, 7))
	for l := 1; l <= 64; l++ {
		for range 200 {
			ms = append(ms, r.Uint64()>>(64-l)|1<<(l-1))
		}
	}
	for _, m := range ms {
		for _, d := range []Decimal{{Mant: m, Exp: -FloatExpBias}, {Neg: true, Mant: m}, {Mant: m, Exp: FloatExpBias}} {
			sel := byte(d.Exp + FloatExpBias)
			if d.Neg {
				sel |= 0x80
			}
			want := binary.AppendUvarint([]byte{0xAA, sel}, m)
			if got := appendDecimalCell([]byte{0xAA}, d); !bytes.Equal(got, want) {
				t.Errorf("appendDecimalCell(%+v) = % x, want % x", d, got, want)
			}
		}
	}
}
