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
// back here to be checked by FlagsClear; when it is not clean (invalid
// UTF-8, U+2028 or U+2029, or markup kept as it is), the copy is cut at
// its first escape (firstTextEscape), which is written here, and
// quoteStops goes on after it (or, past quoteStopsRestarts,
// appendQuotedFrom escapes the run's rest): every ASCII byte being a
// sequence boundary, the text between two stops escapes as it would
// within the whole string, and so does the text after a sequence. Cost: a call of about
// 30 instructions, 9 a 32-byte block and about 20 an escape for ASCII
// text; a call a stop and FlagsClear's 1.3 instructions a byte for text in
// other scripts.
func appendQuotedStops(dst, s []byte, i int, escapeHTML bool) []byte {
	restarts := 0
	for {
		var k, r int
		var high bool
		dst, k, r, high = quoteStops(dst, s, i, escapeHTML)
		if high && !FlagsClear(s[r:k]) {
			if p := firstTextEscape(s[:k], r, escapeHTML); p < k {
				dst = dst[:len(dst)-(k-p)] // the copy from p on
				if restarts < quoteStopsRestarts {
					// The text after the sequence at p goes back to
					// quoteStops: a U+2028 in a page of prose.
					restarts++
					dst, i = appendTextEscape(dst, s, p)
					continue
				}
				dst = appendQuotedFrom(dst, s[p:k], 0, escapeHTML)
				dst = dst[:len(dst)-1] // its closing quote
			}
		}
		if k >= len(s) {
			return append(dst, '"')
		}
		dst = appendASCIIEscape(dst, s[k])
		i = k + 1
	}
}

// quoteStopsRestarts is how many times appendQuotedStops starts quoteStops
// again after a sequence it escapes in a run of other scripts (each start
// copies on to the next stop); past that, a run's rest is escaped by
// appendQuotedFrom, so that a string of many invalid bytes costs a linear
// time.
const quoteStopsRestarts = 4

// firstTextEscape returns the index of the first byte of s at or after i
// that AppendQuoted replaces with an escape, or len(s); s[i] is ASCII or
// the start of a UTF-8 sequence. Runs of plain ASCII go by PlainPrefix,
// runs of other scripts by plainRunes. Cost: PlainPrefix's and
// plainRunes' a run, and a table load a stop.
func firstTextEscape(s []byte, i int, escapeHTML bool) int {
	for i < len(s) {
		if i = PlainPrefix(s, i); i >= len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			if f := asciiFlags[c]; f != 0 && (escapeHTML || f != format.StrHasHTML) {
				return i
			}
			i++
			continue
		}
		j := plainRunes(s, i)
		if j == i {
			return i
		}
		i = j
	}
	return len(s)
}

// appendTextEscape appends the escape of the sequence at s[p], invalid
// UTF-8 (one byte, \ufffd) or U+2028 or U+2029, and returns dst and the
// index after it. Cost: one append.
func appendTextEscape(dst, s []byte, p int) ([]byte, int) {
	if seqLen(s, p) == 3 { // U+2028 or U+2029
		return append(dst, '\\', 'u', '2', '0', '2', hexDigits[s[p+2]&0xF]), p + 3
	}
	return append(dst, `\ufffd`...), p + 1
}

// quoteStopsSlack is the room for escapes quoteStops asks of dst beyond
// the rest of s and 32 bytes: the escapes of a dozen ASCII bytes, or more.
const quoteStopsSlack = 64

// quoteStopsBytes is quoteStops a byte at a time, leaving every stop to the
// caller: it appends s[i:k] to dst, k being the first byte of s at or
// after i that an escape replaces (below 0x20, '"', '\\', and '<', '>' or
// '&' when escapeHTML), or len(s), and returns dst, k, i and whether a
// byte from 0x80 lies in s[i:k]. quoteStops takes it for strings under
// 32 bytes; where quoteStops has no vector form (no AVX2, other GOARCH,
// purego) AppendQuotedRest does not come here at all, so this form then
// serves only the tests, which run appendQuotedStops over it too. Cost:
// a table load and a test a byte, and one append.
func quoteStopsBytes(dst, s []byte, i int, escapeHTML bool) ([]byte, int, int, bool) {
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
