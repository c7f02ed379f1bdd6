package jsonwire

import (
	"bytes"
	"strings"
	"testing"
)

// quotedWithRoom returns AppendQuoted(s) written after a 3-byte prefix
// into a buffer with room bytes of spare capacity, checking that the
// prefix is kept and that nothing is written past the capacity (canary
// bytes lie beyond it in the same array).
func quotedWithRoom(t testing.TB, s string, html bool, room int) []byte {
	t.Helper()
	const canary = 0xA5
	backing := bytes.Repeat([]byte{canary}, 3+room+32)
	dst := backing[: 3 : 3+room]
	copy(dst, "abc")
	got := AppendQuoted(dst, s, html)
	if string(got[:3]) != "abc" {
		t.Fatalf("AppendQuoted(%q) overwrote the prefix: %q", s, got[:3])
	}
	if &got[0] == &backing[0] { // not grown: the canaries must be intact
		for j := 3 + room; j < len(backing); j++ {
			if backing[j] != canary {
				t.Fatalf("AppendQuoted(%q, room %d) wrote past cap(dst) at %d", s, room, j-3)
			}
		}
	}
	return got[3:]
}

// TestQuotedEveryRoom writes strings into every amount of spare capacity
// from none to more than their escaped length, so that quoteRoom stops for
// lack of room at every point of the string (in a word, in the tail, in a
// run of text or before an escape) and the rest is appended.
func TestQuotedEveryRoom(t *testing.T) {
	strs := []string{
		"",
		"a",
		"\"",
		"read(\"user:nav5abhmrr9huw8bqjuu\")",
		"<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
		"日本語のテキスト\n\"です\" \u2028 \xff\xfe 123 <&>",
		"0123456\n",
		"01234567\n",
		"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10",
		strings.Repeat("plain text ", 20) + "\"" + strings.Repeat("é", 40) + "\xe2\x80\xa9x",
	}
	for _, s := range strs {
		for _, html := range []bool{true, false} {
			want := refQuoted(s, html)
			for room := 0; room <= 6*len(s)+40; room++ {
				if got := quotedWithRoom(t, s, html, room); string(got) != want {
					t.Fatalf("AppendQuoted(%q, html=%v, room %d) = %s, want %s", s, html, room, got, want)
				}
			}
		}
	}
}

// TestQuotedSpecialsEveryLane puts one special byte (or non-ASCII
// sequence) at every position of strings of every length to 40, and a
// second one after it in strings of up to 24 bytes,
// so that each lands in every lane of a word, in the overlapping last
// word and in the byte-by-byte tail of strings shorter than a word.
func TestQuotedSpecialsEveryLane(t *testing.T) {
	pieces := []string{"\"", "\\", "\n", "\x00", "\x1f", "<", ">", "&", "\x7f", "é", "日", "🎉", "\u2028", "\u2029", "\xff", "\xe2\x80", "\xc3"}
	for n := 0; n <= 40; n++ {
		base := strings.Repeat("x", n)
		checkQuoted(t, base)
		for i := 0; i < n; i++ {
			for _, p := range pieces {
				s := base[:i] + p + base[i+1:]
				checkQuoted(t, s)
				if n > 24 || raceEnabled { // pairs on short strings only, to keep the test short
					continue
				}
				for j := i + 1; j < n; j += 3 {
					for _, q := range pieces[:9] {
						checkQuoted(t, s[:j]+q+s[j:])
					}
				}
			}
		}
	}
}
