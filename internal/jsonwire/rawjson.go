package jsonwire

// AppendRawJSON appends compact JSON text from a TagRaw value, escaping
// <, >, & and U+2028/U+2029 inside strings when escapeHTML is set, as
// json.Marshal does for the output of MarshalJSON methods.
func AppendRawJSON(dst, raw []byte, escapeHTML bool) []byte {
	if !escapeHTML {
		return append(dst, raw...)
	}
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '<' || c == '>' || c == '&':
			dst = append(dst, raw[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			start = i + 1
		case c == 0xE2 && i+2 < len(raw) && raw[i+1] == 0x80 && raw[i+2]&^1 == 0xA8:
			dst = append(dst, raw[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[raw[i+2]&0xF])
			i += 2
			start = i + 1
		}
	}
	return append(dst, raw[start:]...)
}
