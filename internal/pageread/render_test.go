package pageread

import (
	"math"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestAppendStringJSONShortStrings covers the 16-byte-move fast path of
// AppendStringJSON: strings of every length around its limit, at the start,
// middle and very end of the string data (where the move must not read
// past it), appended into buffers with every amount of spare capacity. The
// output must always equal AppendQuoted's, and bytes before it must be
// untouched.
func TestAppendStringJSONShortStrings(t *testing.T) {
	var strs []string
	for n := 0; n <= 20; n++ {
		strs = append(strs, strings.Repeat(string(rune('a'+n)), n))
	}
	strs = append(strs, "tab\t", "<b>", "caf\u00e9")
	for n := 20; n >= 0; n-- { // short ones last: at the end of the data
		strs = append(strs, strings.Repeat(string(rune('A'+n)), n)+"!")
	}
	tab := tableOf(t, strs)
	l := &Layout{Strings: *tab, flagsOK: true}
	for i, s := range strs {
		for _, html := range []bool{true, false} {
			want := string(jsonwire.AppendQuoted([]byte("prefix"), s, html))
			for spare := 0; spare <= 24; spare++ {
				dst := make([]byte, 6, 6+spare)
				copy(dst, "prefix")
				got := string(l.AppendStringJSON(dst, i, html))
				if got != want {
					t.Fatalf("string %d %q, spare %d, html %v: got %s, want %s", i, s, spare, html, got, want)
				}
			}
		}
	}
}

// TestTakeStrListJSON renders string-list cells straight from a cursor, as
// the transcoder does, and checks each against AppendStrListJSON and the
// cursor's position afterwards.
func TestTakeStrListJSON(t *testing.T) {
	strs := []string{"read", "write", "admin:billing", "a<b", ""}
	tab := tableOf(t, strs)
	l := &Layout{Strings: *tab, flagsOK: true}
	lists := [][]uint64{{}, {0}, {1, 0}, {2, 3, 4, 0, 1}, {4}}
	var payload []byte
	for _, list := range lists {
		payload = format.AppendUvarint(payload, uint64(len(list)))
		for _, v := range list {
			payload = format.AppendUvarint(payload, v)
		}
	}
	cur := Cursor{enc: format.EncStrList, data: payload, max: uint64(len(strs) - 1)}
	for k, list := range lists {
		var want []byte
		want = append(want, '[')
		for j, v := range list {
			if j > 0 {
				want = append(want, ',')
			}
			want = jsonwire.AppendQuoted(want, strs[v], true)
		}
		want = append(want, ']')
		if got := l.TakeStrListJSON(nil, &cur, true, math.MaxInt); string(got) != string(want) {
			t.Errorf("list %d: got %s, want %s", k, got, want)
		}
	}
	if cur.pos != len(payload) || cur.bad {
		t.Errorf("cursor at %d (bad %v) after all lists, want %d", cur.pos, cur.bad, len(payload))
	}

	// Over budget the elements stop but the cursor still moves past the
	// cell: the next cell is read from the right place.
	const stop = 8
	cur = Cursor{enc: format.EncStrList, data: payload, max: uint64(len(strs) - 1)}
	for k, list := range lists {
		want := []byte{'['}
		for j, v := range list {
			if j > 0 {
				if len(want) > stop {
					break
				}
				want = append(want, ',')
			}
			want = jsonwire.AppendQuoted(want, strs[v], true)
		}
		want = append(want, ']')
		if got := l.TakeStrListJSON(nil, &cur, true, stop); string(got) != string(want) {
			t.Errorf("list %d, stop %d: got %s, want %s", k, stop, got, want)
		}
	}
	if cur.pos != len(payload) {
		t.Errorf("over budget: cursor at %d after all lists, want %d", cur.pos, len(payload))
	}
}
