package jsonwire

import (
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
)

// appendQuotedStops appends s[i:] quoted as AppendQuoted does, and the
// closing quote, s[i] being ASCII or the start of a UTF-8 sequence, for a
// long string that needs escaping (len(s) >= 32): the way AppendQuotedRest
// takes where quoteStops has a vector form. Text in a long string is
// mostly prose with an escape or two (a tab, a newline, a quoted word,
// markup), so quoteStops copies it 32 bytes a step and escapes its ASCII
// bytes as it goes, in one call where the string is ASCII. A run between
// two stops (bytes an escape replaces) that holds a byte from 0x80 comes
// back here to be checked by FlagsClear, and escaped by appendQuotedFrom
// when it is not clean (invalid UTF-8, U+2028 or U+2029, or markup kept as
// it is): every ASCII byte being a sequence boundary, the text between two
// stops escapes as it would within the whole string. Cost: a call of about
// 30 instructions, 9 a 32-byte block and about 20 an escape for ASCII
// text; a call a stop and FlagsClear's 1.3 instructions a byte for text in
// other scripts.
func appendQuotedStops(dst, s []byte, i int, escapeHTML bool) []byte {
	for {
		var k, r int
		var high bool
		dst, k, r, high = quoteStops(dst, s, i, escapeHTML)
		if high && !FlagsClear(s[r:k]) {
			dst = appendQuotedFrom(dst[:len(dst)-(k-r)], s[r:k], 0, escapeHTML)
			dst = dst[:len(dst)-1] // its closing quote
		}
		if k >= len(s) {
			return append(dst, '"')
		}
		dst = appendASCIIEscape(dst, s[k])
		i = k + 1
	}
}

// quoteStopsSlack is the room for escapes quoteStops asks of dst beyond
// the rest of s and 32 bytes: the escapes of a dozen ASCII bytes, or more.
const quoteStopsSlack = 64

// quoteStopsSWAR is quoteStops a byte at a time, leaving every stop to the
// caller: it appends s[i:k] to dst, k being the first byte of s at or
// after i that an escape replaces (below 0x20, '"', '\\', and '<', '>' or
// '&' when escapeHTML), or len(s), and returns dst, k, i and whether a
// byte from 0x80 lies in s[i:k]. The form for processors without AVX2 and
// the purego build, and quoteStops' reference in tests.
func quoteStopsSWAR(dst, s []byte, i int, escapeHTML bool) ([]byte, int, int, bool) {
	high := false
	for k := i; k < len(s); k++ {
		c := s[k]
		if c >= utf8.RuneSelf {
			high = true
			continue
		}
		if f := asciiFlags[c]; f != 0 && (escapeHTML || f != format.StrHasHTML) {
			return append(dst, s[i:k]...), k, i, high
		}
	}
	return append(dst, s[i:]...), len(s), i, high
}
