package jsonwire

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
)

// refClean is FlagsClear's rule written plainly: valid UTF-8 (as
// unicode/utf8 has it) without a byte below 0x20, '"', '\\', '<', '>',
// '&', U+2028 or U+2029.
func refClean(s []byte) bool {
	if !utf8.Valid(s) || bytes.Contains(s, []byte("\u2028")) || bytes.Contains(s, []byte("\u2029")) {
		return false
	}
	for _, c := range s {
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// refFlags is StringFlags written plainly: StrNeedsEscape when s is not
// valid UTF-8 (as unicode/utf8 has it) or holds a byte below 0x20, '"',
// '\\', U+2028 or U+2029; StrHasHTML when it holds '<', '>' or '&'.
func refFlags(s []byte) uint8 {
	var f uint8
	if !utf8.Valid(s) || bytes.Contains(s, []byte("\u2028")) || bytes.Contains(s, []byte("\u2029")) {
		f = format.StrNeedsEscape
	}
	for _, c := range s {
		switch {
		case c < 0x20 || c == '"' || c == '\\':
			f |= format.StrNeedsEscape
		case c == '<' || c == '>' || c == '&':
			f |= format.StrHasHTML
		}
	}
	return f
}

// checkFlagsClear compares FlagsClear and flagsClearSWAR with refClean,
// and BlockFlags with refFlags.
func checkFlagsClear(t *testing.T, s []byte) {
	t.Helper()
	want := refClean(s)
	if got := FlagsClear(s); got != want {
		t.Fatalf("FlagsClear(% x) = %v, want %v", s, got, want)
	}
	if got := flagsClearSWAR(s); got != want {
		t.Fatalf("flagsClearSWAR(% x) = %v, want %v", s, got, want)
	}
	if got, want := BlockFlags(s), refFlags(s); got != want {
		t.Fatalf("BlockFlags(% x) = %d, want %d", s, got, want)
	}
}

// vectorFillers are the clean texts the test windows are set in: ASCII,
// CJK, two-byte letters and emoji, each long enough for the vector form.
var vectorFillers = []string{
	strings.Repeat("abcdefgh", 16),
	strings.Repeat("日本語の文章", 8),
	strings.Repeat("Юрий Титов ", 8),
	strings.Repeat("👩‍💻 ok 🚀", 8),
}

// windowPlaces are where a window of bytes is set in a string of n bytes:
// its start, either side of the middle of the first 32-byte block (the
// halves of a Y register) and of its end, and the string's end, which for
// n not a multiple of 32 the last block reads overlapping the one before.
func windowPlaces(n, w int) []int {
	var at []int
	for _, p := range []int{0, 1, 13, 14, 15, 16, 29, 30, 31, 32, 33, n - 36, n - 33, n - 32, n - 31, n - w - 1, n - w} {
		if p >= 0 && p+w <= n {
			at = append(at, p)
		}
	}
	return at
}

// TestFlagsClearVectorPairs sets every pair of bytes at every place of
// windowPlaces in strings of lengths around the vector form's threshold
// and its block size, in ASCII and in CJK: a pair decides every bit of the
// UTF-8 tables and the escape classes. Under the race detector, the pairs
// of a byte of each class (everyByte).
func TestFlagsClearVectorPairs(t *testing.T) {
	buf := make([]byte, 0, 128)
	for _, n := range []int{flagsClearVectorMin, 64, 65, 77} {
		for _, fill := range vectorFillers[:2] {
			for _, a := range everyByte() {
				for _, b := range everyByte() {
					for _, at := range windowPlaces(n, 2) {
						buf = append(buf[:0], fill[:n]...)
						buf[at], buf[at+1] = a, b
						checkFlagsClear(t, buf)
					}
				}
			}
		}
	}
}

// vectorAlphabet holds a byte of each class the vector form tells apart:
// the escape and markup bytes and ASCII around them, the edges of the
// continuation ranges that table 3-7 narrows, and every kind of lead.
var vectorAlphabet = []byte{
	0x00, 0x1F, 0x20, '"', '&', '<', '>', '\\', 'a', 0x7F,
	0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xA9, 0xBF,
	0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xE2, 0xEC, 0xED, 0xEE, 0xEF,
	0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
}

// TestFlagsClearVectorQuads sets every four bytes of vectorAlphabet (a
// window as long as the vector form looks at: a byte and the three before
// it) at the start, either side of a half's end and at the last block's
// overlap, in ASCII and CJK text (one place each, in CJK, with -short).
func TestFlagsClearVectorQuads(t *testing.T) {
	places, fillers := []int{0, 14, 31, 61}, vectorFillers[:2]
	if testing.Short() || raceEnabled {
		places, fillers = []int{14, 30}, vectorFillers[1:2]
	}
	buf := make([]byte, 0, 128)
	const n = 67
	for _, fill := range fillers {
		for _, a := range vectorAlphabet {
			for _, b := range vectorAlphabet {
				for _, c := range vectorAlphabet {
					for _, d := range vectorAlphabet {
						for _, at := range places {
							buf = append(buf[:0], fill[:n]...)
							buf[at], buf[at+1], buf[at+2], buf[at+3] = a, b, c, d
							checkFlagsClear(t, buf)
						}
					}
				}
			}
		}
	}
}

// TestFlagsClearVectorLengths runs clean text of each kind, and the same
// with one byte that is not clean, or a sequence cut at the end, at every
// length from 1 to 140 bytes: the threshold, each place of the last
// block's overlap, and the end check.
func TestFlagsClearVectorLengths(t *testing.T) {
	for _, fill := range vectorFillers {
		long := []byte(strings.Repeat(fill, 2))
		for n := 1; n <= 140; n++ {
			s := long[:n]
			checkFlagsClear(t, s)
			for _, tail := range []string{"\xe6", "\xe6\x97", "\xf0\x9f", "\xf0\x9f\x98", "\xd0", "\"", "\u2028", "\x80"} {
				checkFlagsClear(t, append(append([]byte(nil), s...), tail...))
			}
			for at := 0; at < n; at += 7 {
				for _, c := range []byte{0x00, '"', '\\', '&', '<', '>', 0x80, 0xC0, 0xFF} {
					b := append([]byte(nil), s...)
					b[at] = c
					checkFlagsClear(t, b)
				}
			}
		}
	}
}

func FuzzFlagsClear(f *testing.F) {
	for _, s := range vectorFillers {
		f.Add([]byte(s))
	}
	f.Add([]byte(strings.Repeat("日本語", 20) + "\u2028"))
	f.Add([]byte(strings.Repeat("x", 40) + "\xed\xa0\x80" + strings.Repeat("y", 10)))
	f.Fuzz(func(t *testing.T, s []byte) {
		checkFlagsClear(t, s)
		if got, want := refFlags(s), refStringFlags(string(s)); got != want {
			t.Fatalf("refFlags(% x) = %d, refStringFlags %d", s, got, want)
		}
	})
}
