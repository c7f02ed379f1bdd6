package jsontext

import (
	"math/bits"
	"unicode/utf8"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// Strings are decoded as json.Unmarshal decodes them: escapes are replaced
// by what they denote, a \u escape of a surrogate half that is not part of
// a valid pair becomes U+FFFD, and so does each byte that is not part of
// valid UTF-8. Bytes below 0x20 are invalid inside strings.
//
// The common string (no escape, valid UTF-8) is returned as a slice of the
// input: the scan looks at 8 bytes at a time for the closing quote, a
// backslash, a control byte or a non-ASCII byte. Anything else is decoded
// into Parser.buf.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// specialBytes returns a word with the high bit of each byte of w that is
// '"', '\\', below 0x20 or at least 0x80 set. Bytes above the lowest such
// byte may be flagged falsely (borrows propagate upwards), so only the
// lowest flag is meaningful. Nine operations: a byte b below 0x80 has its
// high bit set in b^'"'-1 only when it is '"', in b^'\\'-1 only when it is
// '\\', and in b-0x20 only when it is below 0x20, while every byte from
// 0x80 is flagged by its own high bit, so none of the terms needs the
// usual &^ that keeps bytes from 0x80 out.
func specialBytes(w uint64) uint64 {
	q := w ^ (lsb * '"')  // zero bytes where w has '"'
	s := w ^ (lsb * '\\') // zero bytes where w has '\\'
	return ((q - lsb) | (s - lsb) | (w - lsb*0x20) | w) & msb
}

// str parses the string whose opening quote is at in[i] and returns its
// decoded bytes, which stay valid until the page is finished or abandoned,
// and the position after the closing quote.
//
// It is the short path for the common string, printable ASCII without
// escapes: eight bytes a turn until the first special byte, which, when it
// is the closing quote, ends the string then and there. Anything else goes
// to strFrom. Keeping the calls out of the loop keeps everything in
// registers: most strings are keys and short values that end within the
// first word.
func (p *Parser) str(i int) ([]byte, int) {
	in := p.in
	start := i + 1
	j := start
	for ; len(in)-j >= 8; j += 8 {
		w := wordAt(in, j)
		if m := specialBytes(w); m != 0 {
			n := bits.TrailingZeros64(m) // 8*lane + 7
			j += n >> 3
			if byte(w>>(n&^7)) == '"' {
				return in[start:j], j + 1
			}
			break
		}
	}
	return p.strFrom(start, j)
}

// strFrom is str for the string that starts at in[start] (after the
// opening quote) when in[start:j] is known to be plain ASCII: it finds the
// end of the text (the next quote, backslash or control byte) and whether
// the text before it is valid UTF-8 in one pass (jsonwire.TextEnd, far
// faster than decoding it rune by rune), and returns the string as it is
// when the end is the closing quote. Anything else (escapes, invalid
// UTF-8, errors) is unquote's.
func (p *Parser) strFrom(start, j int) ([]byte, int) {
	in := p.in
	if n, ok := jsonwire.TextEnd(in[j:]); ok {
		if k := j + n; k < len(in) && in[k] == '"' {
			return in[start:k], k + 1
		}
	}
	return p.unquote(start, j)
}

// stopBytes returns a word with the high bit of each byte of w that is
// '"', '\\' or below 0x20 set: the bytes that end a run of string text
// which, once it is known to be valid UTF-8, needs no decoding. Only the
// lowest flag is meaningful, as in specialBytes; bytes from 0x80 never
// borrow, so &^ w drops their flags without disturbing the others.
func stopBytes(w uint64) uint64 {
	q := w ^ (lsb * '"')
	s := w ^ (lsb * '\\')
	return ((q - lsb) | (s - lsb) | (w - lsb*0x20)) &^ w & msb
}

// isStop is stopBytes for one byte.
var isStop = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '"' || c == '\\' || c < 0x20
	}
	return t
}()

