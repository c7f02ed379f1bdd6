package jsonwire

import "github.com/rowpage/rowpage/format"

// Strings are scanned for escaping in runs of plain ASCII (PlainPrefix) and
// runs of non-ASCII text. In a run of non-ASCII text the only questions are
// whether each sequence is valid UTF-8 and whether it is U+2028 or U+2029,
// so the sequences are measured in place rather than decoded into runes:
// utf8.DecodeRune's general path, with the string conversion it needs for a
// []byte, cost about four times as much on Cyrillic or CJK text.

// seqLen returns the length (2, 3 or 4) of the valid UTF-8 sequence that
// starts at s[i], a byte of at least 0x80, or 0 when the bytes there are not
// valid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a
// code point above U+10FFFF, or a sequence cut short). The ranges are those
// of the Unicode standard's table 3-7, as unicode/utf8 applies them.
func seqLen[S ~string | ~[]byte](s S, i int) int {
	c := s[i]
	n := len(s) - i
	switch {
	case c < 0xC2: // a continuation byte, or an overlong two-byte lead
		return 0
	case c < 0xE0:
		if n < 2 || s[i+1]&0xC0 != 0x80 {
			return 0
		}
		return 2
	case c < 0xF0:
		if n < 3 || s[i+2]&0xC0 != 0x80 {
			return 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		switch c {
		case 0xE0: // no overlong forms below U+0800
			lo = 0xA0
		case 0xED: // no surrogates
			hi = 0x9F
		}
		if c1 := s[i+1]; c1 < lo || c1 > hi {
			return 0
		}
		return 3
	case c < 0xF5:
		if n < 4 || s[i+2]&0xC0 != 0x80 || s[i+3]&0xC0 != 0x80 {
			return 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		switch c {
		case 0xF0: // no overlong forms below U+10000
			lo = 0x90
		case 0xF4: // nothing above U+10FFFF
			hi = 0x8F
		}
		if c1 := s[i+1]; c1 < lo || c1 > hi {
			return 0
		}
		return 4
	}
	return 0
}

// isLineSep reports whether the valid three-byte sequence at s[i] is U+2028
// or U+2029 (E2 80 A8 or E2 80 A9), which JSON output always escapes.
func isLineSep[S ~string | ~[]byte](s S, i int) bool {
	return s[i] == 0xE2 && s[i+1] == 0x80 && s[i+2]&0xFE == 0xA8
}

// nonASCIIFlags scans the run of bytes of at least 0x80 that starts at
// s[i] and returns where it ends and format.StrNeedsEscape if the run holds
// invalid UTF-8, U+2028 or U+2029 (else 0).
func nonASCIIFlags[S ~string | ~[]byte](s S, i int) (int, uint8) {
	var flags uint8
	for i < len(s) && s[i] >= 0x80 {
		switch k := seqLen(s, i); k {
		case 0:
			flags = format.StrNeedsEscape
			i++
		case 3:
			if isLineSep(s, i) {
				flags = format.StrNeedsEscape
			}
			i += 3
		default:
			i += k
		}
	}
	return i, flags
}
