package pageread

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestClaimedFlagsEveryClaim builds long strings of text in another
// script with one or two pieces of every kind (flagSamples, and '\n') at
// the start, in the middle and at the end, and checks claimedFlags against
// StringFlags under every claim: it returns the claim exactly when the
// string has those flags, and the string's flags otherwise.
func TestClaimedFlagsEveryClaim(t *testing.T) {
	text := strings.Repeat("\u65e5\u672c\u8a9e ", 12) // past stopFlagsASCIIMax
	pieces := append([]string{"\n", ""}, flagSamples...)
	for _, a := range pieces {
		for _, b := range pieces {
			for _, s := range []string{a + text + b, text + a + text + b, a + b + text, text + a + b} {
				flags := jsonwire.StringFlags(s)
				for claim := range uint8(4) {
					got := claimedFlags([]byte(s), claim)
					if claim == flags && got != claim || claim != flags && got != flags {
						t.Fatalf("claimedFlags(%q, %d) = %d; the string's flags are %d", s, claim, got, flags)
					}
				}
			}
		}
	}
}
