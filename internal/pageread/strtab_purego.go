//go:build purego

package pageread

// tableString returns string i of t, for an i that String has checked is
// below t.count: the checked twin of the unsafe view.
func tableString(t *StringTable, i int) string {
	s, e := t.span(i)
	return t.str[s:e]
}

// tableBytes returns string i of t as bytes, for an i that Bytes has
// checked is below t.count: the checked twin of the unsafe view.
func tableBytes(t *StringTable, i int) []byte {
	s, e := t.span(i)
	return t.data[s:e:e]
}
