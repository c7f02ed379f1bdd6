package format

import "encoding/json"

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
