package pageread

import (
	"math"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestContainerJSONMidStrings renders string members of every length from
// 0 to 80 bytes (ASCII, clean non-ASCII, and needing escapes), in arrays
// and as object values, from strings in the middle of the table and at
// the end of its data (where fewer than 64 bytes follow them), into
// buffers with every amount of spare capacity up to past the 64-byte
// moves of putQuoted64 that containerJSON takes for clean strings of 31
// to 62 bytes. The output must equal what AppendQuoted writes, and nothing
// before it may change.
func TestContainerJSONMidStrings(t *testing.T) {
	cases := stringLengthCases()
	// Every case in the middle of the table (followed by the filler "x"),
	// then each as the last string but a filler of 0 to 3 bytes, so that
	// it ends the data or is followed by fewer than 64 bytes.
	strs := []string{"k"}
	for _, s := range cases {
		strs = append(strs, s, "x")
	}
	tables := []*Layout{clippedLayout(t, strs, 4)}
	for _, s := range cases {
		for _, fill := range []string{"", "y", "yy", "yyy"} {
			tables = append(tables, clippedLayout(t, []string{"k", s, fill}, 4))
		}
	}
	for ti, l := range tables {
		for i, s := range cases {
			k := 1 + 2*i
			if ti > 0 {
				if i != (ti-1)/4 {
					continue
				}
				k = 1
			}
			for _, html := range []bool{false, true} {
				checkMidString(t, l, k, s, html)
			}
		}
	}
}

// checkMidString renders string k of l's table, s, twice in an array and
// as an object's key and values (after a member under key 0, "k"), into
// buffers with 0 to 200 bytes of spare capacity, and checks the output.
func checkMidString(t *testing.T, l *Layout, k int, s string, html bool) {
	t.Helper()
	q := string(jsonwire.AppendQuoted(nil, s, html))
	uv := format.AppendUvarint
	arr := uv(append(uv([]byte{format.TagArray, 3, format.TagString}, uint64(k)), format.TagString), uint64(k))
	arr = append(arr, format.TagTrue)
	obj := uv([]byte{format.TagObject, 2, 0, format.TagString}, uint64(k))
	obj = uv(append(uv(obj, uint64(k)), format.TagString), uint64(k))
	for _, tc := range []struct {
		b    []byte
		want string
	}{
		{arr, "pre[" + q + "," + q + ",true]"},
		{obj, `pre{"k":` + q + "," + q + ":" + q + "}"},
	} {
		for spare := 0; spare <= 200; spare++ {
			dst := make([]byte, 3, 3+spare)
			copy(dst, "pre")
			c := Cursor{enc: format.EncAny, data: tc.b, max: uint64(l.Strings.Len() - 1)}
			got := l.TakeValueJSON(dst, &c, html, math.MaxInt)
			l.resetRendered()
			if c.bad || c.pos != len(tc.b) || string(got) != tc.want {
				t.Fatalf("string %d %q, html %v, spare %d: bad %v, pos %d of %d\n got %s\nwant %s",
					k, s, html, spare, c.bad, c.pos, len(tc.b), got, tc.want)
			}
		}
	}
}

// stringLengthCases returns strings of every length from 0 to 80 bytes in
// three kinds: ASCII, clean non-ASCII (two-byte runes), and one that needs
// an escape in the middle: the lengths around the 32- and 64-byte moves of
// putQuoted and putQuoted64.
func stringLengthCases() []string {
	var cases []string
	for n := 0; n <= 80; n++ {
		cases = append(cases, strings.Repeat("a", n), strings.Repeat("é", n/2)+strings.Repeat("b", n%2),
			strings.Repeat("c", n/2)+"<"+strings.Repeat("d", n-n/2))
	}
	return cases
}
