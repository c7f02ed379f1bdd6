package pagebuild

import "github.com/rowpage/rowpage/format"

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
	if c.Raw || c.Dec.Exp < 0 {
		return 0, false
	}
	m := c.Dec.Mant
	for range c.Dec.Exp {
		if m > format.FloatIntMax/10 {
			return 0, false
		}
		m *= 10
	}
	if m > format.FloatIntMax {
		return 0, false
	}
	if c.Dec.Neg {
		return -int64(m), true
	}
	return int64(m), true
}

// floatInts appends to dst the integers that the float cells of blob hold,
// and reports whether every cell holds one (floatInt); it stops at the
// first that does not. Cost: one ConsumeFloatCell per cell read.
func floatInts(dst []int64, blob []byte) ([]int64, bool) {
	for pos := 0; pos < len(blob); {
		c, n := format.ConsumeFloatCell(blob[pos:])
		v, ok := floatInt(c)
		if !ok {
			return dst, false
		}
		dst = append(dst, v)
		pos += n
	}
	return dst, true
}
