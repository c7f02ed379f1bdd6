package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestTakeStrJSONMidStrings renders string cells of every length from 0
// to 80 bytes (ASCII, clean non-ASCII, and needing escapes) with
// TakeStrJSON, from strings in the middle of the table and at the end of
// its data (where fewer than 64 bytes follow them), into buffers with
// every amount of spare capacity up to past the 64-byte moves of
// putQuoted64 that it takes for clean strings of 31 to 62 bytes. The
// output must equal what AppendQuoted writes, and nothing before it may
// change.
func TestTakeStrJSONMidStrings(t *testing.T) {
	cases := stringLengthCases()
	strs := []string{"k"}
	for _, s := range cases {
		strs = append(strs, s, "x")
	}
	mid := clippedLayout(t, strs, 4)
	for i, s := range cases {
		checkStrCell(t, mid, 1+2*i, s)
		for _, fill := range []string{"", "y", "yy", "yyy"} {
			checkStrCell(t, clippedLayout(t, []string{"k", s, fill}, 4), 1, s)
		}
	}
}

// checkStrCell renders string k of l's table, s, as a cell of a string
// column, twice, in both escaping modes, after "pre" in buffers of 0 to
// 200 bytes of spare capacity, and checks the output and the cursor.
func checkStrCell(t *testing.T, l *Layout, k int, s string) {
	t.Helper()
	p := format.AppendUvarint(nil, uint64(k))
	p = format.AppendUvarint(p, uint64(k))
	for _, html := range []bool{false, true} {
		q := string(jsonwire.AppendQuoted(nil, s, html))
		for spare := 0; spare <= 200; spare++ {
			dst := make([]byte, 3, 3+spare)
			copy(dst, "pre")
			c := Cursor{enc: format.EncStrRef, data: p, max: uint64(l.Strings.Len() - 1)}
			got := l.TakeStrJSON(dst, &c, html)
			got = l.TakeStrJSON(got, &c, html)
			if c.bad || c.pos != len(p) || string(got) != "pre"+q+q {
				t.Fatalf("string %d %q, html %v, spare %d: bad %v, pos %d of %d\n got %s\nwant pre%s%s",
					k, s, html, spare, c.bad, c.pos, len(p), got, q, q)
			}
		}
	}
}
