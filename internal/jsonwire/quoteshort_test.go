package jsonwire

import (
	"strings"
	"testing"
)

// quoteShortRooms are the rooms the short-string tests quote into for a
// string of n bytes (quoteIntoSeq's room, which the opening quote takes a
// byte of): the opening quote and exactly what quoteShortAVX2 asks for
// (quoteShortRoom), a byte less (quoteWords' word loops), and none
// (AppendQuotedRest).
func quoteShortRooms(n int) []int { return []int{1 + quoteShortRoom(n), quoteShortRoom(n), 0} }

// sameQuotedEveryRoom quotes s through the QuoteWordsInto sequence in each
// of quoteShortRooms, with and without HTML escaping, and fails unless
// every result is encoding/json's (quoteIntoSeq also fails on a write
// past the room).
func sameQuotedEveryRoom(t *testing.T, s string) {
	t.Helper()
	for _, html := range []bool{true, false} {
		want := refQuoted(s, html)
		for _, room := range quoteShortRooms(len(s)) {
			if got := quoteIntoSeq(t, []byte(s), html, room); string(got) != want {
				t.Fatalf("%q, html=%v, room %d: %s, want %s", s, html, room, got, want)
			}
		}
	}
}

// TestQuoteShortEveryByteEveryPlace puts every byte value at every place
// of strings of 1 to 130 bytes (one to four 32-byte blocks of
// quoteShortAVX2, and just past quoteShortMax), into plain text and into
// text with a quote every seven bytes (several escapes a block, each
// followed by a store of the rest), and checks each against
// encoding/json. With -short, only the lengths at the edges of words and
// blocks (about a quarter of the time); under the race detector, a byte of
// each class (everyByte).
func TestQuoteShortEveryByteEveryPlace(t *testing.T) {
	fillers := []string{strings.Repeat("y", quoteShortMax+2), strings.Repeat("abc\\de\"", quoteShortMax/7+1)}
	for _, filler := range fillers {
		for n := 1; n <= quoteShortMax+2; n++ {
			if testing.Short() && n > 9 && (n+1)%16 > 2 {
				continue
			}
			b := []byte(filler[:n])
			for i := range n {
				for _, c := range everyByte() {
					b[i] = c
					sameQuotedEveryRoom(t, string(b))
				}
				b[i] = filler[i]
			}
		}
	}
}

// TestQuoteShortSequencesEveryPlace puts each escape kind and each
// sequence from 0x80 (two-, three- and four-byte text, U+2028 and U+2029,
// invalid and cut-off UTF-8) at every place of strings of 1 to 131 bytes,
// so that sequences straddle the 32-byte block boundary and the end, and
// after an escape earlier in the block.
func TestQuoteShortSequencesEveryPlace(t *testing.T) {
	pieces := []string{
		"\u2028", "\u2029", "é", "日", "\U0001F389", "\xff", "\xe2\x80", "\xe2\x80\xa8\xe2\x80\xa9",
		"\"", "\\", "\n", "\t", "\x00", "\x1f", "<", ">", "&", "\x7f", "\u2028\"",
	}
	for _, head := range []string{"", "\"", "x\ny"} {
		for n := 1; n <= quoteShortMax+3; n++ {
			for i := 0; i < n; i++ {
				for _, p := range pieces {
					s := head + strings.Repeat("z", i) + p
					if len(s) < n {
						s += strings.Repeat("w", n-len(s))
					}
					sameQuotedEveryRoom(t, s)
				}
			}
		}
	}
}
