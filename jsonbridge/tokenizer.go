package jsonbridge

import (
	"strconv"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
)

// parser is the pooled state of one AppendPage call: a streaming JSON
// tokenizer that feeds a rowpage.Builder in a single pass. It recurses
// nowhere; open arrays and objects live on an explicit stack bounded by the
// depth limit.
//
// Positions are indexes into in. Every method that consumes text returns
// the position after what it consumed, or -1 after setting err.
type parser struct {
	b       *rowpage.Builder
	in      []byte
	stack   []byte // '[' or '{' for each array or object open in the current cell
	buf     []byte // decoded strings that needed unescaping, for the current page
	cellMax int    // most nested arrays and objects in one cell
	err     *rowpage.Error
}

// maxNesting is encoding/json's limit on nested arrays and objects: deeper
// text is not json.Valid.
const maxNesting = 10000

// isSpace reports JSON whitespace (RFC 8259: space, tab, line feed and
// carriage return).
func isSpace(c byte) bool { return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r') }

// skipWS returns the position of the first non-whitespace byte at or after i.
func skipWS(in []byte, i int) int {
	for i < len(in) && isSpace(in[i]) {
		i++
	}
	return i
}

// value parses the value at in[i] (after optional whitespace), with depth
// arrays and objects of the page's own structure around it, and everything
// nested in it, feeding it to the Builder as one cell. Strings and numbers,
// the common cells, take a short path.
func (p *parser) value(i, depth int) int {
	in := p.in
	if i = skipWS(in, i); i < len(in) {
		switch c := in[i]; {
		case c == '"':
			var s []byte
			if s, i = p.str(i); i >= 0 {
				p.string(s)
			}
			return i
		case c == '-' || c-'0' <= 9:
			return p.number(i)
		}
	}
	i, p.stack = p.nested(i, depth, p.stack[:0])
	return i
}

// nested is value for any value, with stack as the stack of open arrays and
// objects. It returns the stack for reuse.
func (p *parser) nested(i, depth int, stack []byte) (int, []byte) {
	in := p.in
	b := p.b
	limit := min(p.cellMax, maxNesting-depth)
next:
	for {
		// A value starts at i.
		i = skipWS(in, i)
		if i >= len(in) {
			return p.eof(), stack
		}
		switch c := in[i]; c {
		case '"':
			var s []byte
			if s, i = p.str(i); i < 0 {
				return i, stack
			}
			p.string(s)
		case '{', '[':
			if len(stack) >= limit {
				return p.tooDeep(i, depth+len(stack)+1), stack
			}
			j := skipWS(in, i+1)
			if c == '[' {
				b.BeginArray()
				if j < len(in) && in[j] == ']' {
					b.EndArray()
					i = j + 1
					break
				}
				stack = append(stack, c)
				i = j
				continue next
			}
			b.BeginObject()
			if j < len(in) && in[j] == '}' {
				b.EndObject()
				i = j + 1
				break
			}
			stack = append(stack, c)
			if i = p.member(j); i < 0 {
				return i, stack
			}
			continue next
		case 't':
			if i = p.literal(i, "true"); i < 0 {
				return i, stack
			}
			b.Bool(true)
		case 'f':
			if i = p.literal(i, "false"); i < 0 {
				return i, stack
			}
			b.Bool(false)
		case 'n':
			if i = p.literal(i, "null"); i < 0 {
				return i, stack
			}
			b.Null()
		default:
			if c != '-' && c-'0' > 9 {
				return p.syntax(i, "looking for beginning of value"), stack
			}
			if i = p.number(i); i < 0 {
				return i, stack
			}
		}
		// After a value: close what ends here, then find the next value.
		for {
			if len(stack) == 0 {
				return i, stack
			}
			if i = skipWS(in, i); i >= len(in) {
				return p.eof(), stack
			}
			c := in[i]
			top := stack[len(stack)-1]
			switch {
			case c == ',':
				if top == '{' {
					if i = p.member(skipWS(in, i+1)); i < 0 {
						return i, stack
					}
					continue next
				}
				i++
				continue next
			case c == ']' && top == '[':
				b.EndArray()
			case c == '}' && top == '{':
				b.EndObject()
			case top == '[':
				return p.syntax(i, "after array element"), stack
			default:
				return p.syntax(i, "after object key:value pair"), stack
			}
			stack = stack[:len(stack)-1]
			i++
		}
	}
}

// member parses the key at in[i] of a nested object and the colon after
// it, and hands the key to the Builder.
func (p *parser) member(i int) int {
	in := p.in
	if i >= len(in) {
		return p.eof()
	}
	if in[i] != '"' {
		return p.syntax(i, "looking for beginning of object key string")
	}
	var k []byte
	if k, i = p.str(i); i < 0 {
		return i
	}
	p.key(k)
	if i = skipWS(in, i); i >= len(in) {
		return p.eof()
	}
	if in[i] != ':' {
		return p.syntax(i, "after object key")
	}
	return i + 1
}

// string adds the decoded string s: as a timestamp if it is RFC 3339 text
// that renders back byte for byte, else as a string.
func (p *parser) string(s []byte) {
	if len(s) >= len("0000-00-00T00:00:00Z") && s[10] == 'T' {
		if ts, ok := format.ParseTimestamp(s); ok {
			p.b.Timestamp(ts)
			return
		}
	}
	p.stringValue(s)
}

// literal parses the literal lit (true, false or null) at in[i].
func (p *parser) literal(i int, lit string) int {
	in := p.in
	if len(in)-i >= len(lit) && string(in[i:i+len(lit)]) == lit {
		return i + len(lit)
	}
	for k := 1; k < len(lit); k++ {
		if i+k >= len(in) {
			return p.eof()
		}
		if in[i+k] != lit[k] {
			return p.syntax(i+k, "in literal "+lit+" (expecting "+quoteChar(lit[k])+")")
		}
	}
	return p.eof() // not reached
}

// maxFastDigits is the most digits an integer may have to be summed
// without overflow checks (10^18 < 2^63).
const maxFastDigits = 18

// number parses the number at in[i] and adds it. Integers of up to 18
// digits (other than -0) are added with Builder.Int, which is what
// Builder.Number does with their text; the rest go to Builder.Number as
// text.
func (p *parser) number(i int) int {
	in := p.in
	start := i
	neg := in[i] == '-'
	if neg {
		if i++; i >= len(in) {
			return p.eof()
		}
	}
	var v int64
	switch c := in[i]; {
	case c == '0':
		i++
	case c-'1' <= 8:
		v = int64(c - '0')
		i++
		for i < len(in) && in[i]-'0' <= 9 {
			v = v*10 + int64(in[i]-'0')
			i++
		}
	default:
		return p.syntax(i, "in numeric literal")
	}
	digitsEnd := i
	if i < len(in) && in[i] == '.' {
		if i++; i >= len(in) {
			return p.eof()
		}
		if in[i]-'0' > 9 {
			return p.syntax(i, "after decimal point in numeric literal")
		}
		for i < len(in) && in[i]-'0' <= 9 {
			i++
		}
	}
	if i < len(in) && in[i]|0x20 == 'e' {
		if i++; i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if i >= len(in) {
			return p.eof()
		}
		if in[i]-'0' > 9 {
			return p.syntax(i, "in exponent of numeric literal")
		}
		for i < len(in) && in[i]-'0' <= 9 {
			i++
		}
	}
	if i == digitsEnd {
		if n := digitsEnd - start; n <= maxFastDigits && !(neg && v == 0) {
			if neg {
				v = -v
			}
			p.b.Int(v)
			return i
		}
	}
	p.b.Number(view(in[start:i]))
	return i
}

// Errors. Each sets p.err and returns -1.

// syntax reports the invalid byte at in[i]; context says what was expected,
// in encoding/json's words.
func (p *parser) syntax(i int, context string) int {
	p.err = &rowpage.Error{Err: rowpage.ErrInvalidJSON, Msg: "jsonbridge: invalid character " + quoteChar(p.in[i]) + " " + context, Offset: i, Row: -1, Column: -1}
	return -1
}

// eof reports text that ends before its value does.
func (p *parser) eof() int {
	p.err = &rowpage.Error{Err: rowpage.ErrInvalidJSON, Msg: "jsonbridge: unexpected end of JSON input", Offset: len(p.in), Row: -1, Column: -1}
	return -1
}

// tooDeep reports the bracket at in[i], which opens level n of the text:
// beyond encoding/json's limit it is invalid JSON, else beyond MaxDepth.
func (p *parser) tooDeep(i, n int) int {
	if n > maxNesting {
		return p.syntax(i, "exceeded max depth")
	}
	p.err = &rowpage.Error{Err: rowpage.ErrLimit, Msg: "jsonbridge: nesting deeper than MaxDepth " + strconv.Itoa(p.cellMax+1), Offset: i, Row: -1, Column: -1}
	return -1
}

// builderErr reports an unexpected Builder error for the text at in[i].
func (p *parser) builderErr(i int) int {
	e := rowpage.Error{Err: rowpage.ErrInvalidJSON, Cause: p.b.Err(), Row: -1, Column: -1}
	if be, ok := p.b.Err().(*rowpage.Error); ok {
		e = *be
	}
	e.Offset = i
	p.err = &e
	return -1
}

// quoteChar formats c as encoding/json's errors do, between single quotes
// with Go escapes, so the byte 0x0A gives '\n'.
func quoteChar(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}
