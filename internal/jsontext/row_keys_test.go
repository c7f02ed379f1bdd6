package jsontext

import (
	"strings"
	"testing"
)

// TestRowKeyMatchAtWordBounds checks taggedRow's comparison of a row's
// key with the previous row's at the same place around the bounds of its
// words (keys of up to 31 bytes and their closing quote: two words up to
// 15 bytes, four above): keys that are equal, that differ in their last
// byte, or that extend or shorten the previous key, each with text after
// the row (the words) and at the end of the text (the comparison of the
// texts).
func TestRowKeyMatchAtWordBounds(t *testing.T) {
	k15 := strings.Repeat("k", 14) + "a"
	k16 := strings.Repeat("k", 15) + "a"
	k31 := strings.Repeat("k", 30) + "a"
	k32 := strings.Repeat("k", 31) + "a"
	for _, c := range []struct {
		k1, k2 string
		same   bool
	}{
		{"", "", true}, {"a", "a", true}, {"a", "", false}, {"", "a", false},
		{"ab", "abc", false}, {"abc", "ab", false}, {"ab", "ac", false},
		{k15, k15, true}, {k15, k15[:14] + "b", false}, {k15, k15 + "x", false}, {k15, k15[:14], false},
		{k16, k16, true}, {k16, k16[:15] + "b", false}, {k16, k15, false}, {k15, k16, false},
		{k16, k16 + "x", false}, {k16 + "x", k16, false},
		{k31, k31, true}, {k31, k31[:30] + "b", false}, {k31, k32, false}, {k32, k31, false},
		{k32, k32, true}, {k32, k32[:31] + "b", false}, {k32 + "x", k32 + "y", false},
		{`a\"`, `a\"`, false}, // a decoded key is never matched
		{"a\u00e9", "a\u00e9", true}, {"a\u00e9", "a\u00e8", false},
	} {
		for _, tail := range []string{"", `,{"` + strings.Repeat("z", 40) + `":3}`} {
			text := `[{"` + c.k1 + `":1},{"` + c.k2 + `":2}` + tail + `]`
			var p Parser
			var s keyCountSink
			if err := p.TaggedPage(&s, []byte(text), 4, nil); err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if got := s.same == 1; got != c.same {
				t.Errorf("%s: %d keys by place (SameKeys), want the second row's key matched: %v", text, s.same, c.same)
			}
		}
	}
}
