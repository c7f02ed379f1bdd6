package format

// ValidFloatCell reports whether a float cell with selector sel and payload
// v may stand in a page. For a raw cell (sel 0xFF) v is the binary64 bits,
// which must not be NaN or an infinity. For a decimal cell v is the
// mantissa, read from a canonical uvarint: it is below 10^17 and has no
// trailing zero, a zero is only +0 with exponent 0, and sel is not the
// reserved 0x7F.
func ValidFloatCell(sel byte, v uint64) bool {
	// The one statement of the rule: ConsumeFloatCell, the page validator
	// and the checked renderer of the hit path all call it, so it must stay
	// small enough to inline (cost 34 of 80 with Go 1.26).
	if sel == FloatRawSelector {
		return v&(0x7FF<<52) != 0x7FF<<52
	}
	if v == 0 {
		return sel == FloatExpBias
	}
	return sel&0x7F != 0x7F && v < FloatMaxMant && v%10 != 0
}
