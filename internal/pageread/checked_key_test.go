package pageread

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestCuvMatchesConsumeUvarint checks the checked varint read, with its
// one- and two-byte fast paths, against ConsumeUvarint (which the
// validator reads with) on every one- and two-byte start, followed by
// nothing, by more varint bytes or by a terminal byte, in payloads of every
// length around the 8-byte load: the value, the new position and whether
// the cursor went bad must agree, and a bad cursor must sit at the end.
func TestCuvMatchesConsumeUvarint(t *testing.T) {
	tails := [][]byte{nil, {0x01}, {0x80}, {0x80, 0x01}, {0xFF, 0xFF, 0xFF, 0x7F}, {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}}
	for b0 := 0; b0 < 256; b0++ {
		for b1 := -1; b1 < 256; b1++ {
			for _, tail := range tails {
				if b1 < 0 && tail != nil {
					continue
				}
				data := []byte{byte(b0)}
				if b1 >= 0 {
					data = append(data, byte(b1))
				}
				data = append(data, tail...)
				for pad := 0; pad <= 9; pad++ { // bytes before the varint: the 8-byte load or not
					p := append(make([]byte, pad), data...)
					c := Cursor{data: p, pos: pad}
					got := c.cuv()
					want, n := format.ConsumeUvarint(p[pad:])
					if n < 0 {
						if !c.bad || c.pos != len(p) || got != 0 {
							t.Fatalf("% x at %d: cuv = %d, pos %d, bad %v; ConsumeUvarint fails (%d)", p, pad, got, c.pos, c.bad, n)
						}
						continue
					}
					if c.bad || got != want || c.pos != pad+n {
						t.Fatalf("% x at %d: cuv = %d, pos %d, bad %v; want %d, pos %d", p, pad, got, c.pos, c.bad, want, pad+n)
					}
				}
			}
		}
	}
}

// keyCases are strings that exercise appendKeyJSON and the inline member
// reads of containerJSON: keys of 0, 15, 16, 29, 30 and 31 bytes around
// its fixed moves, keys that need escaping (always, or only in HTML mode),
// clean non-ASCII.
var keyCases = []string{
	"", strings.Repeat("k", 15), strings.Repeat("l", 16), strings.Repeat("m", 29),
	strings.Repeat("n", 30), strings.Repeat("o", 31), strings.Repeat("p", 45),
	"tab\tkey", `quo"te`, "a<b", "x&y", "caf\u00e9", strings.Repeat("q", 28) + "\n",
	strings.Repeat("r", 29) + ">",
	"<>", strings.Repeat("s", 40) + "&", strings.Repeat("t", 62), strings.Repeat("u", 63),
}

// keyTable builds a table of n strings (n > 16400) with keyCases in
// blocks at the start, ending on index 127 and on 16383, starting on 128
// and on 16384 (the varint boundaries), and again as the last strings of
// the table in reverse, so that the short keys sit where fewer than 32
// bytes of string data follow them. It returns the layout and the index of every case at
// each place.
func keyTable(t *testing.T, n int) (*Layout, []string, [][]int) {
	t.Helper()
	strs := make([]string, n)
	for i := range strs {
		strs[i] = "s" + strconv.Itoa(i)
	}
	m := len(keyCases)
	bases := []int{0, 128 - m, 128, 16384 - m, 16384, n - m} // blocks ending on 127 and 16383, starting on 128 and 16384
	at := make([][]int, m)
	for _, b := range bases {
		for k, s := range keyCases {
			i := b + k
			if b == n-m { // reversed, so that the shortest end the data
				i = n - 1 - k
			}
			strs[i] = s
			at[k] = append(at[k], i)
		}
	}
	return clippedLayout(t, strs, 8), strs, at
}

// keyIndexes returns the indexes of a table of n strings that keyTable
// filled, at (each keyCase at every place), and those next to the bounds
// of one- and two-byte varints and the last: 1, 126, 129, 16382, 16385
// and n-1.
func keyIndexes(at [][]int, n int) []int {
	var idx []int
	for _, a := range at {
		idx = append(idx, a...)
	}
	return append(idx, 1, 126, 129, 16382, 16385, n-1)
}

