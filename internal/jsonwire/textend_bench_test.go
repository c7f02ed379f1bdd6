package jsonwire

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// benchTexts are the scripts BenchmarkTextEnd walks, each repeated to
// the sizes of the ladder and cut at a rune boundary.
var benchTexts = []struct{ name, text string }{
	{"ascii", "The quick brown fox jumps over the lazy dog while the cat sleeps. "},
	{"latin", "École élémentaire où l'on étudiait à côté de la forêt, près du château. "},
	{"cyrillic", "Привет, как дела? Всё хорошо, спасибо большое за вопрос. "},
	{"cjk", "日本語のテキストと漢字とカタカナ、そして中文的文本和한국어텍스트입니다。"},
	{"emoji", "😀🎉👍🏽🇫🇷🇯🇵🔥💯✨🙏😂❤️🤔👀🌸"},
	{"mixed", "RT @aym0566x: 名前:前田あゆみ 第一印象:なんか怖っ！ http://t.co/abc 今の印象:とりあえずキモい。"},
}

// benchText returns text repeated and cut to at most n bytes, at a rune
// boundary.
func benchText(text string, n int) []byte {
	s := strings.Repeat(text, n/len(text)+1)[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return []byte(s)
}

// BenchmarkTextEnd compares TextEnd with the two passes it replaces (a
// byte loop for the first stop, then utf8.Valid of the bytes before it) on
// each script from 1 byte to 4 KiB, text with no stop in it: the short
// strings dominate JSON text, and a scan that wins on long text must not
// lose on them.
func BenchmarkTextEnd(b *testing.B) {
	for _, t := range benchTexts {
		for _, n := range []int{1, 2, 4, 8, 16, 32, 64, 256, 4096} {
			p := benchText(t.text, n)
			for _, impl := range []struct {
				name string
				end  func([]byte) (int, bool)
			}{{"jsonwire", TextEnd}, {"twopass", twoPassTextEnd}} {
				b.Run(fmt.Sprintf("text=%s/bytes=%d/impl=%s", t.name, n, impl.name), func(b *testing.B) {
					b.SetBytes(int64(len(p)))
					for b.Loop() {
						if n, ok := impl.end(p); !ok || n != len(p) {
							b.Fatal("stopped early or invalid")
						}
					}
				})
			}
		}
	}
}

// twoPassTextEnd is TextEnd the simple way: find the first stop byte,
// then check the bytes before it with utf8.Valid.
func twoPassTextEnd(p []byte) (int, bool) {
	n := 0
	for n < len(p) && p[n] != '"' && p[n] != '\\' && p[n] >= 0x20 {
		n++
	}
	return n, utf8.Valid(p[:n])
}
