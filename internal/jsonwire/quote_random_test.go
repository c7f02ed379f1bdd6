package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStopConstsLanes checks stopWords.lanes, quoteWords' word test with
// its constants read from memory, against stopLanes, its reference: every
// byte value in every lane of a word of plain bytes, every pair of ASCII
// bytes in two lanes, and random words.
func TestStopConstsLanes(t *testing.T) {
	check := func(w uint64) {
		if got, want := stopWords.lanes(w), stopLanes(w); got != want {
			t.Fatalf("stopWords.lanes(%#016x) = %#016x, stopLanes %#016x", w, got, want)
		}
	}
	const plain = swarLo * 'a'
	for lane := range 8 {
		for c := range 256 {
			check(plain&^(0xFF<<(8*lane)) | uint64(c)<<(8*lane))
		}
	}
	for a := range 128 {
		for b := range 128 {
			check(plain&^0xFF00FF | uint64(a) | uint64(b)<<16)
		}
	}
	rng := rand.New(rand.NewPCG(32, 14))
	for range 200_000 {
		w := rng.Uint64()
		check(w)
		check(w &^ SWARHi) // all ASCII
	}
}

// TestQuotedRandomStrings compares AppendQuoted with encoding/json, with
// and without HTML escaping, on random strings of random bytes, of random
// runes (U+2028, U+2029 and the escaped ASCII among them), of ASCII bytes
// only (so that words hold several escapes), short (up to quoteWordsMax,
// the word path) and long, each written with room to spare and with room
// for its length only (so that the word path stops part way).
func TestQuotedRandomStrings(t *testing.T) {
	n := 30_000
	if testing.Short() || raceEnabled {
		n = 5_000
	}
	rng := rand.New(rand.NewPCG(14, 32))
	runes := []rune{'"', '\\', '<', '>', '&', '\n', 0, 0x1f, 0x7f, 'é', 'ж', '日', 0x2028, 0x2029, 0x2027, 0xfeff, 0x1F389, utf8.RuneError}
	var sb strings.Builder
	for k := range n {
		sb.Reset()
		size := rng.IntN(quoteWordsMax + 1)
		if k%8 == 0 {
			size = rng.IntN(1000)
		}
		switch k % 3 {
		case 0: // random bytes
			for range size {
				sb.WriteByte(byte(rng.Uint32()))
			}
		case 1: // random runes, a fifth of them troublesome
			for sb.Len() < size {
				if rng.IntN(5) == 0 {
					sb.WriteRune(runes[rng.IntN(len(runes))])
				} else {
					sb.WriteRune(rng.Int32N(0x30000))
				}
			}
		case 2: // ASCII bytes, every one of them alike likely
			for range size {
				sb.WriteByte(byte(rng.IntN(utf8.RuneSelf)))
			}
		}
		s := sb.String()
		for _, html := range []bool{true, false} {
			want := refQuoted(s, html)
			if got := AppendQuoted(nil, s, html); string(got) != want {
				t.Fatalf("AppendQuoted(%q, html=%v) = %s, want %s", s, html, got, want)
			}
			for _, room := range []int{6*len(s) + 18, len(s) + 18} {
				if got := quotedWithRoom(t, s, html, room); string(got) != want {
					t.Fatalf("AppendQuoted(%q, html=%v, room %d) = %s, want %s", s, html, room, got, want)
				}
			}
		}
	}
}
