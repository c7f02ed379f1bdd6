//go:build purego

package pageread

// tableString returns string i of t, for an i that String has checked is
// below t.count: the checked twin of the unsafe view.
func tableString(t *StringTable, i int) string {
	s, e := t.span(i)
	return t.str[s:e]
}
