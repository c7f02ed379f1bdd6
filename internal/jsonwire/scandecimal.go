package jsonwire

// ScanDecimal reads JSON number text s as ±mant × 10^exp, where mant holds
// the digits significant digits of s (leading zeros dropped, trailing zeros
// kept). ok is false when s has more than 19 significant digits (mant would
// not fit) or is not shaped like a number: an optional '-', digits with at
// most one '.', then optionally 'e' or 'E', a sign and at least one digit,
// and nothing after. It does not check every rule of the JSON grammar
// (leading zeros, empty integer part); callers pass text that was checked,
// or compare what they derive with the text. Exponents beyond ±100,000 are
// clamped to it. Cost: one pass over s, no allocation.
func ScanDecimal(s string) (neg bool, mant uint64, digits, exp int, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	dot := false
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' && !dot {
			dot = true
			continue
		}
		if c-'0' > 9 {
			break
		}
		if dot {
			exp--
		}
		if mant == 0 && c == '0' {
			continue // a leading zero
		}
		if digits == 19 {
			return neg, 0, 0, 0, false
		}
		mant = mant*10 + uint64(c-'0')
		digits++
	}
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return neg, 0, 0, 0, false
		}
		i++
		eneg := i < len(s) && s[i] == '-'
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if i == len(s) {
			return neg, 0, 0, 0, false
		}
		e := 0
		for ; i < len(s); i++ {
			if s[i]-'0' > 9 {
				return neg, 0, 0, 0, false
			}
			e = min(e*10+int(s[i]-'0'), 100_000)
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	return neg, mant, digits, exp, true
}
