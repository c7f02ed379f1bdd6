package jsonwire

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
)

// refSeqLen is seqLen by way of unicode/utf8.
func refSeqLen(s []byte) int {
	r, size := utf8.DecodeRune(s)
	if r == utf8.RuneError && size == 1 {
		return 0
	}
	return size
}

// TestSeqLenEveryPrefix compares seqLen with unicode/utf8 on every one-,
// two- and three-byte input that starts with a non-ASCII byte, and on every
// four-byte input whose last two bytes are drawn from the boundaries of the
// continuation range. Under the race detector, a byte of each class in each
// place (everyByte).
func TestSeqLenEveryPrefix(t *testing.T) {
	check := func(s []byte) {
		t.Helper()
		if got, want := seqLen(s, 0), refSeqLen(s); got != want {
			t.Fatalf("seqLen(% x) = %d, want %d", s, got, want)
		}
		if got, want := seqLen(string(s), 0), refSeqLen(s); got != want {
			t.Fatalf("seqLen(string % x) = %d, want %d", s, got, want)
		}
	}
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}
	for _, a := range everyByteFrom(0x80) {
		check([]byte{a})
		for _, b := range everyByte() {
			check([]byte{a, b})
			for _, c := range everyByte() {
				check([]byte{a, b, c})
			}
			if a >= 0xF0 {
				for _, c := range edges {
					for _, d := range edges {
						check([]byte{a, b, c, d})
					}
				}
			}
		}
	}
}

// TestStringFlagsNonASCII checks StringFlags on non-ASCII text that ends
// at an ASCII byte and at the end of the input, and that holds the line
// separators, invalid bytes and sequences cut short.
func TestStringFlagsNonASCII(t *testing.T) {
	for _, tc := range []struct {
		in    string
		flags uint8
	}{
		{"日本語a", 0},
		{"日本語", 0},
		{"Юрий Титов", 0},
		{"é\u2028x", format.StrNeedsEscape},
		{"é\u2029", format.StrNeedsEscape},
		{"\u2027\u202a", 0},
		{"é\xffé", format.StrNeedsEscape},
		{"\xe2\x80", format.StrNeedsEscape},
		{"\xed\xa0\x80b", format.StrNeedsEscape},
	} {
		if flags := StringFlags(tc.in); flags != tc.flags {
			t.Errorf("StringFlags(%q) = %d, want %d", tc.in, flags, tc.flags)
		}
	}
}

// refPlainRunes is plainRunes by way of unicode/utf8.
func refPlainRunes(s []byte, i int) int {
	for i < len(s) && s[i] >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return i
		}
		i += size
	}
	return i
}

// TestPlainRunesEveryPrefix compares plainRunes, whose loop decides two- and
// most three-byte sequences itself, with the unicode/utf8 reference on every
// three-byte input that starts with a non-ASCII byte: alone (where only
// plainRunes' tail loop runs), before ASCII and before a three-byte sequence.
// Under the race detector, a byte of each class in each place (everyByte).
func TestPlainRunesEveryPrefix(t *testing.T) {
	s := make([]byte, 0, 8)
	for _, a := range everyByteFrom(0x80) {
		for _, b := range everyByte() {
			for _, c := range everyByte() {
				for _, tail := range []string{"", "xy", "日"} {
					s = append(append(s[:0], a, b, c), tail...)
					if got, want := plainRunes(s, 0), refPlainRunes(s, 0); got != want {
						t.Fatalf("plainRunes(% x) = %d, want %d", s, got, want)
					}
				}
			}
		}
	}
}

// TestFlagsClearEveryPrefix compares FlagsClear, whose loop decides plain
// bytes, two- and most three-byte sequences itself, with the rune-by-rune
// reference on every three-byte input: alone (so that a sequence is cut
// short at the end), before plain ASCII, before a special byte, before a
// three-byte sequence, and before a run of ASCII long enough to be handed
// to PlainPrefix, with and without a control byte at its end. Under the
// race detector, each of the three is a byte of each class (everyByte).
func TestFlagsClearEveryPrefix(t *testing.T) {
	s := make([]byte, 0, 32)
	for _, a := range everyByte() {
		for _, b := range everyByte() {
			for _, c := range everyByte() {
				tails := flagsClearTails
				if a < 0x80 || raceEnabled { // the long tails only after a non-ASCII byte, and not under -race, to keep the test short
					tails = tails[:4]
				}
				for _, tail := range tails {
					s = append(append(s[:0], a, b, c), tail...)
					if got, want := FlagsClear(s), refStringFlags(string(s)) == 0; got != want {
						t.Fatalf("FlagsClear(% x) = %v, want %v", s, got, want)
					}
				}
			}
		}
	}
}

