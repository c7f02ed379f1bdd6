package pagebuild

import "github.com/rowpage/rowpage/format"

// Float cells are written by format.AppendFloatCell (and
// format.AppendDecimalCell when the digits are known).

// AppendCellDigits appends the decimal cell of (-1)^neg * mant * 10^exp,
// where mant > 0 has no trailing zeros.
func AppendCellDigits(dst []byte, neg bool, mant uint64, exp int) []byte {
	s := byte(exp + format.FloatExpBias)
	if neg {
		s |= 0x80
	}
	switch {
	case mant < 1<<7:
		return append(dst, s, byte(mant))
	case mant < 1<<14:
		return append(dst, s, byte(mant)|0x80, byte(mant>>7))
	case mant < 1<<21:
		return append(dst, s, byte(mant)|0x80, byte(mant>>7)|0x80, byte(mant>>14))
	}
	return format.AppendUvarint(append(dst, s), mant)
}
