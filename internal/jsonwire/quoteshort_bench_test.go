package jsonwire

import (
	"strconv"
	"strings"
	"testing"
)

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
