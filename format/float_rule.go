package format

// ValidFloatCell reports whether the float cell of selector sel and payload
// v (the raw bits, or the decimal's mantissa) keeps the rules of SPEC.md 5.3.
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
