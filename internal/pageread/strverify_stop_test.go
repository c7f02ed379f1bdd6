package pageread

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// stopCases are strings around stopFlags' two ways: ASCII with specials up
// to stopFlagsASCIIMax bytes from the first stop (ASCIIFlags) and just past
// it (StringFlags), and short strings whose non-ASCII bytes come after an
// ASCII special, in the last word or past a word boundary, so that
// ASCIIFlags declines after finding a flag.
var stopCases = []string{
	`read("user:nav5abhmrr9huw8bqjuu")`,
	`"` + strings.Repeat("a", stopFlagsASCIIMax-2) + `"`,
	`"` + strings.Repeat("a", stopFlagsASCIIMax-1) + `"`,
	`"` + strings.Repeat("a", stopFlagsASCIIMax) + `<`,
	"<" + strings.Repeat("b", stopFlagsASCIIMax-2) + "\u00e9",
	"a\"b\u00e9",
	"x<" + strings.Repeat("c", 9) + "\u2028",
	"&" + strings.Repeat("d", 14) + "\xff",
	"\n\u65e5",
	strings.Repeat("e", 7) + ">",
	"tab\there & <more>",
}

// TestVerifyFlagsStopCases checks stopFlags against StringFlags, and that
// every wrong flag value on each of stopCases is found and named.
func TestVerifyFlagsStopCases(t *testing.T) {
	for _, s := range stopCases {
		if got, want := stopFlags([]byte(s)), jsonwire.StringFlags(s); got != want {
			t.Fatalf("stopFlags(%q) = %d, want %d", s, got, want)
		}
	}
	strs := append(append([]string{"plain"}, stopCases...), "last")
	if i := tableOf(t, strs).verifyFlags(); i != -1 {
		t.Fatalf("string %d reported wrong, flags are right", i)
	}
	for i, s := range strs {
		right := jsonwire.StringFlags(s)
		for f := uint8(0); f < 4; f++ {
			if f == right {
				continue
			}
			tab := tableOf(t, strs)
			shift := uint(i&3) * 2
			tab.flags[i>>2] = tab.flags[i>>2]&^(3<<shift) | f<<shift
			if got := tab.verifyFlags(); got != i {
				t.Errorf("string %d (%q) with flags %d instead of %d: verifyFlags = %d", i, s, f, right, got)
			}
		}
	}
}
