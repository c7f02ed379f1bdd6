package pageread

import (
	"strings"
	"testing"
)

// flagSamples holds a piece of every kind a string's flags depend on:
// controls, '"', '\\', '<', '>', '&', plain neighbours of each, DEL, a
// two-byte character, U+2028 (escaped), and invalid UTF-8.
var flagSamples = []string{
	"\x00", "\t", "\x1f", " ", "!", `"`, "#", "%", "&", "'", ";", "<", "=", ">", "?",
	"[", `\`, "]", "\x7f", "\u00e9", "\u2028", "\u65e5", "\xff", "\xc3",
}

// bothWays runs CheckTableFlags over tab by blocks and by the sweep, and
// fails unless both return want.
func bothWays(t *testing.T, tab *StringTable, want int, what string) {
	t.Helper()
	ends := tab.offs[1 : tab.count+1]
	if got := checkFlagsByBlocks(tab.flags, tab.data, ends); got != want {
		t.Fatalf("%s: by blocks %d, want %d", what, got, want)
	}
	if got := checkFlagsBySweep(tab.flags, tab.data, ends); got != want {
		t.Fatalf("%s: by sweep %d, want %d", what, got, want)
	}
}

// everyWrongFlags sets string i's flags in the table of strs to each value
// but the right one in turn, and checks that both ways name string i.
func everyWrongFlags(t *testing.T, strs []string, i int) {
	t.Helper()
	shift := uint(i&3) * 2
	right := tableOf(t, strs).flags[i>>2] >> shift & 3
	for f := range uint8(4) {
		if f == right {
			continue
		}
		bad := tableOf(t, strs)
		bad.flags[i>>2] = bad.flags[i>>2]&^(3<<shift) | f<<shift
		bothWays(t, bad, i, "string "+itoa(i)+" with wrong flags")
	}
}

// TestCheckFlagsByBlocksEveryClassEveryPosition builds, for every length
// from 0 to 130 and every position, a table holding that string with a
// piece of every kind at the position (the tables' strings share and
// straddle 64-byte blocks), checks that both ways accept it, and for
// some, that both name the same string whenever one string's flags are
// set to any wrong value.
func TestCheckFlagsByBlocksEveryClassEveryPosition(t *testing.T) {
	for n := 0; n <= 130; n++ {
		for p := 0; p <= n; p++ {
			strs := []string{strings.Repeat("y", n)}
			for _, c := range flagSamples {
				strs = append(strs, strings.Repeat("x", p)+c+strings.Repeat("z", n-p), "", "ok")
			}
			tab := tableOf(t, strs)
			bothWays(t, tab, -1, "right flags")
			if (n*131+p)%29 != 0 {
				continue
			}
			for i := range strs {
				everyWrongFlags(t, strs, i)
			}
		}
	}
}

// TestCheckFlagsByBlocksWrongFlags sets each string of flagCases to every
// wrong value: both ways name that string.
func TestCheckFlagsByBlocksWrongFlags(t *testing.T) {
	for i := range flagCases {
		for f := range uint8(4) {
			tab := tableOf(t, flagCases)
			shift := uint(i&3) * 2
			if f == tab.flags[i>>2]>>shift&3 {
				bothWays(t, tab, -1, "right flags")
				continue
			}
			tab.flags[i>>2] = tab.flags[i>>2]&^(3<<shift) | f<<shift
			bothWays(t, tab, i, "string "+itoa(i))
		}
	}
}

// TestCheckFlagsByBlocksStraddling builds tables of strings, as a page of
// permissions holds, after a lead of every length from 0 to 70, so that
// strings of 60 to 130 bytes that follow a short flagged string run over
// the end of the block it starts, with a piece of every kind before, at or
// after the block's end: both ways accept each table, and name a string
// whose flags are set to any wrong value.
func TestCheckFlagsByBlocksStraddling(t *testing.T) {
	for lead := 0; lead <= 70; lead++ {
		for _, c := range flagSamples {
			for n := 60; n <= 130; n += 5 {
				// Each long string follows a short flagged one, whose
				// special byte starts a block.
				mid := `update("user:` + strings.Repeat("u", n-24) + `")`
				strs := []string{strings.Repeat("l", lead), `read("any")`, mid, `q"`, c + mid, "<", mid + c, "ok", `"`, mid[:n/2] + c + mid[n/2:]}
				tab := tableOf(t, strs)
				bothWays(t, tab, -1, "right flags")
				for i := 2; i < len(strs); i += 2 {
					everyWrongFlags(t, strs, i)
				}
			}
		}
	}
}
