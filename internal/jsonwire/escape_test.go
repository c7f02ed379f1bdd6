package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
)

type myString string
type myBytes []byte

// refQuoted is what encoding/json writes for s.
func refQuoted(s string, escapeHTML bool) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	out := strings.TrimSuffix(buf.String(), "\n")
	if escapeHTML {
		if m, _ := json.Marshal(s); string(m) != out {
			panic("json.Marshal and json.Encoder disagree")
		}
	}
	return out
}

// refStringFlags is the deliberately simple reference: rune by rune.
func refStringFlags(s string) uint8 {
	var f uint8
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r < 0x20 || r == '"' || r == '\\' || r == '\u2028' || r == '\u2029' || (r == utf8.RuneError && size == 1):
			f |= format.StrNeedsEscape
		case r == '<' || r == '>' || r == '&':
			f |= format.StrHasHTML
		}
		s = s[size:]
	}
	return f
}

// checkQuoted runs every entry point on s and compares with the references.
func checkQuoted(t testing.TB, s string) {
	flags := refStringFlags(s)
	for _, got := range []uint8{StringFlags(s), StringFlags([]byte(s)), StringFlags(myString(s)), StringFlags(myBytes(s))} {
		if got != flags {
			t.Fatalf("StringFlags(%q) = %d, want %d", s, got, flags)
		}
	}
	if got := FlagsClear([]byte(s)); got != (flags == 0) {
		t.Fatalf("FlagsClear(%q) = %v, flags %d", s, got, flags)
	}
	for _, html := range []bool{true, false} {
		want := refQuoted(s, html)
		for _, got := range [][]byte{
			AppendQuoted([]byte("x"), s, html)[1:],
			AppendQuoted([]byte("x"), []byte(s), html)[1:],
			AppendQuoted([]byte("x"), myString(s), html)[1:],
			AppendQuoted([]byte("x"), myBytes(s), html)[1:],
			quotedWithRoom(t, s, html, 6*len(s)+18),
			quotedWithRoom(t, s, html, len(s)+18),
			AppendQuotedFlags(nil, s, flags, html),
			AppendQuotedFlags(nil, []byte(s), flags, html),
			AppendQuotedFlags(nil, s, format.StrNeedsEscape|format.StrHasHTML, html),
		} {
			if string(got) != want {
				t.Fatalf("AppendQuoted(%q, html=%v) = %s, want %s", s, html, got, want)
			}
		}
	}
}

func TestQuotedTable(t *testing.T) {
	tests := []struct {
		s, html, plain string
		flags          uint8
	}{
		{"", `""`, `""`, 0},
		{"abc", `"abc"`, `"abc"`, 0},
		{"a\"b\\c", `"a\"b\\c"`, `"a\"b\\c"`, format.StrNeedsEscape},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`, `"\b\f\n\r\t"`, format.StrNeedsEscape},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001f` + "\x7f\"", `"\u0000\u0001\u001f` + "\x7f\"", format.StrNeedsEscape},
		{"<a>&", `"\u003ca\u003e\u0026"`, `"<a>&"`, format.StrHasHTML},
		{"\u2028\u2029", `"\u2028\u2029"`, `"\u2028\u2029"`, format.StrNeedsEscape},
		{"\u2027\u202a", "\"\u2027\u202a\"", "\"\u2027\u202a\"", 0},
		{"\xff", `"\ufffd"`, `"\ufffd"`, format.StrNeedsEscape},
		{"\xe2\x80", `"\ufffd\ufffd"`, `"\ufffd\ufffd"`, format.StrNeedsEscape},
		{"\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`, `"\ufffd\ufffd\ufffd"`, format.StrNeedsEscape}, // surrogate
		{"\xc0\x80", `"\ufffd\ufffd"`, `"\ufffd\ufffd"`, format.StrNeedsEscape},                 // overlong NUL
		{"\uFFFD", "\"\uFFFD\"", "\"\uFFFD\"", 0},
		{"héllo wörld, 日本語 🎉", "\"héllo wörld, 日本語 🎉\"", "\"héllo wörld, 日本語 🎉\"", 0},
		{"01234567<", `"01234567\u003c"`, `"01234567<"`, format.StrHasHTML},
		{"0123456\n89", `"0123456\n89"`, `"0123456\n89"`, format.StrNeedsEscape},
		{"0123456789abcdef\"", `"0123456789abcdef\""`, `"0123456789abcdef\""`, format.StrNeedsEscape},
		{"<\x00", `"\u003c\u0000"`, `"<\u0000"`, format.StrNeedsEscape | format.StrHasHTML},
	}
	for _, tt := range tests {
		if got := string(AppendQuoted(nil, tt.s, true)); got != tt.html {
			t.Errorf("AppendQuoted(%q, true) = %s, want %s", tt.s, got, tt.html)
		}
		if got := string(AppendQuoted(nil, tt.s, false)); got != tt.plain {
			t.Errorf("AppendQuoted(%q, false) = %s, want %s", tt.s, got, tt.plain)
		}
		if got := StringFlags(tt.s); got != tt.flags {
			t.Errorf("StringFlags(%q) = %d, want %d", tt.s, got, tt.flags)
		}
		checkQuoted(t, tt.s)
	}
}

