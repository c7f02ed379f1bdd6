package jsonwire

// Quoting a string in steps, for a renderer that escapes strings in its
// own loop (pageread's EscapedStrings) and wants no call between it and
// the word loop: QuoteWordsMax says which strings the word loop takes,
// QuoteTableOf picks its escapes, QuoteWordsInto (which inlines) enters
// it, and AppendQuotedRest, a call, finishes the rare rest. Through
// AppendQuoted a short escaped string took two calls more (AppendQuoted,
// quoteASCII) before the word loop.
//
//	dst = append(dst, '"')
//	i := 0
//	if len(s) <= jsonwire.QuoteWordsMax {
//		var o int
//		o, i = jsonwire.QuoteWordsInto(dst, s, jsonwire.QuoteTableOf(escapeHTML))
//		dst = dst[:o]
//	}
//	if i < len(s) {
//		dst = jsonwire.AppendQuotedRest(dst, s, i, escapeHTML)
//	} else {
//		dst = append(dst, '"')
//	}
//
// writes what AppendQuoted(dst, s, escapeHTML) writes.

// QuoteWordsMax is the longest string QuoteWordsInto takes (quoteWordsMax).
const QuoteWordsMax = quoteWordsMax

// QuoteTable holds the escapes and word-test constants of the word loop
// for one escaping mode (see QuoteTableOf).
type QuoteTable = quoteTable

// QuoteTableOf returns the QuoteTable of AppendQuoted with escapeHTML.
// Inlines.
func QuoteTableOf(escapeHTML bool) *QuoteTable {
	if escapeHTML {
		return &quoteTables[1]
	}
	return &quoteTables[0]
}

// AppendQuotedRest appends s[i:] quoted as AppendQuoted does, and the
// closing quote: the way on after QuoteWordsInto stopped at i (at a byte
// from 0x80, or for want of room), or for a string longer than
// QuoteWordsMax from i = 0. A string longer than QuoteWordsMax goes 32
// bytes a step where that has a vector form (appendQuotedStops: about 480
// instructions a string for the long escaped strings of rows-25, prose of
// 300 to 530 bytes with a tab or a newline, where class masks a 64-byte
// block took about 1,100). Cost: that of AppendQuoted for what remains,
// or less.
func AppendQuotedRest(dst, s []byte, i int, escapeHTML bool) []byte {
	if quoteStopsFast && len(s) > quoteWordsMax {
		return appendQuotedStops(dst, s, i, escapeHTML)
	}
	if len(s) <= quoteWordsMax {
		if dst, i = quoteRoom(dst, s, i, QuoteTableOf(escapeHTML)); i >= len(s) {
			return append(dst, '"')
		}
	}
	return appendQuotedFrom(dst, s, i, escapeHTML)
}
