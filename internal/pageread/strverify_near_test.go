package pageread

import (
	"strings"
	"testing"
)

// TestCheckFlagsAfterShortGaps puts a string whose stored flags wrongly
// say clean a few plain bytes after a string with a special byte, which
// the check took by a block (an ASCII first string) or from its special
// byte (a string of another script, or one past a block): the search for
// the next byte that is not plain, tested a word in line before
// PlainPrefix, must stop at the wrongly flagged string's newline, however
// far into or past that word it falls.
func TestCheckFlagsAfterShortGaps(t *testing.T) {
	firsts := []string{`"`, "\u00e9\"", `"` + strings.Repeat("a", 70)}
	for _, first := range firsts {
		for l := 0; l <= 140; l++ {
			for h := 0; h <= 20; h++ {
				strs := []string{first, strings.Repeat("x", l), strings.Repeat("y", h) + "\nz", "ok"}
				tab := tableOf(t, strs)
				bothWays(t, tab, -1, "right flags")
				tab.flags[0] &^= 3 << 4 // string 2 claims to be clean
				bothWays(t, tab, 2, "string 2 after "+itoa(l)+"+"+itoa(h)+" plain bytes")
			}
		}
	}
}
