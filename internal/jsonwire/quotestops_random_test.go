package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestQuotedStopsRandom checks appendQuotedStops against encoding/json
// (refQuoted), with and without HTML escaping, on strings of 32 to 400
// bytes built from pieces that meet its 32-byte blocks at every offset: text
// in another script (two-, three- and four-byte sequences, so that
// sequences straddle the blocks), ASCII words, bytes it stops at
// (controls, '"', '\\', '<', '>', '&'), runs of them, invalid bytes,
// U+2028 and U+2029, and long stretches without a stop (runs of text
// across blocks, whose bytes from 0x80 lie in an earlier block). Each is
// also started part way, after an ASCII byte, as AppendQuotedRest may
// start it, the part before written by refQuoted.
func TestQuotedStopsRandom(t *testing.T) {
	n := 20_000
	if testing.Short() || raceEnabled {
		n = 3_000
	}
	rng := rand.New(rand.NewPCG(34, 64))
	pieces := []string{
		"日本語", "ж", "é", "\U0001F389", "☞", "“", "”", "…", "テキスト", "\uFEFF",
		"abc", "RT ", " ", "http://t.co/x", "a",
		"\n", "\r\n", "\t", "\x00", "\x1f", "\x7f", `"`, `\`, "<", ">", "&", "&amp;",
		"\u2028", "\u2029", "\xff", "\xe3\x81", "\xc3", "\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	}
	long := strings.Repeat("日本語テキスト", 20) // 210 bytes without a stop
	var sb strings.Builder
	for range n {
		sb.Reset()
		size := 32 + rng.IntN(370)
		for sb.Len() < size {
			switch r := rng.IntN(20); {
			case r == 0:
				sb.WriteString(long[:3*rng.IntN(70)])
			case r < 4:
				sb.WriteString(strings.Repeat("x", rng.IntN(80)))
			default:
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		s := sb.String()
		for _, html := range []bool{true, false} {
			want := refQuoted(s, html)
			if got := appendQuotedStops([]byte{'"'}, []byte(s), 0, html); string(got) != want {
				t.Fatalf("appendQuotedStops(%q, html=%v) =\n%s, want\n%s", s, html, got, want)
			}
			i := rng.IntN(len(s))
			for i < len(s) && s[i] >= utf8.RuneSelf {
				i++
			}
			if i == len(s) {
				continue
			}
			pre := refQuoted(s[:i], html)
			got := appendQuotedStops([]byte(pre[:len(pre)-1]), []byte(s), i, html)
			if string(got) != want {
				t.Fatalf("appendQuotedStops(%q from %d, html=%v) =\n%s, want\n%s", s, i, html, got, want)
			}
		}
	}
}
