package jsonwire

import (
	"fmt"
	"testing"
)

// BenchmarkQuoteStops quotes ASCII prose with a tab every 42 bytes by
// appendQuotedStops (AppendQuotedRest's way for escaped strings longer than
// quoteWordsMax: quoteStops' vector form where there is one, its SWAR form
// otherwise) and, as "scalar", by appendQuotedFrom, at lengths from 1 byte
// (below what the vector form takes: quoteStops hands those to the SWAR
// form), through 32 to 64 (where its fixed cost shows) to long ones.
func BenchmarkQuoteStops(b *testing.B) {
	for _, n := range []int{1, 16, 32, 33, 48, 64, 129, 512, 1 << 16} {
		const pattern = "the quick brown fox jumps over a lazy\tdog "
		text := make([]byte, n)
		for i := range text {
			text[i] = pattern[i%len(pattern)]
		}
		dst := make([]byte, 0, 2*n+256)
		for _, form := range []string{"stops", "scalar"} {
			b.Run(fmt.Sprintf("%s/%d", form, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					if form == "stops" {
						dst = appendQuotedStops(dst[:0], text, 0, true)
					} else {
						dst = appendQuotedFrom(dst[:0], text, 0, true)
					}
				}
			})
		}
	}
}
