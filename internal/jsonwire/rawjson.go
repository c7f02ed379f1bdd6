package jsonwire

import "encoding/json"

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

// The JSON text of TagRaw values (SPEC.md 5.5): one valid JSON value with no
// insignificant whitespace, whose arrays and objects nest no deeper than
// the page's depth limit allows at the value's own depth.

// JSONDepth returns the deepest nesting of arrays and objects in b, JSON
// text that json.Valid accepts (0 for a scalar, 1 for [1]), and whether b
// is compact: no whitespace outside strings. It is one pass over b and
// does not allocate; on text that is not valid JSON its results mean
// nothing.
func JSONDepth(b []byte) (depth int, compact bool) {
	d := 0
	compact = true
	inStr := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case ' ', '\t', '\n', '\r':
			compact = false
		case '[', '{':
			d++
			depth = max(depth, d)
		case ']', '}':
			d--
		}
	}
	return depth, compact
}

// ValidCompactJSON reports whether b is one valid JSON value with no
// insignificant whitespace and nesting no deeper than maxDepth: the form a
// TagRaw value must have. It costs json.Valid and one more pass.
func ValidCompactJSON(b []byte, maxDepth int) bool {
	if !json.Valid(b) {
		return false
	}
	d, compact := JSONDepth(b)
	return compact && d <= maxDepth
}
