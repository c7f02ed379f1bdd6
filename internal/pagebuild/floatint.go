package pagebuild

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/format"
)

// Integral floats (SPEC.md 5.2, since 1.3). Maps that json.Unmarshal fills
// hold a float64 for every number, so a column of counts or ids reaches the
// builder as floats, where the same rows read from their JSON text give
// integers. Such a column is written as EncFloatInt, in the integer layout
// an int column of the same values would take, and reads back as the same
// floats.

// floatInt returns the integer that the float cell c denotes when it is one
// within ±FloatIntMax: a decimal cell of exponent 0 or more (a raw cell is
// never one: it holds −0 or a value far from 0). Cost: a multiply by 10
// per exponent step, at most 16 of them.
func floatInt(c format.FloatCell) (int64, bool) {
	if c.Raw {
		return 0, false
	}
	return decimalInt(c.Dec.Neg, c.Dec.Mant, c.Dec.Exp)
}

// floatIntMaxExp is the largest exponent of a decimal of non-zero mantissa
// within ±FloatIntMax: 10^15 is below 2^53, 10^16 above it. A whole
// decimal of a larger exponent (1e21) is never an integer cell, which
// decimalInt and remapTagged's loop tell without a multiply.
const floatIntMaxExp = 15

// decimalInt returns (-1)^neg * m * 10^exp when exp is 0 or more and the
// value is within ±FloatIntMax.
func decimalInt(neg bool, m uint64, exp int) (int64, bool) {
	if exp < 0 || exp > floatIntMaxExp && m != 0 {
		return 0, false
	}
	for range exp {
		if m > format.FloatIntMax/10 {
			return 0, false
		}
		m *= 10
	}
	if m > format.FloatIntMax {
		return 0, false
	}
	if neg {
		return -int64(m), true
	}
	return int64(m), true
}

// floatInts appends to dst the integers that the float cells of blob hold,
// and reports whether every cell holds one (floatInt); it stops at the
// first that does not. It reads each cell as cellInt does, with the
// selector and a one-byte mantissa read in the loop: a column of integral
// floats is read whole. Cost: a few instructions per cell, and
// decimalInt's.
func floatInts(dst []int64, blob []byte) ([]int64, bool) {
	for pos := 0; pos < len(blob); {
		sel := blob[pos]
		exp := int(sel&0x7F) - format.FloatExpBias
		if sel == format.FloatRawSelector || exp < 0 {
			return dst, false
		}
		m, n := uint64(blob[pos+1]), 1
		if m >= 0x80 {
			m, n = format.ConsumeUvarint(blob[pos+1:])
		}
		v, ok := decimalInt(sel&0x80 != 0, m, exp)
		if !ok {
			return dst, false
		}
		dst = append(dst, v)
		pos += 1 + n
	}
	return dst, true
}

// cellInt reads the float cell b starts with, one the builder wrote (so
// valid, and read without ConsumeFloatCell's checks): its length, and the
// integer it holds if floatInt would find one. A mantissa of one byte is
// read inline. A cell of negative exponent holds a fraction (its mantissa
// has no trailing zeros), so of a longer mantissa only the length is
// needed: the end of its varint found in one 8-byte load, where decoding
// it (ConsumeUvarint) cost about 100 instructions; the fractions of 16 or
// 17 digits that computed values have take 8 or 9 bytes.
func cellInt(b []byte) (v int64, n int, ok bool) {
	sel := b[0]
	if sel == format.FloatRawSelector {
		return 0, format.FloatRawSize, false
	}
	m, k := uint64(b[1]), 1
	if m >= 0x80 {
		if int(sel&0x7F) < format.FloatExpBias && len(b) >= 9 {
			if ends := ^binary.LittleEndian.Uint64(b[1:]) & 0x8080808080808080; ends != 0 {
				return 0, 2 + bits.TrailingZeros64(ends)>>3, false
			}
		}
		m, k = format.ConsumeUvarint(b[1:])
	}
	v, ok = decimalInt(sel&0x80 != 0, m, int(sel&0x7F)-format.FloatExpBias)
	return v, 1 + k, ok
}
