package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestStopFlagsNonASCIIShort checks stopFlags against StringFlags on
// random strings of up to stopFlagsASCIIMax+8 bytes made of ASCII text,
// the special bytes of both flags, and non-ASCII pieces (two-, three- and
// four-byte sequences, U+2028, invalid and cut sequences): the strings
// ASCIIFlags declines, which go to jsonwire.BlockFlags where it has a
// vector form (blockFlagsPadded from 16 bytes, the vector loop from 35)
// and to StringFlags elsewhere, around each length where the way changes.
func TestStopFlagsNonASCIIShort(t *testing.T) {
	pieces := []string{"a", "bc", "defgh", " ", "\"", "\\", "\n", "\t", "\x01", "<", ">", "&",
		"\u00e9", "\u65e5", "\U0001F600", "\u2028", "\u2029", "\xff", "\xe2\x80", "\xc3", "\xed\xa0\x80"}
	rng := rand.New(rand.NewPCG(47, 2))
	for range 200_000 {
		n := 1 + rng.IntN(stopFlagsASCIIMax+8)
		var b []byte
		for len(b) < n {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		b = b[:n]
		if got, want := stopFlags(b), jsonwire.StringFlags(b); got != want {
			t.Fatalf("stopFlags(%q) = %d, want %d", b, got, want)
		}
	}
}
