package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestStrEntryMatchesTable checks strEntry, the renderers' lookup of a
// string's span and flags (without bounds checks in the default build),
// against the table's own span and Flags for every string of tables of 1
// to 13 strings: every remainder of the count by 4, so that the last
// string's flags sit in every position of the last flags byte, and the
// last string's end is the last offset the table holds.
func TestStrEntryMatchesTable(t *testing.T) {
	for n := 1; n <= 13; n++ {
		flags := make([]byte, (n+3)/4)
		for i := range n { // every flag pattern in turn
			flags[i>>2] |= byte(i%4) << (uint(i&3) * 2)
		}
		sec := format.AppendUvarint(nil, uint64(n))
		sec = append(sec, 1)
		sec = append(sec, flags...)
		d := 0
		for i := range n {
			d += i % 3
			sec = append(sec, byte(d))
		}
		for range d {
			sec = append(sec, 'a')
		}
		var l Layout
		l.dataStr = string(sec)
		lim := format.Limits{}.WithDefaults()
		if err := l.parseStrings(nil, span{b: sec}, lim); err != nil {
			t.Fatalf("%d strings: %v", n, err)
		}
		st := &l.Strings
		for k := range st.Len() {
			s, e, fl := strEntry(st, k)
			ws, we := st.span(k)
			if s != ws || e != we {
				t.Errorf("%d strings: strEntry(%d) spans %d:%d, want %d:%d", n, k, s, e, ws, we)
			}
			if got, want := fl>>(uint(k&3)*2)&3, st.Flags(k); got != want {
				t.Errorf("%d strings: strEntry(%d) flags %d, want %d", n, k, got, want)
			}
		}
	}
}
