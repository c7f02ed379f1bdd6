package format

// appendDecimalCell appends the decimal cell of d, whose Exp is in
// [-63, 63] and Mant below 10^17: the selector, then the mantissa's
// uvarint. It is the one writer of decimal cells: AppendFloatCell, its
// float64 fast path, AppendDecimalCell and FloatCell.AppendTo (which
// internal/pagebuild writes digits known in advance with) all end here.
//
// Mantissas of up to three varint bytes (below 2^21: integers, money and
// most short decimals) are written in one append, without a call;
// AppendUvarint would take its out-of-line path for every one of two or
// more bytes. So are those of eight and nine (from 2^49: the 16 and 17
// digits of a random fraction or a computed score), which through
// AppendUvarint cost a second append, a call and its five comparisons
// more, about 30 instructions of some 90.
func appendDecimalCell(dst []byte, d Decimal) []byte {
	s := byte(d.Exp + FloatExpBias)
	if d.Neg {
		s |= 0x80
	}
	switch m := d.Mant; {
	case m < 1<<7:
		return append(dst, s, byte(m))
	case m < 1<<14:
		return append(dst, s, byte(m)|0x80, byte(m>>7))
	case m < 1<<21:
		return append(dst, s, byte(m)|0x80, byte(m>>7)|0x80, byte(m>>14))
	case m >= 1<<49 && m < 1<<56:
		return append(dst, s, byte(m)|0x80, byte(m>>7)|0x80, byte(m>>14)|0x80, byte(m>>21)|0x80,
			byte(m>>28)|0x80, byte(m>>35)|0x80, byte(m>>42)|0x80, byte(m>>49))
	case m >= 1<<56 && m < 1<<63:
		return append(dst, s, byte(m)|0x80, byte(m>>7)|0x80, byte(m>>14)|0x80, byte(m>>21)|0x80,
			byte(m>>28)|0x80, byte(m>>35)|0x80, byte(m>>42)|0x80, byte(m>>49)|0x80, byte(m>>56))
	}
	return AppendUvarint(append(dst, s), d.Mant)
}
