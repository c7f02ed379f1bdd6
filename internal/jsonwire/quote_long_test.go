package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestQuotedLongMixed checks AppendQuoted on strings past quoteWordsMax
// made of runs of another script (kana, kanji, Cyrillic, emoji) between
// short runs of ASCII (a space, punctuation, a word), each of which may
// hold a byte that needs an escape at any place in it, or end next to
// one: the sweep of appendQuotedFrom, which measures the ASCII after a
// run of non-ASCII text a word at a time before going back to
// PlainPrefix.
func TestQuotedLongMixed(t *testing.T) {
	n := 20_000
	if testing.Short() {
		n = 4_000
	}
	rng := rand.New(rand.NewPCG(31, 14))
	script := []string{"日本語", "のテキスト", "한국어", "текст", "🎉", "é", "\u2028", "\xe2\x80", "\xff"}
	ascii := []string{" ", ", ", "! ", "abc", "abcdefghij", "http://t.co/x ", "\n", `"`, `\`, "<", "&", "\t", "\x01"}
	var sb strings.Builder
	for range n {
		sb.Reset()
		for sb.Len() <= quoteWordsMax+rng.IntN(200) {
			sb.WriteString(script[rng.IntN(len(script))])
			for k := rng.IntN(3); k >= 0; k-- {
				sb.WriteString(ascii[rng.IntN(len(ascii))])
			}
		}
		checkQuoted(t, sb.String())
	}
}
