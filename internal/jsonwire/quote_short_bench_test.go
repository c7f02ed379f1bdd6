package jsonwire

import (
	"strconv"
	"strings"
	"testing"
)

// quoteShortTexts are short strings of the kinds a page escapes: BaaS
// permissions, a tweet's HTML source link, text with a newline, and the
// troublesome strings of the hetero dataset.
var quoteShortTexts = []struct{ name, s string }{
	{"perm", `read("user:nav5abhmrr9huw8bqjuu")`},
	{"source", `<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>`},
	{"newline", "First line\nsecond line: active merge and summary migration form."},
	{"control", "nul\x00soh\x01us\x1fdel\x7f route"},
	{"script", "<script>alert('x')</script> & more data"},
	{"linesep", "line\u2028separator\u2029paragraph billing"},
	{"cjk", "@aym0566x \n\n名前:前田あゆみ\n第一印象:なんか怖っ！\n今の印象:とりあえずキモい。"},
}

// BenchmarkQuoteShort is AppendQuoted, with HTML escaping, on each of
// quoteShortTexts into a buffer with room to spare: count it with
// tools/instructions ./internal/jsonwire 'QuoteShort/s=perm$'
// 'github.com/rowpage/rowpage/internal/jsonwire.AppendQuoted*'.
func BenchmarkQuoteShort(b *testing.B) {
	for _, text := range quoteShortTexts {
		buf := make([]byte, 0, 6*len(text.s)+64)
		b.Run("s="+text.name, func(b *testing.B) {
			for b.Loop() {
				buf = AppendQuoted(buf[:0], text.s, true)
			}
		})
	}
}

// quoteShortLengths are the lengths BenchmarkQuoteShortLengths quotes: the
// short lengths where the word loop and quoteShortAVX2 cost about the
// same, one to four 32-byte blocks of quoteShortAVX2, their edges, and
// words.
var quoteShortLengths = []int{1, 2, 4, 6, 8, 9, 12, 16, 24, 31, 32, 33, 40, 48, 56, 63, 64, 65, 96, 128}

// BenchmarkQuoteShortLengths quotes the first n bytes of BaaS permission
// strings (a quote or two every 17 bytes) through QuoteWordsInto, as the
// hit's appendSpanJSON does, into a buffer with the room of every escape:
// count it with tools/instructions ./internal/jsonwire
// 'QuoteShortLengths/n=33$' 'github.com/rowpage/rowpage/internal/jsonwire.quoteWords' 60 20.
func BenchmarkQuoteShortLengths(b *testing.B) {
	text := []byte(strings.Repeat(`read("user:nav5")`, 8))
	for _, n := range quoteShortLengths {
		s := text[:n]
		buf := make([]byte, 1, 6*n+64)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			t := QuoteTableOf(true)
			for b.Loop() {
				o, _ := QuoteWordsInto(buf[:1], s, t)
				buf = buf[:o]
			}
		})
	}
}
