package jsonwire

import "testing"

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
