package pageread

import "github.com/rowpage/rowpage/format"

// ColumnNamesAre reports whether the page's columns are named, in order,
// by names cut at ends (column c's name ends at names[ends[c]], the first
// at names[0:ends[0]]), as a reader that renders keys once for a run of
// pages with the same columns asks of each page. A value page's one
// column has no name: it matches any names of one column. When the names
// are strings following one another in the table, the usual layout,
// they are compared in one memequal after a check of their ends, about
// four instructions a column; otherwise name by name.
func (l *Layout) ColumnNamesAre(names []byte, ends []int32) bool {
	cols := l.Columns
	if len(cols) != len(ends) {
		return false
	}
	if l.Kind == format.KindValue || len(cols) == 0 {
		return true
	}
	t := &l.Strings
	first := int(cols[0].Name)
	if run := t.offs[first:]; len(run) > len(cols) && int(ends[len(ends)-1]) <= len(names) {
		run = run[:len(cols)+1]
		start := run[0]
		c := 0
		for c < len(cols) && int(cols[c].Name) == first+c && run[c+1]-start == uint32(ends[c]) {
			c++
		}
		if c == len(cols) {
			return string(t.data[start:run[len(cols)]]) == string(names[:ends[len(ends)-1]])
		}
	}
	s := int32(0)
	for c, e := range ends {
		if e < s || int(e) > len(names) || t.String(int(cols[c].Name)) != string(names[s:e]) {
			return false
		}
		s = e
	}
	return true
}
