package jsonwire

import "math/bits"

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

// leadClass[c] is 2 for the lead bytes of two-byte sequences (C2-DF), 3 for
// the three-byte leads whose second byte may be any continuation byte and
// whose sequences are never U+2028 or U+2029 (E1, E3-EC, EE, EF), and 0 for
// every other byte: those go through seqLen.
var leadClass = func() (t [256]uint8) {
	for c := 0xC2; c < 0xE0; c++ {
		t[c] = 2
	}
	for c := 0xE1; c < 0xF0; c++ {
		if c != 0xE2 && c != 0xED {
			t[c] = 3
		}
	}
	return t
}()

// plainRunes returns the index of the first byte at or after i that is not
// part of a multi-byte sequence JSON output copies as it is: the end of the
// run of valid non-ASCII text starting at s[i], or the start of invalid
// UTF-8, U+2028 or U+2029 within it. Two-byte sequences and the common
// three-byte ones (CJK, most other scripts) are checked in the loop itself,
// runs of three-byte sequences two at a time (threeByteRun), then four at a
// time (threeByteEnd, about thirty instructions a step of twelve bytes
// where two steps of threeByteRun took about fifty); only the rest take
// seqLen.
func plainRunes[S ~string | ~[]byte](s S, i int) int {
	for i+2 < len(s) {
		c := s[i]
		switch leadClass[c] {
		case 2:
			if s[i+1]&0xC0 == 0x80 {
				i += 2
				continue
			}
		case 3:
			if i+8 <= len(s) && threeByteRun(Load64(s, i)) {
				i = threeByteEnd(s, i+6)
				continue
			}
			if s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
				i += 3
				continue
			}
		}
		if c < 0x80 {
			return i
		}
		k := seqLen(s, i)
		if k == 0 || k == 3 && isLineSep(s, i) {
			return i
		}
		i += k
	}
	for i < len(s) && s[i] >= 0x80 {
		k := seqLen(s, i)
		if k == 0 || k == 3 && isLineSep(s, i) {
			return i
		}
		i += k
	}
	return i
}

// textClass[c] is 1 for the plain bytes, 2 and 3 for the lead bytes
// leadClass marks, 4 for the leads of four-byte sequences (F0-F4: emoji,
// rarer CJK), 5 for the three-byte leads whose second byte is narrowed or
// whose sequence may be U+2028 or U+2029 (E0, E2, ED: E2 leads the
// punctuation of most text, such as the zero-width joiner of emoji and
// curly quotes), and 0 for every other byte. FlagsClear's loop decides
// every class but 0 itself; StringFlags only the first three, sending the
// rest to seqLen.
var textClass = func() (t [256]uint8) {
	t = leadClass
	for c := range 0x80 {
		if plainTable[c] {
			t[c] = 1
		}
	}
	for c := 0xF0; c <= 0xF4; c++ {
		t[c] = 4
	}
	t[0xE0], t[0xE2], t[0xED] = 5, 5, 5
	return t
}()

// flagsClearSWAR is FlagsClear without vectors: the form for short
// strings, for processors without AVX2 and the purego build, and the
// reference its vector form is tested against. It is a check for short
// text with non-ASCII in it (names, words, emoji), one loop over plain
// ASCII and every length of sequence alike, where StringFlags goes back
// and forth between runs of ASCII and of non-ASCII, at a call each. Cost:
// about four instructions an ASCII byte, two a byte in runs of eight
// plain bytes or more, nine to twelve a sequence, and about 2.5 a byte in
// runs of CJK text (threeByteEnd); ASCII runs of 80 bytes or more are
// taken in blocks through PlainPrefix.
func flagsClearSWAR(s []byte) bool {
	n := uint(len(s))
	for i := uint(0); i < n; {
		c := s[i]
		switch textClass[c] {
		case 1:
			// Two plain bytes in a row start a run of ASCII. Between
			// words of another script, or around an emoji, it is short:
			// it is taken a word at a time in the loop (a call of
			// PlainPrefix cost about 100 instructions a run), its last
			// bytes with the word that ends s, and a long run in blocks
			// by PlainPrefix once two words are plain.
			if i++; i >= n || n < 8 || textClass[s[i]] != 1 {
				continue
			}
			for k := 0; ; k++ {
				if i+8 > n {
					// The r bytes left are the top lanes of the last
					// word; shifted down, the lanes above them are zero
					// bytes, whose marks are cut off.
					r := n - i
					m := stopLanes(Load64(s, int(n-8))>>(64-8*r)) & (1<<(8*r) - 1)
					if m == 0 {
						i = n
					} else {
						i += uint(bits.TrailingZeros64(m)) / 8
					}
					break
				}
				if m := stopLanes(Load64(s, int(i))); m != 0 {
					i += uint(bits.TrailingZeros64(m)) / 8
					break
				}
				if i += 8; k == 1 && i+64 <= n {
					i = uint(PlainPrefix(s, int(i)))
					break
				}
			}
			continue
		case 2:
			// Cyrillic, Greek, Hebrew or Arabic text: a run of two-byte
			// sequences is taken four at a time, and the end of a word
			// (the sequences before a space) in one step too.
			if i+8 <= n {
				if k := twoByteLanes(Load64(s, int(i))); k != 0 {
					for i += 2 * k; k == 4 && i+8 <= n; i += 2 * k {
						k = twoByteLanes(Load64(s, int(i)))
					}
					continue
				}
			}
			if i+1 < n && s[i+1]&0xC0 == 0x80 {
				i += 2
				continue
			}
			return false
		case 3:
			// CJK, kana or Hangul text: a run of three-byte sequences is
			// taken two at a time, then four at a time (threeByteEnd).
			if i+8 <= n && threeByteRun(Load64(s, int(i))) {
				i = uint(threeByteEnd(s, int(i)+6))
				continue
			}
			if i+2 < n && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
				i += 3
				continue
			}
			return false
		case 4:
			// Emoji: the second byte within its lead's range (table 3-7),
			// the next two continuation bytes.
			if i+3 < n {
				if c1 := s[i+1]; c1 >= secondLo[c] && c1 <= secondHi[c] && s[i+2]&0xC0 == 0x80 && s[i+3]&0xC0 == 0x80 {
					i += 4
					continue
				}
			}
			return false
		case 5:
			// E0, E2 or ED: as case 3 with the second byte's range, and
			// not U+2028 or U+2029.
			if i+2 < n {
				c1, c2 := s[i+1], s[i+2]
				if c1 >= secondLo[c] && c1 <= secondHi[c] && c2&0xC0 == 0x80 && (c != 0xE2 || c1 != 0x80 || c2&0xFE != 0xA8) {
					i += 3
					continue
				}
			}
			return false
		}
		return false
	}
	return true
}

