package jsonwire

import (
	"math/bits"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
)

// JSON strings are written exactly as encoding/json writes them (the default
// build, not GOEXPERIMENT=jsonv2): \" \\ \b \f \n \r \t, other bytes below
// 0x20 as \u00xx in lower-case hex, < > & as \u003c \u003e \u0026 when
// escaping HTML, U+2028 and U+2029 always as \u2028 \u2029, and each byte of
// invalid UTF-8 as \ufffd. Everything else is copied.

// SWAR constants: one bit or value per byte of a 64-bit word. SWARHi, the
// high bit of every byte, is exported for the page cursors, which find a
// varint's end with it.
const (
	swarLo = 0x0101010101010101
	SWARHi = 0x8080808080808080
)

// asciiFlags holds the string flags of each ASCII byte.
var asciiFlags = func() (t [utf8.RuneSelf]uint8) {
	for c := range 0x20 {
		t[c] = format.StrNeedsEscape
	}
	t['"'], t['\\'] = format.StrNeedsEscape, format.StrNeedsEscape
	t['<'], t['>'], t['&'] = format.StrHasHTML, format.StrHasHTML, format.StrHasHTML
	return t
}()

const hexDigits = "0123456789abcdef"

// Load64 reads s[i:i+8] as a little-endian word; the compiler turns it into
// one load. The string sweep and the page cursors' varint reads use it.
func Load64[S ~string | ~[]byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// The lane tests below assume every byte of w is ASCII (below 0x80): then
// adding 0x60 or 0x7F to a byte never carries into the next one, and the
// result has the byte's high bit set exactly when the byte is >= 0x20, or
// non-zero. A test's result has 0x80 set in each lane that matches.

// specialLanes marks the bytes of an ASCII word that are below 0x20, '"',
// '\\', '<', '>' or '&', with four tests instead of six: '"' and '&' differ
// only in bit 2, '<' and '>' only in bit 1. It is the test of
// plainPrefixSWAR: most words of text have no such byte.
func specialLanes(w uint64) uint64 {
	quoteAmp := (w & (swarLo * 0xFB)) ^ swarLo*'"'
	angles := (w & (swarLo * 0xFD)) ^ swarLo*'<'
	backslash := w ^ swarLo*'\\'
	return ^((w + swarLo*0x60) & (quoteAmp + swarLo*0x7F) & (angles + swarLo*0x7F) & (backslash + swarLo*0x7F)) & SWARHi
}

// StringFlags returns the escaping flags of s: format.StrNeedsEscape and
// format.StrHasHTML, or 0 when s can be written between quotes as it is.
// Runs of plain ASCII are skipped sixteen bytes a turn (PlainPrefix); from
// the first byte that is not plain on, FlagsClear's loop takes plain bytes
// and valid non-ASCII sequences alike, measured rather than decoded (runs
// of three-byte text two sequences at a time, threeByteRun; emoji and
// sequences led by E0, E2 or ED in the loop too, seqLen only for what is
// invalid or U+2028/U+2029), without leaving it at each change between the
// two (a run of ASCII between them a word at a time, plainRunEnd), and
// collects the flags of the other bytes. It stops early once both flags are set. No
// allocation.
func StringFlags[S ~string | ~[]byte](s S) uint8 {
	const all = format.StrNeedsEscape | format.StrHasHTML
	var flags uint8
	n := uint(len(s))
	for j := uint(PlainPrefix(s, 0)); j < n; {
		c := s[j]
		switch textClass[c] {
		case 1:
			if j++; j < n && n >= 8 && textClass[s[j]] == 1 {
				j = plainRunEnd(s, j)
			}
			continue
		case 2:
			if j+1 < n && s[j+1]&0xC0 == 0x80 {
				j += 2
				continue
			}
		case 4:
			// Emoji: the second byte within its lead's range (table
			// 3-7), the next two continuation bytes.
			if j+3 < n {
				if c1 := s[j+1]; c1 >= secondLo[c] && c1 <= secondHi[c] && s[j+2]&0xC0 == 0x80 && s[j+3]&0xC0 == 0x80 {
					j += 4
					continue
				}
			}
		case 5:
			// E0, E2 or ED: the second byte within its lead's range,
			// and not U+2028 or U+2029, which seqLen's way flags.
			if j+2 < n {
				c1, c2 := s[j+1], s[j+2]
				if c1 >= secondLo[c] && c1 <= secondHi[c] && c2&0xC0 == 0x80 && (c != 0xE2 || c1 != 0x80 || c2&0xFE != 0xA8) {
					j += 3
					continue
				}
			}
		case 3:
			if j+8 <= n && threeByteRun(Load64(s, int(j))) {
				for j += 6; j+8 <= n && threeByteRun(Load64(s, int(j))); j += 6 {
				}
				continue
			}
			if j+2 < n && s[j+1]&0xC0 == 0x80 && s[j+2]&0xC0 == 0x80 {
				j += 3
				continue
			}
		}
		if c < utf8.RuneSelf {
			flags |= asciiFlags[c]
			j++
		} else if k := seqLen(s, int(j)); k == 0 {
			flags |= format.StrNeedsEscape // each invalid byte on its own, as utf8.DecodeRune takes it
			j++
		} else {
			if k == 3 && isLineSep(s, int(j)) {
				flags |= format.StrNeedsEscape
			}
			j += uint(k)
		}
		if flags == all {
			return flags
		}
	}
	return flags
}

// plainRunEnd returns the end of the run of plain ASCII bytes that
// s[i-1] and s[i] start, for a string of eight bytes or more: the index of
// the first byte at or after i that is not plain, or len(s). A run between
// words of another script (a space, punctuation) is short, so it is taken
// a word at a time (stopLanes), its last bytes with the word that ends s,
// and only a run past two words with 64 bytes or more left goes to
// PlainPrefix, whose call and block set-up cost about 100 instructions,
// where a word costs about ten. No allocation.
func plainRunEnd[S ~string | ~[]byte](s S, i uint) uint {
	n := uint(len(s))
	for k := 0; ; k++ {
		if i+8 > n {
			// The r bytes left are the top lanes of the last word;
			// shifted down, the lanes above them are zero bytes, whose
			// marks are cut off.
			r := n - i
			m := stopLanes(Load64(s, int(n-8))>>(64-8*r)) & (1<<(8*r) - 1)
			if m == 0 {
				return n
			}
			return i + uint(bits.TrailingZeros64(m))/8
		}
		if m := stopLanes(Load64(s, int(i))); m != 0 {
			return i + uint(bits.TrailingZeros64(m))/8
		}
		if i += 8; k == 1 && i+64 <= n {
			return uint(PlainPrefix(s, int(i)))
		}
	}
}

// AppendQuoted appends s as a quoted JSON string, byte for byte as
// json.Marshal(string(s)) writes it when escapeHTML is true, or as a
// json.Encoder with SetEscapeHTML(false) does (without its newline) when
// false. A string of up to quoteWordsMax bytes is written into the room
// of dst a word at a time, an escape over each special byte (quoteASCII,
// quoteRoom); a longer one, or what finds no room, is appended, runs of
// bytes that need no escape found by PlainPrefix and copied with one
// append each. It may write up to 8 bytes past the returned length (32
// where quoteShortAVX2 runs), within cap(dst): slack that later appends overwrite. Cost: linear in len(s);
// no allocation beyond growing dst.
func AppendQuoted[S ~string | ~[]byte](dst []byte, s S, escapeHTML bool) []byte {
	dst = append(dst, '"')
	if len(s) > quoteWordsMax {
		return appendQuotedFrom(dst, s, 0, escapeHTML)
	}
	t := QuoteTableOf(escapeHTML)
	o, i := quoteASCII(dst[len(dst):cap(dst)], 0, s, 0, t)
	dst = dst[:len(dst)+o]
	if i < len(s) {
		if dst, i = quoteRoom(dst, s, i, t); i < len(s) {
			return appendQuotedFrom(dst, s, i, escapeHTML)
		}
	}
	return append(dst, '"')
}

// appendASCIIEscape appends the escape of c, an ASCII byte that a JSON
// string cannot hold as it is (or '<', '>' or '&' when escaping HTML):
// the two-byte escape of '"', '\\' and the controls b, f, n, r and t,
// else \u00xx in lower-case hex. It inlines.
func appendASCIIEscape(dst []byte, c byte) []byte {
	if e := shortEscapes[c]; e != 0 {
		return append(dst, '\\', e)
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// shortEscapes holds, for each byte written with a two-byte escape, the
// escape's second byte: '"', '\\', and the controls b, f, n, r and t.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// appendQuotedFrom appends s[i:] quoted as AppendQuoted does, and the
// closing quote: AppendQuoted's way on when dst has no room left for
// quoteRoom.
func appendQuotedFrom[S ~string | ~[]byte](dst []byte, s S, i int, escapeHTML bool) []byte {
	start := i
	for i < len(s) {
		i = PlainPrefix(s, i)
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			f := asciiFlags[c]
			if f == 0 || (f == format.StrHasHTML && !escapeHTML) {
				i++
				continue
			}
			dst = appendASCIIEscape(append(dst, s[start:i]...), c)
			i++
			start = i
			continue
		}
		// A run of non-ASCII text is measured here (plainRunes) rather
		// than by going back to PlainPrefix after each sequence: in CJK or
		// Cyrillic text that would be a kernel call per character.
		for {
			i = plainRunes(s, i)
			if i >= len(s) {
				break
			}
			if s[i] < utf8.RuneSelf {
				// The ASCII between words of another script (a space,
				// punctuation) is short: when the next word holds the
				// run's end, it is measured here, where PlainPrefix
				// costs a call and a kernel's set-up.
				if i+8 <= len(s) {
					if m := stopLanes(Load64(s, i)); m != 0 {
						if i += bits.TrailingZeros64(m) >> 3; s[i] >= utf8.RuneSelf {
							continue
						}
					}
				}
				break
			}
			dst = append(dst, s[start:i]...)
			if seqLen(s, i) == 3 { // U+2028 or U+2029
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[s[i+2]&0xF])
				i += 3
			} else { // invalid UTF-8: one replacement per byte
				dst = append(dst, `\ufffd`...)
				i++
			}
			start = i
		}
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendQuotedFlags is AppendQuoted for a string whose StringFlags are
// known (as a page's string table stores them): when flags say nothing
// needs escaping it appends '"', s and '"' without looking at s.
func AppendQuotedFlags[S ~string | ~[]byte](dst []byte, s S, flags uint8, escapeHTML bool) []byte {
	if flags&format.StrNeedsEscape == 0 && (!escapeHTML || flags&format.StrHasHTML == 0) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	return AppendQuoted(dst, s, escapeHTML)
}
