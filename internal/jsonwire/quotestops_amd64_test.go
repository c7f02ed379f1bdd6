//go:build !purego

package jsonwire

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/rowpage/rowpage/format"
)

// TestQuoteStopsKernelRoom calls quoteStopsAVX2 itself, below the wrapper
// that always grants quoteStopsSlack, with every slack from 0 to 11 into a
// buffer of exactly the n-i+32+slack bytes its contract asks for, followed
// by canary bytes: it must write nothing past that room, and the o bytes
// it reports are s[i:k] as it promises them (each ASCII byte that needs it
// escaped as AppendQuoted escapes it, every other byte as it is), with k
// at the end, at a stop after a run that holds a byte from 0x80 (high), or
// at a stop whose escape no longer fits in the slack.
func TestQuoteStopsKernelRoom(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this processor")
	}
	const canary = 0xA5
	pieces := []string{"a", "bc", " ", `"`, `\`, "\n", "\x01", "<", "&", "é", "日", "\xff"}
	rng := rand.New(rand.NewPCG(21, 22))
	for range 20000 {
		var b []byte
		for n := 32 + rng.IntN(100); len(b) < n; {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		i := 0
		if rng.IntN(2) == 0 {
			i = rng.IntN(len(b))
			for i > 0 && !utf8.RuneStart(b[i]) {
				i--
			}
		}
		slack := rng.IntN(12)
		html := rng.IntN(2) == 0
		room := len(b) - i + 32 + slack
		backing := bytes.Repeat([]byte{canary}, room+64)
		k, o, r, high := quoteStopsAVX2(unsafe.Pointer(&backing[0]), unsafe.Pointer(&b[0]), i, len(b), slack, html)
		for j := room; j < len(backing); j++ {
			if backing[j] != canary {
				t.Fatalf("%q from %d, slack %d: wrote at %d, past its room of %d", b, i, slack, j, room)
			}
		}
		if k < i || k > len(b) || r < i || r > k || o > room {
			t.Fatalf("%q from %d, slack %d: k %d, o %d, r %d out of range", b, i, slack, k, o, r)
		}
		var want []byte
		for _, c := range b[i:k] {
			if c < utf8.RuneSelf && asciiFlags[c] != 0 && (html || asciiFlags[c] != format.StrHasHTML) {
				q := AppendQuoted(nil, string(c), html)
				want = append(want, q[1:len(q)-1]...)
				continue
			}
			want = append(want, c)
		}
		if got := backing[:o]; !bytes.Equal(got, want) {
			t.Fatalf("%q from %d to %d, slack %d: wrote %q, want %q", b, i, k, slack, got, want)
		}
		if hasHigh := bytes.ContainsFunc(b[r:k], func(c rune) bool { return c >= utf8.RuneSelf }); high != hasHigh {
			t.Fatalf("%q from %d: high %v for the run %q", b, i, high, b[r:k])
		}
	}
}