// unverifiedLayout returns a copy of l whose string flags were not
// verified and are wrong (all clear), and whose fits, what renders with
// verified flags learned, are forgotten: a render must still escape every
// string.
func unverifiedLayout(l *Layout) *Layout {
	u := *l
	u.flagsOK = false
	u.Strings.flags = make([]byte, len(l.Strings.flags))
	u.Strings.fits = make([]uint32, len(l.Strings.fits))
	return &u
}

// clippedLayout returns a layout over a table of strs, with verified
// flags and the given MaxDepth, whose string data has no capacity past its
// end: a fixed move that read past the data would panic, not read slack.
func clippedLayout(t *testing.T, strs []string, depth int) *Layout {
	t.Helper()
	tab := tableOf(t, strs)
	tab.data = tab.data[:len(tab.data):len(tab.data)]
	return &Layout{Strings: *tab, flagsOK: true, depth: depth, maxStr: 1 << 20}
}

// TestContainerJSONKeysAndStrings renders objects whose keys and string
// members are every keyCase at every place in the table (so at indexes
// 127, 128, 16383 and 16384 and at the end of the string data), in both
// escaping modes, into buffers with every amount of spare capacity up to
// past the 64-byte moves, and with string flags that were not verified. The output must equal what AppendQuoted writes,
// nothing before it may change, and the cursor must end after the cell.
func TestContainerJSONKeysAndStrings(t *testing.T) {
	l, strs, at := keyTable(t, 16500)
	idx := keyIndexes(at, len(strs))
	// Last, with flags not verified and wrong (all clear): every key and
	// string must still be escaped.
	unverified := unverifiedLayout(l)
	for pass, html := range []bool{true, false, true} {
		if pass == 2 {
			l = unverified
		}
		for _, k := range idx {
			// An object of three members: k with string k, k with an int,
			// then k with an object holding string k, so that both the
			// inline member and valueJSON's nested path write it.
			var b []byte
			b = format.AppendUvarint(append(b, format.TagObject), 3)
			b = format.AppendUvarint(b, uint64(k))
			b = format.AppendUvarint(append(b, format.TagString), uint64(k))
			b = format.AppendUvarint(b, uint64(k))
			b = format.AppendVarint(append(b, format.TagInt), -7)
			b = format.AppendUvarint(b, uint64(k))
			b = format.AppendUvarint(append(b, format.TagObject), 1)
			b = format.AppendUvarint(b, uint64(k))
			b = format.AppendUvarint(append(b, format.TagString), uint64(k))
			q := string(jsonwire.AppendQuoted(nil, strs[k], html))
			want := "prefix{" + q + ":" + q + "," + q + ":-7," + q + ":{" + q + ":" + q + "}}"
			for spare := 0; spare <= 72; spare++ {
				dst := make([]byte, 6, 6+spare)
				copy(dst, "prefix")
				c := Cursor{enc: format.EncAny, data: b, max: uint64(len(strs) - 1)}
				got := l.TakeValueJSON(dst, &c, html, math.MaxInt)
				if c.bad || c.pos != len(b) || string(got) != want {
					t.Fatalf("string %d %q, html %v, spare %d: bad %v, pos %d of %d\n got %s\nwant %s", k, strs[k], html, spare, c.bad, c.pos, len(b), got, want)
				}
				l.resetRendered()
			}
		}
	}
}