var flagsClearTails = []string{"", "xy", "<", "日", strings.Repeat("x", 20), strings.Repeat("x", 20) + "\x01"}

// TestTwoByteLanes puts every 16-bit value in each lane of a word of
// valid two-byte sequences ("ж"), with a second value from a few kinds in
// a later lane, and compares twoByteLanes with the count of leading lanes
// that unicode/utf8 decodes as one two-byte sequence each.
func TestTwoByteLanes(t *testing.T) {
	valid := func(b []byte) bool {
		r, size := utf8.DecodeRune(b)
		return size == 2 && r != utf8.RuneError
	}
	for lane := range 4 {
		for v := range 0x10000 {
			for _, later := range []uint16{0xB6D0, 0x2020, 0x80C1, 0xBFDF, 0x41C2} { // ж, two spaces, C1 80, DF BF, C2 41
				b := []byte("жжжж")
				for l := lane + 1; l < 4 && v%7 == 0; l += 2 {
					b[2*l], b[2*l+1] = byte(later), byte(later>>8)
				}
				b[2*lane], b[2*lane+1] = byte(v), byte(v>>8)
				want := uint(0)
				for want < 4 && valid(b[2*want:2*want+2]) {
					want++
				}
				if got := twoByteLanes(Load64(b, 0)); got != want {
					t.Fatalf("twoByteLanes(% x) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// TestFlagsClearTwoByteRuns checks FlagsClear on runs of two-byte text
// with each byte in turn replaced by one that is not plain text, or that
// starts a sequence of another length.
func TestFlagsClearTwoByteRuns(t *testing.T) {
	base := []byte("Привет мир, Ελληνικά עברית")
	for i := range base {
		for _, c := range []byte{0x01, '"', '<', 0x80, 0xC0, 0xC1, 0xE6, 0xF0, 0xFF, 'a', ' '} {
			s := append([]byte(nil), base...)
			s[i] = c
			for _, pre := range []string{"", "a", "ab"} {
				in := append([]byte(pre), s...)
				if got, want := FlagsClear(in), refStringFlags(string(in)) == 0; got != want {
					t.Fatalf("FlagsClear(%q) = %v, want %v", in, got, want)
				}
			}
		}
	}
}

// TestThreeByteRun puts every 24-bit value in each lane of a word of valid
// three-byte sequences ("日本" and two bytes the test ignores) and compares
// threeByteRun with unicode/utf8 and the line separators.
func TestThreeByteRun(t *testing.T) {
	b := []byte("日本\xff\x00")
	for lane := range 2 {
		for v := range 1 << 24 {
			copy(b, "日本")
			b[3*lane], b[3*lane+1], b[3*lane+2] = byte(v), byte(v>>8), byte(v>>16)
			seq := b[3*lane : 3*lane+3]
			want := refSeqLen(seq) == 3 && !isLineSep(seq, 0)
			if got := threeByteRun(Load64(b, 0)); got != want {
				t.Fatalf("threeByteRun(% x) = %v, want %v", b, got, want)
			}
		}
	}
}

// TestThreeByteRuns checks FlagsClear, StringFlags, AppendQuoted and
// plainRunes (from every non-ASCII byte) on runs of three-byte text (kana,
// kanji, Hangul, punctuation with leads E2 and ED) with each byte in turn
// replaced by one that is not plain text or starts a sequence of another
// length, and with an excluded sequence (U+2028, U+2029, a surrogate, an
// overlong form) or a sequence cut short put at every character boundary.
func TestThreeByteRuns(t *testing.T) {
	base := []byte("日本語のテキスト「한국어」…—ぁ\u0800\uffff\ud7ff\ue000文字列")
	check := func(in []byte) {
		t.Helper()
		checkQuoted(t, string(in))
		for i, c := range in {
			if c < utf8.RuneSelf {
				continue
			}
			if got, want := plainRunes(in, i), refPlainRunes(in, i); got != want {
				t.Fatalf("plainRunes(%q, %d) = %d, want %d", in, i, got, want)
			}
		}
	}
	pres := []string{"", "a", "ab", "é"}
	for i := range base {
		for _, c := range []byte{0x01, '"', '<', 'a', ' ', 0x80, 0x9F, 0xA0, 0xA8, 0xBF, 0xC0, 0xC2, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xFF} {
			s := append([]byte(nil), base...)
			s[i] = c
			for _, pre := range pres {
				check(append([]byte(pre), s...))
			}
		}
	}
	for i := 0; i <= len(base); i++ {
		if i < len(base) && !utf8.RuneStart(base[i]) {
			continue
		}
		for _, ins := range []string{"\u2028", "\u2029", "\xed\xa0\x80", "\xed\xbf\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xe2\x80", "\xe6"} {
			s := append(append(append([]byte(nil), base[:i]...), ins...), base[i:]...)
			for _, pre := range pres {
				check(append([]byte(pre), s...))
			}
		}
	}
}

// TestStringFlagsEverySequenceEveryPlace compares StringFlags with refFlags
// for every lead byte from 0x80 with second, third and fourth bytes at the
// edges of each range of table 3-7 (and ASCII), placed at every offset of
// strings of plain ASCII of 1 to 24 bytes (so that each of StringFlags'
// ways into a sequence, after one plain byte or a run taken a word at a
// time, and the end of the string cutting it short, meets every class),
// with and without a quote or '<' in the text around it. Under the race
// detector, a lead byte of each class (everyByteFrom), in strings of up to
// 9 bytes and at the ends of the second and third words.
func TestStringFlagsEverySequenceEveryPlace(t *testing.T) {
	next := []byte{'a', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xA9, 0xBF, 0xC0}
	buf := make([]byte, 0, 32)
	for _, a := range everyByteFrom(0x80) {
		for _, b := range next {
			for _, c := range next {
				for _, d := range []byte{'a', 0x80, 0xBF, 0xC0} {
					seq := []byte{a, b, c, d}
					for n := 1; n <= 24; n++ {
						if raceEnabled && n > 9 && (n+1)%8 > 2 {
							continue
						}
						for at := 0; at < n; at++ {
							for _, other := range []byte{'x', '"', '<'} {
								buf = buf[:0]
								for i := range n {
									buf = append(buf, "abcdefgh"[i%8])
								}
								buf = append(buf[:at], seq...)
								for len(buf) < n {
									buf = append(buf, 'z')
								}
								buf = buf[:n]
								if other != 'x' {
									buf[(at+5)%n] = other
								}
								if got, want := StringFlags(buf), refFlags(buf); got != want {
									t.Fatalf("StringFlags(%q) = %d, want %d", buf, got, want)
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestStringFlagsPlainRuns compares StringFlags with refFlags on runs of
// plain ASCII of every length up to 160 between two non-ASCII sequences,
// with a special byte or a sequence at every place of the run: the runs
// StringFlags takes a word at a time and those it gives to PlainPrefix.
func TestStringFlagsPlainRuns(t *testing.T) {
	for n := 0; n <= 160; n++ {
		run := strings.Repeat("p", n)
		for _, tail := range []string{"", "é", "日本", "\u2028", "\xff"} {
			s := []byte("é" + run + tail)
			if got, want := StringFlags(s), refFlags(s); got != want {
				t.Fatalf("StringFlags(%q) = %d, want %d", s, got, want)
			}
			for at := 2; at < 2+n; at++ {
				for _, ins := range []string{"\"", "<", "\n", "\u00e9", "\u2029", "\U0001F600", "\xc3"} {
					u := append(append(append([]byte{}, s[:at]...), ins...), s[at+1:]...)
					if got, want := StringFlags(u), refFlags(u); got != want {
						t.Fatalf("StringFlags(%q) = %d, want %d", u, got, want)
					}
				}
			}
		}
	}
}