// textEnd returns the position of the first '"', '\\' or control byte of
// in at or after j, or len(in): eight bytes a turn, then byte by byte.
func textEnd(in []byte, j int) int {
	for ; len(in)-j >= 8; j += 8 {
		if m := stopBytes(wordAt(in, j)); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for j < len(in) && !isStop[in[j]] {
		j++
	}
	return j
}

// appendInvalidText appends t, string text without quotes, backslashes or
// control bytes that is not valid UTF-8, to buf as json.Unmarshal decodes
// it: with U+FFFD for each byte that is not part of valid UTF-8. t ends
// before an ASCII byte or at the end of the input, so a sequence cut short
// at its end is invalid in t exactly when it is in the input.
func appendInvalidText(buf, t []byte) []byte {
	for len(t) > 0 {
		r, n := utf8.DecodeRune(t)
		if r == utf8.RuneError && n == 1 {
			buf = append(buf, "\uFFFD"...)
		} else {
			buf = append(buf, t[:n]...)
		}
		t = t[n:]
	}
	return buf
}

// unquote decodes the string that starts at in[start] (after the opening
// quote) into p.buf; in[start:j] needs no decoding. It returns the decoded
// bytes and the position after the closing quote.
//
// Each run of printable ASCII up to the next special byte (specialBytes)
// is found eight bytes a turn in line and appended at once; only a run that
// holds other bytes (UTF-8 sequences, or the last bytes of the text) goes
// to jsonwire.TextEnd. The runs between escapes are short ("\u003cscript",
// "nul\u0000soh"), where TextEnd's call cost about ninety instructions a
// run and the inline scan costs about fifteen. p.buf is set before each
// return rather than by a deferred closure (about forty instructions a
// string).
func (p *Parser) unquote(start, j int) ([]byte, int) {
	in := p.in
	a := len(p.buf)
	buf := append(p.buf, in[start:j]...)
	for j < len(in) {
		if k := asciiRunEnd(in, j); k > j {
			buf = append(buf, in[j:k]...)
			if j = k; j >= len(in) {
				break
			}
		}
		c := in[j]
		switch {
		case c == '"':
			p.buf = buf
			return buf[a:], j + 1
		case c == '\\':
			if j+1 >= len(in) {
				p.buf = buf
				return nil, p.eof()
			}
			switch e := in[j+1]; e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := hexQuad(in, j+2)
				if !ok {
					p.buf = buf
					return nil, p.hex4Err(j + 2)
				}
				j += 6
				if r >= 0xD800 && r < 0xE000 {
					// A surrogate: a high one followed by a low one's escape
					// is a pair; anything else is U+FFFD, and whatever
					// follows is decoded on its own.
					if r < 0xDC00 && len(in)-j >= 6 && in[j] == '\\' && in[j+1] == 'u' {
						if r2, ok := hex4(in[j+2 : j+6]); ok && r2 >= 0xDC00 && r2 < 0xE000 {
							r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
							j += 6
							buf = utf8.AppendRune(buf, r)
							continue
						}
					}
					r = utf8.RuneError
				}
				buf = utf8.AppendRune(buf, r)
				continue
			default:
				p.buf = buf
				return nil, p.syntax(j+1, "in string escape code")
			}
			j += 2
		case c < 0x20:
			p.buf = buf
			return nil, p.syntax(j, "in string literal")
		default:
			// A run of text up to the next quote, backslash or control
			// byte: as it is when it is valid UTF-8, else decoded.
			if n, ok := jsonwire.TextEnd(in[j:]); ok {
				buf = append(buf, in[j:j+n]...)
				j += n
				break
			}
			k := textEnd(in, j)
			buf = appendInvalidText(buf, in[j:k])
			j = k
		}
	}
	p.buf = buf
	return nil, p.eof()
}

// asciiRunEnd returns the position of the first special byte
// (specialBytes) of in at or after j, eight bytes a turn while eight bytes
// are left; past that it stops where the words end, at most seven bytes
// before the end of in, for TextEnd to take the rest. Inlines.
func asciiRunEnd(in []byte, j int) int {
	for ; len(in)-j >= 8; j += 8 {
		if m := specialBytes(wordAt(in, j)); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	return j
}

// hexQuad returns the code unit of the four hex digits at in[i] (i not
// negative) and true, or false if fewer than four bytes are left or one is
// not a hex digit (hex4Err then says which). The digits are read through
// hexDigit, a table, with one test of the four values (a -1 among them
// makes their OR negative). Inlines (at the budget's limit), where a call
// cost about fifteen instructions a \u escape.
func hexQuad(in []byte, i int) (rune, bool) {
	if len(in)-i < 4 {
		return 0, false
	}
	q := in[i : i+4]
	a, b, c, d := hexDigit[q[0]], hexDigit[q[1]], hexDigit[q[2]], hexDigit[q[3]]
	return rune(a)<<12 | rune(b)<<8 | rune(c)<<4 | rune(d), a|b|c|d >= 0
}

// hex4Err returns the error of the \u escape whose four hex digits
// should be at in[i], which hexQuad refused: the end of the text, or the
// first byte that is not a hex digit.
func (p *Parser) hex4Err(i int) int {
	in := p.in
	for k := i; k < i+4; k++ {
		if k >= len(in) {
			return p.eof()
		}
		if hexVal(in[k]) < 0 {
			return p.syntax(k, "in \\u hexadecimal character escape")
		}
	}
	return p.syntax(i, "in \\u hexadecimal character escape") // not reached
}

// hex4 parses four hex digits.
func hex4(b []byte) (rune, bool) {
	var r rune
	for _, c := range b[:4] {
		d := hexVal(c)
		if d < 0 {
			return 0, false
		}
		r = r<<4 | d
	}
	return r, true
}

// hexDigit is hexVal as a table.
var hexDigit = func() (t [256]int8) {
	for c := range t {
		t[c] = int8(hexVal(byte(c)))
	}
	return t
}()

// hexVal returns the value of the hex digit c, or -1.
func hexVal(c byte) rune {
	switch {
	case c-'0' <= 9:
		return rune(c - '0')
	case c|0x20-'a' <= 5:
		return rune(c|0x20-'a') + 10
	}
	return -1
}
