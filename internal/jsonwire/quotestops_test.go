package jsonwire

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// escapeClasses are the texts JSON quoting treats apart, one of each kind:
// the two-byte escapes, controls written \u00xx, markup (escaped only with
// HTML escaping), DEL (not escaped), U+2028 and U+2029, invalid UTF-8 (a
// byte that never starts a sequence, a continuation alone, a sequence cut
// short, a surrogate, an overlong form, a code point past U+10FFFF), and
// valid text in two, three and four bytes.
var escapeClasses = []string{
	`"`, `\`, "\b", "\f", "\n", "\r", "\t", "\x00", "\x01", "\x1b", "\x1f",
	"<", ">", "&", "\x7f", "\u2028", "\u2029",
	"\xff", "\x80", "\xe2\x80", "\xed\xa0\x80", "\xc0\x80", "\xf4\x90\x80\x80",
	"é", "日", "\u2027", "\U0001F389",
}

// TestQuotedEveryClassEveryPlace checks the quoting of a page's renderers
// (QuoteWordsInto, then AppendQuotedRest, quoteIntoSeq) against
// encoding/json (refQuoted), with and without HTML escaping: each class of
// escapeClasses at every place of strings of 1 to 70 bytes and of a few
// lengths past QuoteWordsMax, the rest ASCII letters or two-byte text, and
// the class twice, at that place and at the end. Strings of 32 bytes or
// more are also quoted by appendQuotedStops alone, from 0 and from the
// place (after the part before it, quoted by refQuoted) when that is a
// sequence's start.
func TestQuotedEveryClassEveryPlace(t *testing.T) {
	lengths := []int{}
	for n := 1; n <= 70; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 127, 129, 160, 200, 257)
	if testing.Short() || raceEnabled {
		lengths = []int{1, 2, 7, 8, 9, 31, 32, 33, 63, 64, 65, 70, 129, 200}
	}
	for _, fill := range []string{"a", "é"} {
		for _, n := range lengths {
			base := strings.Repeat(fill, n)[:n]
			for _, c := range escapeClasses {
				for p := 0; p+len(c) <= n; p++ {
					s := base[:p] + c + base[p+len(c):]
					checkQuotedAt(t, s, p)
					checkQuotedAt(t, s[:n-len(c)]+c, p)
				}
			}
		}
	}
}

// checkQuotedAt checks quoteIntoSeq and, for s of 32 bytes or more,
// appendQuotedStops of s (from 0, and from p when s[p] starts a sequence)
// against refQuoted in both escaping modes.
func checkQuotedAt(t *testing.T, s string, p int) {
	t.Helper()
	for _, html := range []bool{true, false} {
		want := refQuoted(s, html)
		if got := quoteIntoSeq(t, []byte(s), html, 2*len(s)); string(got) != want {
			t.Fatalf("quoted %q (html %v) = %s, want %s", s, html, got, want)
		}
		if len(s) < 32 {
			continue
		}
		if got := appendQuotedStops([]byte{'"'}, []byte(s), 0, html); string(got) != want {
			t.Fatalf("appendQuotedStops(%q, html %v) = %s, want %s", s, html, got, want)
		}
		if p < len(s) && s[p]&0xC0 != 0x80 {
			pre := refQuoted(s[:p], html)
			got := appendQuotedStops([]byte(pre[:len(pre)-1]), []byte(s), p, html)
			if string(got) != want {
				t.Fatalf("appendQuotedStops(%q from %d, html %v) = %s, want %s", s, p, html, got, want)
			}
		}
	}
}

// TestQuoteStopsVector checks appendQuotedStops (quoteStopsAVX2 where
// the processor has it) against encoding/json (refQuoted) on random
// strings of 32 to 200 bytes of ASCII letters, bytes that stop it
// (controls, '"', '\\', markup), DEL, valid text in other scripts, U+2028
// and invalid bytes, in runs of each so that stops fall at every place of
// a 32-byte block, in both modes, from 0 and from a random sequence start,
// into a buffer with 0 to 80 bytes of room beyond what quoteStops asks
// (so that escapes run out of slack at every point), with bytes past its
// capacity that must stay as they are.
func TestQuoteStopsVector(t *testing.T) {
	n := 20_000
	if testing.Short() || raceEnabled {
		n = 2_000
	}
	rng := rand.New(rand.NewPCG(43, 14))
	pieces := []string{"a", "bc", "xyz ", "\x00", "\x1f", "\n", `"`, `\`, "<", ">", "&", "\x7f", "é", "日本", "\u2028", "\xff", "\xe2\x80"}
	const canary = 0xA5
	var sb strings.Builder
	for range n {
		sb.Reset()
		size := 32 + rng.IntN(169)
		for sb.Len() < size {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) == 0 {
				p = strings.Repeat("q", rng.IntN(70))
			}
			sb.WriteString(p)
		}
		s := sb.String()
		for _, html := range []bool{true, false} {
			i := 0
			if rng.IntN(2) == 0 {
				i = rng.IntN(len(s))
				for i > 0 && s[i]&0xC0 == 0x80 {
					i--
				}
			}
			want := refQuoted(s, html)
			pre := refQuoted(s[:i], html)
			pre = pre[:len(pre)-1]
			room := len(s) - i + 32 + quoteStopsSlack + rng.IntN(6)
			if rng.IntN(2) == 0 {
				room = len(s) - i + 32 + rng.IntN(80)
			}
			backing := bytes.Repeat([]byte{canary}, len(pre)+room+64)
			dst := append(backing[:0:len(pre)+room], pre...)
			got := appendQuotedStops(dst, []byte(s), i, html)
			if string(got) != want {
				t.Fatalf("appendQuotedStops(%q from %d, html %v, room %d) =\n%s, want\n%s", s, i, html, room, got, want)
			}
			for j := len(pre) + room; j < len(backing); j++ {
				if backing[j] != canary {
					t.Fatalf("appendQuotedStops(%q from %d, html %v, room %d) wrote past cap(dst)", s, i, html, room)
				}
			}
		}
	}
}
