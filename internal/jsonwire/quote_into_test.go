package jsonwire

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// quoteIntoSeq writes s quoted with the sequence of quote_into.go
// (QuoteWordsInto, then AppendQuotedRest or the closing quote) after "abc"
// in a buffer with room bytes of spare capacity, checks that nothing was
// written past that capacity while dst was not grown, and returns what
// follows "abc".
func quoteIntoSeq(t testing.TB, s []byte, html bool, room int) []byte {
	t.Helper()
	const canary = 0xA5
	backing := bytes.Repeat([]byte{canary}, 3+room+32)
	dst := backing[: 3 : 3+room]
	copy(dst, "abc")
	dst = append(dst, '"')
	i := 0
	if len(s) <= QuoteWordsMax {
		var o int
		o, i = QuoteWordsInto(dst, s, QuoteTableOf(html))
		dst = dst[:o]
	}
	if i < len(s) {
		dst = AppendQuotedRest(dst, s, i, html)
	} else {
		dst = append(dst, '"')
	}
	if string(dst[:3]) != "abc" {
		t.Fatalf("%q: prefix overwritten: %q", s, dst[:3])
	}
	if &dst[0] == &backing[0] {
		for j := 3 + room; j < len(backing); j++ {
			if backing[j] != canary {
				t.Fatalf("%q, room %d: wrote past cap(dst) at %d", s, room, j-3)
			}
		}
	}
	return dst[3:]
}

// TestQuoteIntoSequence checks the steps of quote_into.go against
// encoding/json (refQuoted), with and without HTML escaping, on random
// strings of bytes, of runes (the troublesome among them) and of ASCII,
// short (the word loop) and long (AppendQuotedRest from 0), with every
// amount of room from none to more than the escaped length, so that the
// word loop stops for want of room at every point and the rest is
// appended.
func TestQuoteIntoSequence(t *testing.T) {
	n := 3_000
	if testing.Short() || raceEnabled {
		n = 500
	}
	rng := rand.New(rand.NewPCG(33, 14))
	runes := []rune{'"', '\\', '<', '>', '&', '\n', 0, 0x1f, 0x7f, 'é', '日', 0x2028, 0x2029, 0x1F389, utf8.RuneError}
	var sb strings.Builder
	for k := range n {
		sb.Reset()
		size := rng.IntN(QuoteWordsMax + 8)
		if k%10 == 0 {
			size = rng.IntN(600)
		}
		for sb.Len() < size {
			switch k % 3 {
			case 0:
				sb.WriteByte(byte(rng.Uint32()))
			case 1:
				if rng.IntN(4) == 0 {
					sb.WriteRune(runes[rng.IntN(len(runes))])
				} else {
					sb.WriteRune(rng.Int32N(0x800))
				}
			case 2:
				sb.WriteByte(byte(rng.IntN(utf8.RuneSelf)))
			}
		}
		s := []byte(sb.String())
		html := k&4 == 0
		want := refQuoted(string(s), html)
		rooms := []int{0, 1, len(s) + 18, 6*len(s) + 80, rng.IntN(6*len(s) + 80)}
		if k < 200 {
			rooms = rooms[:0]
			for r := 0; r <= len(want)+70; r++ {
				rooms = append(rooms, r)
			}
		}
		for _, room := range rooms {
			if got := quoteIntoSeq(t, s, html, room); string(got) != want {
				t.Fatalf("%q, html=%v, room %d: %s, want %s", s, html, room, got, want)
			}
		}
	}
}

// TestQuoteWordsStopPairsEveryLane quotes strings of 8 to 26 bytes with
// two stops (escapes, markup, bytes from 0x80) at every pair of places,
// through the QuoteWordsInto sequence with the room of every escape
// (6 bytes a byte and a word: quoteWords' loop without room tests, which
// takes a word's stops one after another without testing it again) and
// with a byte less; the result must be encoding/json's, and nothing may
// be written past the room.
func TestQuoteWordsStopPairsEveryLane(t *testing.T) {
	pieces := []string{"\"", "\\", "\n", "\x01", "<", "&", "é", "\xff", "\u2028"}
	longest := 26 // three words and a tail
	if testing.Short() || raceEnabled {
		longest = 17
	}
	for n := 8; n <= longest; n++ {
		base := strings.Repeat("y", n)
		for i := range n {
			for j := i + 1; j < n; j++ {
				for _, p := range pieces {
					for _, q := range pieces[:6] {
						s := base[:i] + p + base[i+1:j] + q + base[j+1:]
						for _, html := range []bool{true, false} {
							want := refQuoted(s, html)
							for _, room := range []int{1 + 6*len(s) + 8, 6*len(s) + 8} {
								if got := quoteIntoSeq(t, []byte(s), html, room); string(got) != want {
									t.Fatalf("%q, html=%v, room %d: %s, want %s", s, html, room, got, want)
								}
							}
						}
					}
				}
			}
		}
	}
}