// TestQuotedEveryByte puts each byte value at every offset of a 17-byte
// string, so that it lands in every lane of a word and in the tail.
func TestQuotedEveryByte(t *testing.T) {
	const pad = "abcdefghijklmnopq"
	for c := range 256 {
		checkQuoted(t, string([]byte{byte(c)}))
		for i := range len(pad) {
			checkQuoted(t, pad[:i]+string([]byte{byte(c)})+pad[i:])
		}
	}
}

func TestQuotedEveryRune(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		s := string(r) // surrogates become U+FFFD, as in any Go string
		if r < 0x800 || r >= 0x2000 && r < 0x2100 || r%61 == 0 {
			checkQuoted(t, "ab"+s+"cdefgh"+s)
			continue
		}
		// The rest only against the reference flags and the html output,
		// to keep the test fast.
		want := refQuoted(s, true)
		if got := AppendQuoted(nil, s, true); string(got) != want {
			t.Fatalf("AppendQuoted(%U) = %s, want %s", r, got, want)
		}
		if StringFlags(s) != refStringFlags(s) {
			t.Fatalf("StringFlags(%U) = %d", r, StringFlags(s))
		}
	}
	// Surrogate halves and out-of-range code points as raw bytes.
	for _, s := range []string{"\xed\xa0\x80", "\xed\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80"} {
		checkQuoted(t, s)
	}
}

func TestQuotedRandom(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 20_000
	}
	rng := rand.New(rand.NewPCG(17, 18))
	pieces := []string{"a", "b", "Z", " ", "\"", "\\", "<", ">", "&", "\n", "\x00", "\x1f", "\x7f", "é", "日", "🎉",
		"\u2028", "\u2029", "\xe2\x80", "\xe2", "\x80", "\xff", "\xc0\x80", "\xed\xa0\x80", "\xf0\x9f", "abcdefgh", "\ufffd"}
	var sb strings.Builder
	for range n {
		sb.Reset()
		for k := rng.IntN(24); k > 0; k-- {
			if rng.IntN(5) == 0 {
				sb.WriteByte(byte(rng.Uint32()))
			} else {
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		checkQuoted(t, sb.String())
	}
}

func TestQuotedAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	b := []byte("some text, \"quoted\" <html> & \u2028 日本語 \xff more text after it")
	s := string(b)
	if a := testing.AllocsPerRun(100, func() {
		StringFlags(b)
		StringFlags(s)
		buf = AppendQuoted(buf[:0], b, true)
		buf = AppendQuoted(buf[:0], s, false)
		buf = AppendQuotedFlags(buf[:0], b, 0, true)
	}); a != 0 {
		t.Errorf("allocs = %v, want 0", a)
	}
}

func FuzzAppendQuoted(f *testing.F) {
	for _, s := range []string{"", "abc", "<a href=\"x\">&amp;</a>", "\u2028\xff\x00", "0123456789abcdef\xe2\x80\xa8"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkQuoted(t, string(b))
	})
}

// escapeLadder is the input lengths of the escaping benchmarks: the short
// strings a page mostly holds, where a SIMD kernel's fixed cost shows,
// around the 16- and 32-byte block edges, and one long input.
var escapeLadder = []int{1, 8, 16, 31, 32, 33, 48, 64, 4096}

// ladderText returns n bytes of text made of base, with a quote as its last
// byte when quote is set (so every block is scanned before a special).
func ladderText(base string, n int, quote bool) string {
	s := []byte(strings.Repeat(base, n/len(base)+1)[:n])
	if quote {
		s[n-1] = '"'
	}
	return string(s)
}

func BenchmarkStringFlags(b *testing.B) {
	for _, text := range escapeTexts {
		for _, n := range escapeLadder {
			s := ladderText(text.base, n, false)
			bs := []byte(s)
			b.Run(fmt.Sprintf("%s/%d/string", text.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					benchSink += int(StringFlags(s))
				}
			})
			b.Run(fmt.Sprintf("%s/%d/bytes", text.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					benchSink += int(StringFlags(bs))
				}
			})
		}
	}
}

func BenchmarkFlagsClear(b *testing.B) {
	for _, text := range escapeTexts[1:] { // FlagsClear is for clean text
		for _, n := range escapeLadder {
			bs := []byte(ladderText(strings.ReplaceAll(text.base, "&", "+"), n, false))
			b.Run(fmt.Sprintf("%s/%d", text.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(bs)))
				for b.Loop() {
					if FlagsClear(bs) {
						benchSink++
					}
				}
			})
		}
	}
}

// escapeTexts are the kinds of text the escaping benchmarks run on: ASCII
// prose with quotes, CJK text (the string is escaped for its final quote,
// so every rune before it is scanned), and the mix of a tweet: ASCII
// mentions and links between runs of CJK, with an ampersand.
var escapeTexts = []struct{ name, base string }{
	{"ascii", "plain ascii text with a \"quote\" now and then. "},
	{"cjk", "日本語のテキストです。"},
	{"mixed", "RT @user: 今日は & 明日 http://t.co/x1 "},
}

func BenchmarkAppendQuoted(b *testing.B) {
	for _, text := range escapeTexts {
		for _, n := range escapeLadder {
			s := ladderText(text.base, n, true)
			buf := make([]byte, 0, 2*len(s)+16)
			b.Run(fmt.Sprintf("%s/%d/format", text.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					buf = AppendQuoted(buf[:0], s, true)
				}
			})
			b.Run(fmt.Sprintf("%s/%d/json.Marshal", text.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					buf, _ = json.Marshal(s)
				}
			})
		}
	}
}

var benchSink int
