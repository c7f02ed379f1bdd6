package pageread

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
)

// ColumnNamesAre reports whether the page's columns are named, in order,
// by names cut at ends (column c's name ends at names[ends[c]], the first
// at names[0:ends[0]]), as a reader that renders keys once for a run of
// pages with the same columns asks of each page. A value page's one
// column has no name: it matches any names of one column. When the names
// are strings following one another in the table, the usual layout,
// they are compared in one memequal after a check of their ends, about
// four instructions a column; otherwise name by name (namesOneByOne).
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
	return namesOneByOne(t, cols, names, ends)
}

// namesOneByOne is ColumnNamesAre for names that do not follow one another
// in the table (on pages whose rows vary, the strings of a row's values
// come between its keys): name by name, each length against its span's,
// in one loop. A name of up to 8 bytes, with 8 bytes of table from its
// start and 8 of names from its cut, is compared as one word, the bytes
// past it masked off, without a call; a longer one (or one near the end
// of the table or of names) by a comparison of strings. About 45
// instructions a short name where a tableString and a call of memequal a
// name cost about 90 (hetero and sparse rows). A caller that keeps 8
// bytes of any value past its names' last end (jsonbridge) lets its last
// name take the word too. (Handing the short names to a loop of their
// own without calls, and only the long ones to memequal, counted twice
// as many instructions as this on the camelCase keys of instruments
// rows, which alternate short and long; comparing long names by words
// in that loop, a fifth more.)
func namesOneByOne(t *StringTable, cols []Column, names []byte, ends []int32) bool {
	offs, data := t.offs, t.data
	cols = cols[:len(ends)] // ColumnNamesAre checked the lengths: one bound for both
	s := 0
	for c := range cols {
		e := int(ends[c])
		i := uint(cols[c].Name) // below the count (parseColumns): offs[i+1] is there
		if e < s || e > len(names) || i+1 >= uint(len(offs)) {
			return false
		}
		a, m := uint(offs[i]), uint(e-s)
		if uint(offs[i+1])-a != m {
			return false
		}
		if m <= 8 && a+8 <= uint(len(data)) && s+8 <= len(names) {
			if (binary.LittleEndian.Uint64(data[a:a+8])^binary.LittleEndian.Uint64(names[s:s+8]))&byteMasks[m] != 0 {
				return false
			}
		} else if string(data[a:a+m]) != string(names[s:e]) {
			return false
		}
		s = e
	}
	return true
}

// byteMasks[m] is the mask of the low m bytes of a word.
var byteMasks = [9]uint64{0, 0xFF, 0xFFFF, 0xFF_FFFF, 0xFFFF_FFFF, 0xFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF, 0xFF_FFFF_FFFF_FFFF, ^uint64(0)}
