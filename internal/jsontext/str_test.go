package jsontext

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// stringSink keeps the one string of a text that is a JSON string.
type stringSink struct {
	got []byte
}

func (s *stringSink) Null()           {}
func (s *stringSink) Bool(bool)       {}
func (s *stringSink) Int(int64)       {}
func (s *stringSink) Number([]byte)   {}
func (s *stringSink) String(v []byte) { s.got = append(s.got[:0], v...) }
func (s *stringSink) Key([]byte)      {}
func (s *stringSink) BeginArray()     {}
func (s *stringSink) EndArray()       {}
func (s *stringSink) BeginObject()    {}
func (s *stringSink) EndObject()      {}
func (s *stringSink) Err() error      { return nil }

// refString is a deliberately simple decoder of the JSON string whose
// opening quote is in[0], one byte or rune at a time: its value as
// json.Unmarshal decodes it, or the offset of the first problem (len(in)
// for text cut short) with ok false.
func refString(in []byte) (v []byte, off int, ok bool) {
	hex := func(k int) (rune, int, bool) {
		var r rune
		for n := k; n < k+4; n++ {
			if n >= len(in) {
				return 0, len(in), false
			}
			d := hexVal(in[n])
			if d < 0 {
				return 0, n, false
			}
			r = r<<4 | d
		}
		return r, k + 4, true
	}
	for j := 1; j < len(in); {
		switch c := in[j]; {
		case c == '"':
			return v, j + 1, true
		case c < 0x20:
			return nil, j, false
		case c == '\\':
			if j+1 >= len(in) {
				return nil, len(in), false
			}
			e := in[j+1]
			if d, ok := map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[e]; ok {
				v = append(v, d)
				j += 2
				continue
			}
			if e != 'u' {
				return nil, j + 1, false
			}
			r, k, ok := hex(j + 2)
			if !ok {
				return nil, k, false
			}
			j = k
			if utf8.ValidRune(r) {
				v = utf8.AppendRune(v, r)
				continue
			}
			// A surrogate half: a pair when a high half's escape is
			// followed by a low half's.
			if r < 0xDC00 && len(in)-j >= 6 && in[j] == '\\' && in[j+1] == 'u' {
				if r2, k2, ok := hex(j + 2); ok && r2 >= 0xDC00 && r2 < 0xE000 {
					v = utf8.AppendRune(v, 0x10000+(r-0xD800)<<10+(r2-0xDC00))
					j = k2
					continue
				}
			}
			v = utf8.AppendRune(v, utf8.RuneError)
		default:
			r, n := utf8.DecodeRune(in[j:])
			if r == utf8.RuneError && n == 1 {
				v = append(v, "\uFFFD"...)
			} else {
				v = append(v, in[j:j+n]...)
			}
			j += n
		}
	}
	return nil, len(in), false
}

// stringPieces are the things a string may hold that take str off its
// short path, or end it: each is put at every position of strings of
// every length around the 8-byte words the scanners read.
var stringPieces = []string{
	`"`, `\"`, `\\`, `\/`, `\n`, `\t`, `\u00e9`, `\u2028`, `\ud83d\ude00`, `\ud800`, `\udc00x`, `\ud800\u0041`,
	`\x`, `\u12g4`, `\u12`, "\x01", "\x1f", "\x7f", "é", "日本", "😀", "\uFFFD", "\xff", "\xe3\x81", "\xe3\x81\"",
	"\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\xe2\x80\xa8", "<&>",
	`\uABcd`, `\uD83D\uDE00`, `\uFFFF`, `\u00G0`, `\u/000`, `\u:000`, `\u@000`, "\\u`000",
}

// TestStrMatchesReference decodes strings holding each piece at every
// position, at every length up to 40 bytes, whole and cut short at every
// byte, and compares value, offset and validity with refString.
func TestStrMatchesReference(t *testing.T) {
	var p Parser
	var s stringSink
	for _, piece := range stringPieces {
		for n := 0; n <= 40; n++ {
			for at := 0; at <= n; at++ {
				text := []byte(`"` + string(bytes.Repeat([]byte("a"), at)) + piece + string(bytes.Repeat([]byte("b"), n-at)) + `"`)
				for cut := len(text); cut >= len(text)-12 && cut > 0; cut-- {
					in := text[:cut]
					want, off, ok := refString(in)
					p.buf = p.buf[:0]
					p.in = in
					p.err = Error{}
					got, j := p.str(0)
					if ok != (j >= 0) {
						t.Fatalf("%q: str gives %d (%v), reference ok %v at %d", in, j, p.err, ok, off)
					}
					if !ok {
						if p.err.Offset != off {
							t.Fatalf("%q: error at %d (%s), reference at %d", in, p.err.Offset, p.err.Msg, off)
						}
						continue
					}
					if j != off || !bytes.Equal(got, want) {
						t.Fatalf("%q: str gives %q ending at %d, reference %q at %d", in, got, j, want, off)
					}
					if cut == len(text) && j == len(text) {
						var u string
						if err := json.Unmarshal(in, &u); err != nil || u != string(got) {
							t.Fatalf("%q: json.Unmarshal gives %q, %v; str %q", in, u, err, got)
						}
						if e := p.Value(&s, in, 10); e != nil || !bytes.Equal(s.got, got) {
							t.Fatalf("%q: Value gives %q, %v", in, s.got, e)
						}
					}
				}
			}
		}
	}
}

// TestStrRunsBetweenPieces decodes strings of two pieces with a run of
// printable ASCII of every length up to 20 bytes before, between and after
// them, whole and cut short in their last bytes, and compares value,
// offset and validity with refString: unquote takes each run between
// escapes eight bytes a turn (asciiRunEnd) and the rest through TextEnd,
// and reads \u digits in line (hexQuad), whose refusals hex4Err reports.
func TestStrRunsBetweenPieces(t *testing.T) {
	pieces := []string{`\n`, `\"`, `\u003c`, `\u2028`, `\ud83d\ude00`, `\ud800`, `\u12g4`, `\x`, "é", "日本", "😀", "\xff", "\x01"}
	var p Parser
	run := func(n int) string { return string(bytes.Repeat([]byte("abcdefgh"), 3)[:n]) }
	for _, a := range pieces {
		for _, b := range pieces {
			for gap := 0; gap <= 20; gap++ {
				for pre := 0; pre <= 9; pre++ {
					text := []byte(`"` + run(pre) + a + run(gap) + b + run(20-gap) + `"`)
					for cut := len(text); cut >= len(text)-30 && cut > 0; cut-- {
						in := text[:cut]
						want, off, ok := refString(in)
						p.buf = p.buf[:0]
						p.in = in
						p.err = Error{}
						got, j := p.str(0)
						if ok != (j >= 0) {
							t.Fatalf("%q: str gives %d (%v), reference ok %v at %d", in, j, p.err, ok, off)
						}
						if !ok {
							if p.err.Offset != off {
								t.Fatalf("%q: error at %d (%s), reference at %d", in, p.err.Offset, p.err.Msg, off)
							}
							continue
						}
						if j != off || !bytes.Equal(got, want) {
							t.Fatalf("%q: str gives %q ending at %d, reference %q at %d", in, got, j, want, off)
						}
					}
				}
			}
		}
	}
}