// twoByteLanes returns how many valid two-byte UTF-8 sequences the eight
// bytes of w (loaded little-endian) start with, from 0 to 4: the 16-bit
// lanes from the first whose even byte is a lead 0xC2 to 0xDF and whose
// odd byte is a continuation 0x80 to 0xBF. Such sequences are U+0080 to
// U+07FF, none of which JSON output escapes. A word of text in another
// script that ends a word (before a space or a full stop) is taken in one
// step, where a test for four sequences left it to a byte loop. Cost:
// about twelve instructions.
func twoByteLanes(w uint64) uint {
	const (
		leadMask, lead = 0x00E000E000E000E0, 0x00C000C000C000C0 // 110xxxxx
		contMask, cont = 0xC000C000C000C000, 0x8000800080008000 // 10xxxxxx
	)
	// A bad lane has a bit set in shape, or its top bit clear in lo:
	// 0xC0 and 0xC1 (overlong forms) are the leads with bits 1 to 4
	// clear, and adding 0x7FFF to those bits of a lane sets its top bit
	// exactly when one of them is set, without carrying out of it.
	shape := w&(leadMask|contMask) ^ (lead | cont)
	lo := (w&0x001E001E001E001E + 0x7FFF7FFF7FFF7FFF) & 0x8000800080008000
	return uint(bits.TrailingZeros64(shape|(lo^0x8000800080008000))) / 16
}

// threeByteRun reports whether the first six bytes of w (loaded
// little-endian) are two valid three-byte UTF-8 sequences that JSON output
// copies as they are: threeByteValid, and neither of them U+2028 or
// U+2029 (E2 80 A8-A9), tested in the same expression. The last two bytes
// of w are ignored. Cost: about thirty instructions, against about as many
// per sequence in FlagsClear's byte loop.
func threeByteRun(w uint64) bool {
	const (
		lowBits = 0x3E3F0F3E3F0F // what the shape leaves to check
		lineSep = 0x280002280002 // E2 80 A8-A9 under lowBits: zero in a lane exactly there
	)
	if w&threeShapeMask != threeShape {
		return false
	}
	p := w & lowBits
	return ((p^lineSep)+threeCarry)&threeByteLanes(w)&threeTop == threeTop
}

// threeByteEnd returns the end of the run of three-byte sequences that
// threeByteRun takes from s[i] on, to within two bytes, or stops earlier
// at a sequence led by E0, E2 or ED, which the caller's byte loop decides:
// it stops where fewer than eight bytes remain. It takes the run four
// sequences at a time, from two words six bytes apart, with one branch:
// the shape of both words (1110xxxx 10xxxxxx 10xxxxxx in each lane), and
// the four leads' low nibbles, gathered into four bytes of one word, none
// of them 0, 2 or D. Those leads are the only ones whose sequences may be
// overlong forms, surrogates, U+2028 or U+2029; CJK, kana and Hangul below
// U+D000 never take them, and the punctuation led by E2 goes a sequence at
// a time. Cost: about thirty instructions a step of twelve bytes, against
// about fifty in two steps of threeByteRun.
func threeByteEnd[S ~string | ~[]byte](s S, i int) int {
	const (
		nibbles     = 0x00000F00000F // the leads' low nibbles in a word
		ones, carry = 0x0101010101010101, 0x7F7F7F7F7F7F7F7F
		nibbleLanes = 0x8080008080 // bytes 0, 1, 3 and 4
		firstLanes  = 0x0080000080 // bytes 0 and 3: the first word's
	)
	for ; i >= 0 && i < len(s)-13; i += 12 {
		t := s[i : i+14]
		w0, w1 := Load64(t, 0), Load64(t, 6)
		shape0 := (w0 ^ threeShape) & threeShapeMask
		shape := shape0 | (w1^threeShape)&threeShapeMask
		x := w0&nibbles | (w1&nibbles)<<8
		ok := (x + carry) & ((x ^ 2*ones) + carry) & ((x ^ 0xD*ones) + carry)
		if shape|(ok&nibbleLanes^nibbleLanes) != 0 {
			// The first word's two sequences may pass alone.
			if shape0|(ok&firstLanes^firstLanes) == 0 {
				i += 6
			}
			return i
		}
	}
	if i+8 <= len(s) && threeByteRun(Load64(s, i)) {
		i += 6
	}
	return i
}
