package format

// ValidNumber reports whether s is exactly one RFC 8259 JSON number:
//
//	number = [ "-" ] ( "0" | [1-9] *DIGIT ) [ "." 1*DIGIT ] [ ( "e" | "E" ) [ "+" | "-" ] 1*DIGIT ]
//
// "01", "1.", ".5", "+1", "NaN" and " 1" are not.
func ValidNumber[S ~string | ~[]byte](s S) bool {
	i, n := 0, len(s)
	if i < n && s[i] == '-' {
		i++
	}
	switch {
	case i == n:
		return false
	case s[i] == '0':
		i++
	case s[i]-'1' <= 8:
		i++
		for i < n && s[i]-'0' <= 9 {
			i++
		}
	default:
		return false
	}
	if i < n && s[i] == '.' {
		i++
		if i == n || s[i]-'0' > 9 {
			return false
		}
		for i < n && s[i]-'0' <= 9 {
			i++
		}
	}
	if i < n && s[i]|0x20 == 'e' {
		i++
		if i < n && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i == n || s[i]-'0' > 9 {
			return false
		}
		for i < n && s[i]-'0' <= 9 {
			i++
		}
	}
	return i == n
}
