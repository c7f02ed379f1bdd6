package jsonwire

import "testing"

// flagsClearTexts are clean strings of the kinds a page of user text
// holds, checked one call each as string-table verification does: emoji
// with a zero-width joiner between words, Hangul and CJK names with an
// ASCII word, compatibility forms, and a name in Latin-1 letters.
var flagsClearTexts = []struct{ name, s string }{
	{"emoji", "👩‍💻 shipped it 🚀🎉 buffer"},
	{"hangul", "한국어 텍스트 graph"},
	{"compat", "Å Ω µ ﬁ: compatibility forms"},
	{"latin", "Café Müller, Zürich — naïve façade"},
}

func BenchmarkFlagsClearText(b *testing.B) {
	for _, text := range flagsClearTexts {
		bs := []byte(text.s)
		b.Run(text.name, func(b *testing.B) {
			b.SetBytes(int64(len(bs)))
			for b.Loop() {
				if FlagsClear(bs) {
					benchSink++
				}
			}
		})
	}
}