// TestContainerJSONBadMembers feeds objects with malformed or out-of-range
// keys and string members: each must mark the cursor bad, as the
// validator rejects it, and never panic.
func TestContainerJSONBadMembers(t *testing.T) {
	uv := format.AppendUvarint
	obj := func(member ...byte) []byte { return append([]byte{format.TagObject, 1}, member...) }
	small := clippedLayout(t, []string{"a", "b", "c"}, 8)
	big, strs, _ := keyTable(t, 16500)
	n := uint64(len(strs))
	cases := []struct {
		name string
		l    *Layout
		b    []byte
	}{
		{"key past a small table", small, obj(3, format.TagNull)},
		{"key 127 past a small table", small, obj(127, format.TagNull)},
		{"string member past a small table", small, obj(0, format.TagString, 3)},
		{"string member 127 past a small table", small, obj(0, format.TagString, 127)},
		{"two-byte key past a small table", small, obj(0x80, 0x01, format.TagNull)},
		{"key past the table", big, append(uv(obj(), n), format.TagNull)},
		{"string member past the table", big, uv(obj(0, format.TagString), n)},
		{"key truncated", big, obj(0x80)},
		{"key truncated after two bytes", big, obj(0x80, 0x80)},
		{"key non-minimal", big, obj(0x81, 0x00, format.TagNull)},
		{"key non-minimal, three bytes", big, obj(0x81, 0x80, 0x00, format.TagNull)},
		{"key missing", big, obj()},
		{"member missing", big, obj(1)},
		{"string index missing", big, obj(1, format.TagString)},
		{"string index truncated", big, obj(1, format.TagString, 0x80)},
		{"string index non-minimal", big, obj(1, format.TagString, 0x80, 0x00)},
		{"string index non-minimal, one byte more", big, obj(1, format.TagString, 0x80, 0x00, 0x01)},
		{"second member truncated", big, []byte{format.TagObject, 2, 1, format.TagString, 2, 0x90}},
	}
	for _, tc := range cases {
		for cut := len(tc.b); cut >= 2; cut-- {
			b := tc.b[:cut]
			v := validator{l: tc.l, r: reader{b: b}, nstr: uint64(tc.l.Strings.Len())}
			v.value(1)
			c := Cursor{enc: format.EncAny, data: b, max: uint64(tc.l.Strings.Len() - 1)}
			tc.l.TakeValueJSON(make([]byte, 0, 64), &c, true, math.MaxInt)
			if v.r.err == nil {
				t.Fatalf("%s (% x): the validator accepts it; the case is wrong", tc.name, b)
			}
			if !c.bad || c.pos != len(b) {
				t.Errorf("%s (% x): cursor bad %v at %d of %d, want bad at the end (validator: %v)", tc.name, b, c.bad, c.pos, len(b), v.r.err)
			}
			tc.l.resetRendered()
		}
	}
}

// TestValueJSONAgreesWithValidator renders random tagged values, whole or
// damaged, with TakeValueJSON and checks it against the validator: it must
// go bad on exactly the values the validator rejects, and on the others
// end where the validator does and write what the unchecked AppendValueJSON
// writes. The table has 300 strings of awkward lengths and escapes, whose
// last ones sit at the end of the string data; indexes run past it.
func TestValueJSONAgreesWithValidator(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = keyCases[i%len(keyCases)] + strconv.Itoa(i)
	}
	strs[299] = ""
	strs[298] = "z"
	l := clippedLayout(t, strs, 4)
	rng := rand.New(rand.NewPCG(31, 32))
	good := 0
	for i := range 200_000 {
		b := appendRandomValue(nil, rng, 1+rng.IntN(4))
		switch rng.IntN(4) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		}
		if len(b) == 0 || b[0] == format.TagRepeat {
			continue // a repeat needs a column of cells
		}
		v := validator{l: l, r: reader{b: b}, nstr: uint64(l.Strings.Len())}
		v.value(1)
		html := i&1 == 0
		c := Cursor{enc: format.EncAny, data: b, max: uint64(len(strs) - 1)}
		got := l.TakeValueJSON(make([]byte, 0, rng.IntN(80)), &c, html, math.MaxInt)
		l.resetRendered()
		if v.r.err != nil {
			if !c.bad {
				t.Fatalf("% x: the validator rejects it (%v), the render does not", b, v.r.err)
			}
			continue
		}
		good++
		if c.bad || c.pos != v.r.pos {
			t.Fatalf("% x: render bad %v at %d, validator accepts to %d", b, c.bad, c.pos, v.r.pos)
		}
		want, n := l.AppendValueJSON(nil, b, html, math.MaxInt)
		if n != v.r.pos || string(got) != string(want) {
			t.Fatalf("% x: got %s, want %s (%d bytes of %d)", b, got, want, n, v.r.pos)
		}
	}
	if good < 20_000 {
		t.Fatalf("only %d good values: the test is not testing the render", good)
	}
}
