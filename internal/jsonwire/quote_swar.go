package jsonwire

import (
	"encoding/binary"
	"unicode/utf8"
)

// Quoting short strings into the room of dst. Most strings a page escapes
// are short (permission strings such as read("user:abc"), HTML snippets,
// text with a newline) and stop at a special byte every few bytes. Going
// back to PlainPrefix after each one costs a call and a SIMD kernel's
// set-up per run, and an append (a memmove call) per run copied.
// quoteASCII instead reads s a word at a time, stores each word into dst's
// spare capacity whole, finds the first byte that is not plain with
// stopLanes, and writes an escape over it with one more 8-byte store;
// quoteRoom takes the runs of non-ASCII text between (plainRunes, one copy
// each). Strings longer than quoteWordsMax, where runs of plain bytes are
// long, keep PlainPrefix's sweep (appendQuotedFrom).

// quoteWordsMax is the longest string AppendQuoted writes with quoteASCII
// and quoteRoom. Measured with instruction counts on strings of a page's
// tables: on 11 to 95 bytes with escapes, they take 15 to 25% fewer
// instructions than the PlainPrefix sweep; on 500 bytes of prose with two
// escapes, 24% more.
const quoteWordsMax = 128

// stopLanes marks the bytes of w that are not plain: those specialLanes
// marks and every byte from 0x80. Above a byte from 0x80 the marks mean
// nothing (specialLanes assumes ASCII, and its additions may carry out of
// such a byte into the lanes above), but the lowest mark is always the
// first byte of w that is not plain. Inlines.
func stopLanes(w uint64) uint64 { return (specialLanes(w) | w) & SWARHi }

// escapeWords[h][c] is the escape AppendQuoted writes for the ASCII byte c
// with HTML escaping off (h = 0) or on (h = 1): its bytes from the low end
// of the word, its length in the top byte. It is 0 for a byte written as
// it is.
var escapeWords = func() (t [2][utf8.RuneSelf]uint64) {
	word := escapeWord
	for h := range 2 {
		for c := range utf8.RuneSelf {
			f := asciiFlags[c]
			switch {
			case f == 0 || h == 0 && c != '"' && c != '\\' && c >= 0x20:
				continue
			case c == '"' || c == '\\':
				t[h][c] = word(`\` + string(rune(c)))
			case c == '\b':
				t[h][c] = word(`\b`)
			case c == '\f':
				t[h][c] = word(`\f`)
			case c == '\n':
				t[h][c] = word(`\n`)
			case c == '\r':
				t[h][c] = word(`\r`)
			case c == '\t':
				t[h][c] = word(`\t`)
			default:
				t[h][c] = word(`\u00` + string(hexDigits[c>>4]) + string(hexDigits[c&0xF]))
			}
		}
	}
	return t
}()

// The escapes of U+2028 and U+2029, and of a byte of invalid UTF-8, in
// escapeWords' form.
var (
	escapeLineSep = [2]uint64{escapeWord(`\u2028`), escapeWord(`\u2029`)}
	escapeInvalid = escapeWord(`\ufffd`)
)

// escapeWord packs an escape of up to 7 bytes in escapeWords' form.
func escapeWord(e string) uint64 {
	var b [8]byte
	copy(b[:7], e)
	b[7] = byte(len(e))
	return binary.LittleEndian.Uint64(b[:])
}

// quoteRoom writes the quoted form of s[i:], without the quotes, into the
// spare capacity of dst with the escapes of t (quoteTables), for as long
// as that holds 16 bytes more than it has written, and returns dst
// extended by what it wrote and the index of s it reached: len(s) when it
// wrote all of s. The caller appends the rest. It may write up to 8 bytes
// past the returned length (32 where quoteShortAVX2 runs; within cap(dst)), which later appends
// overwrite. Runs of ASCII go through quoteASCII, which makes no calls;
// the rest (non-ASCII text, invalid UTF-8, U+2028 and U+2029) is handled
// here.
func quoteRoom[S ~string | ~[]byte](dst []byte, s S, i int, t *quoteTable) ([]byte, int) {
	out := dst[len(dst):cap(dst)]
	n := len(s)
	o := 0
	for i < n && len(out)-o >= 16 {
		if s[i] < utf8.RuneSelf {
			break // quoteASCII stopped for want of room
		} else if j := plainRunes(s, i); j > i {
			if len(out)-o < j-i+16 {
				break
			}
			o += copy(out[o:], s[i:j])
			i = j
		} else if seqLen(s, i) == 3 { // U+2028 or U+2029
			binary.LittleEndian.PutUint64(out[o:], escapeLineSep[s[i+2]&1])
			o += 6
			i += 3
		} else { // invalid UTF-8: a replacement per byte
			binary.LittleEndian.PutUint64(out[o:], escapeInvalid)
			o += 6
			i++
		}
		o, i = quoteASCII(out, o, s, i, t)
	}
	return dst[:len(dst)+o], i
}
