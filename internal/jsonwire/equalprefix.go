package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// equalPrefixWords is EqualAt for x and y of one length: four words a
// step, then a word, then the last word overlapping the ones before, and
// bytes alone only below 8 bytes. About 20 instructions a step of 32
// bytes with the bounds checks of the loads; EqualAt on amd64 leaves
// it at most the last 63 bytes.
func equalPrefixWords(x, y []byte) int {
	m := len(x)
	y = y[:m]
	j := 0
	for ; j <= m-32; j += 32 {
		x0 := binary.LittleEndian.Uint64(x[j:]) ^ binary.LittleEndian.Uint64(y[j:])
		x1 := binary.LittleEndian.Uint64(x[j+8:]) ^ binary.LittleEndian.Uint64(y[j+8:])
		x2 := binary.LittleEndian.Uint64(x[j+16:]) ^ binary.LittleEndian.Uint64(y[j+16:])
		x3 := binary.LittleEndian.Uint64(x[j+24:]) ^ binary.LittleEndian.Uint64(y[j+24:])
		if x0|x1|x2|x3 != 0 {
			switch {
			case x0 != 0:
				return j + bits.TrailingZeros64(x0)>>3
			case x1 != 0:
				return j + 8 + bits.TrailingZeros64(x1)>>3
			case x2 != 0:
				return j + 16 + bits.TrailingZeros64(x2)>>3
			}
			return j + 24 + bits.TrailingZeros64(x3)>>3
		}
	}
	for ; j <= m-8; j += 8 {
		if d := binary.LittleEndian.Uint64(x[j:]) ^ binary.LittleEndian.Uint64(y[j:]); d != 0 {
			return j + bits.TrailingZeros64(d)>>3
		}
	}
	if j == m {
		return m
	}
	if m >= 8 {
		// The bytes before j are equal, so the first that differs in the
		// last word is at j or after.
		if d := binary.LittleEndian.Uint64(x[m-8:]) ^ binary.LittleEndian.Uint64(y[m-8:]); d != 0 {
			return m - 8 + bits.TrailingZeros64(d)>>3
		}
		return m
	}
	for j < m && x[j] == y[j] {
		j++
	}
	return j
}
