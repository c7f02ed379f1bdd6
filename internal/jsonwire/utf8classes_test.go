package jsonwire

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// boundaryBytes are the bytes at which a UTF-8 rule changes: ASCII, the
// edges of the continuation bytes and of the narrower second-byte ranges
// (80-8F, 90-9F, A0-BF), the overlong two-byte leads, every kind of lead,
// and bytes that never appear.
var boundaryBytes = []byte{
	0x00, 0x22, 0x41, 0x7F,
	0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xBF,
	0xC0, 0xC1, 0xC2, 0xDF,
	0xE0, 0xE1, 0xE2, 0xEC, 0xED, 0xEE, 0xEF,
	0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF,
}

// Every sequence of one, two and three bytes agrees with the byte loop
// and utf8.Valid: stops, invalid bytes and sequences cut short in every
// position.
func TestTextEndEveryShortSequence(t *testing.T) {
	var b [3]byte
	for x := range 1 << 24 {
		b[0], b[1], b[2] = byte(x), byte(x>>8), byte(x>>16)
		if x < 1<<8 {
			checkTextEnd(t, b[:1])
		}
		if x < 1<<16 {
			checkTextEnd(t, b[:2])
		}
		checkTextEnd(t, b[:3])
	}
}

// Every four-byte sequence with a lead from C0 up (the only leads after
// which three more bytes can matter) agrees with the byte loop. It takes
// minutes, so it runs only with ROWPAGE_EXHAUSTIVE=1; the test after it
// covers four-byte sequences of boundary bytes in every run.
func TestTextEndEveryFourByteSequence(t *testing.T) {
	if os.Getenv("ROWPAGE_EXHAUSTIVE") == "" {
		t.Skip("set ROWPAGE_EXHAUSTIVE=1 to check all 2^30 sequences")
	}
	var b [4]byte
	for x := range 1 << 30 {
		b[0], b[1], b[2], b[3] = 0xC0|byte(x>>24), byte(x), byte(x>>8), byte(x>>16)
		checkTextEnd(t, b[:])
	}
}

// Every sequence of up to four boundary bytes agrees with the byte loop on
// its own, after every number of ASCII bytes from 0 to 9 (so that it
// starts in every lane of a word) and before and after ASCII, two-byte or
// three-byte text long enough for the word-at-a-time paths. Sequences of
// four bytes are tried after 0 and 5 ASCII bytes, before nothing or ASCII.
func TestTextEndBoundaryBytesInEveryLane(t *testing.T) {
	tails := []string{"", "abcdefghijk", "éèêëàâäô", "日本語のテキスト", "\u2028\u2029日本"}
	var seq []byte
	var rec func(depth int)
	rec = func(depth int) {
		pres, ts := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, tails
		if depth == 4 { // 923,521 sequences: a lane in each half word
			pres, ts = []int{0, 5}, tails[:2]
		}
		for _, pre := range pres {
			for _, tail := range ts {
				p := append([]byte(strings.Repeat("x", pre)), seq...)
				checkTextEnd(t, append(p, tail...))
				checkTextEnd(t, append([]byte(tail), p...))
			}
		}
		if depth == 4 {
			return
		}
		for _, c := range boundaryBytes {
			seq = append(seq, c)
			rec(depth + 1)
			seq = seq[:len(seq)-1]
		}
	}
	rec(0)
}

// validSamples are texts of every script TextEnd has a path for.
var validSamples = []string{
	"",
	"plain ASCII text, long enough for several words of it",
	"École élémentaire, où l'on étudiait à côté de la forêt",
	"Привет, как дела? Всё хорошо, спасибо",
	"日本語のテキストと漢字とカタカナ、そして한국어",
	"emoji 😀🎉👍🏽 and flags 🇫🇷🇯🇵 between words",
	"mixed: a é 日 😀 \u2028 \u2029 \u0080 \u07FF \u0800 \uFFFF \U00010000 \U0010FFFF end",
	"\uE000\uD7FF\uFFFD…’“”—–",
}

// threeByteValid accepts a word exactly when its first six bytes are two
// three-byte sequences utf8.Valid accepts, whatever its last two bytes:
// every three bytes are tried in each lane (under the race detector, a byte
// of each class in each place: everyByte), beside 日 (E6 97 A5), U+2028 or
// an invalid lane.
func TestThreeByteValidEveryLane(t *testing.T) {
	others := [][3]byte{{0xE6, 0x97, 0xA5}, {0xE2, 0x80, 0xA8}, {0xED, 0xA0, 0x80}}
	for _, x0 := range everyByte() {
		for _, x1 := range everyByte() {
			for _, x2 := range everyByte() {
				seq := [3]byte{x0, x1, x2}
				want := x0>>4 == 0xE && utf8.Valid(seq[:])
				for _, o := range others {
					oValid := utf8.Valid(o[:])
					for lane := range 2 {
						var b [8]byte
						copy(b[3*lane:], seq[:])
						copy(b[3-3*lane:], o[:])
						b[6], b[7] = x0, 0xFF
						if got := threeByteValid(binary.LittleEndian.Uint64(b[:])); got != (want && oValid) {
							t.Fatalf("threeByteValid(% x) = %v", b, got)
						}
					}
				}
			}
		}
	}
}
