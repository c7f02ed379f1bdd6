package jsontext

// The tokenizer proper: values, nested arrays and objects, literals and
// numbers. It recurses nowhere; the arrays and objects open in a cell live
// on an explicit stack bounded by the depth limit.

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
// nested in it, feeding it to the sink as one cell. Strings and numbers,
// the common cells, take a short path.
func (p *Parser) value(i, depth int) int {
	in := p.in
	if i = skipWS(in, i); i < len(in) {
		switch c := in[i]; {
		case c == '"':
			var s []byte
			if s, i = p.str(i); i >= 0 {
				p.s.String(s)
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
func (p *Parser) nested(i, depth int, stack []byte) (int, []byte) {
	in := p.in
	s := p.s
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
			p.s.String(s)
		case '{', '[':
			if len(stack) >= limit {
				return p.tooDeep(i, depth+len(stack)+1), stack
			}
			j := skipWS(in, i+1)
			if c == '[' {
				s.BeginArray()
				if j < len(in) && in[j] == ']' {
					s.EndArray()
					i = j + 1
					break
				}
				stack = append(stack, c)
				i = j
				continue next
			}
			s.BeginObject()
			if j < len(in) && in[j] == '}' {
				s.EndObject()
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
			s.Bool(true)
		case 'f':
			if i = p.literal(i, "false"); i < 0 {
				return i, stack
			}
			s.Bool(false)
		case 'n':
			if i = p.literal(i, "null"); i < 0 {
				return i, stack
			}
			s.Null()
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
				s.EndArray()
			case c == '}' && top == '{':
				s.EndObject()
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
// it, and hands the key to the sink.
func (p *Parser) member(i int) int {
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
	p.s.Key(k)
	if i = skipWS(in, i); i >= len(in) {
		return p.eof()
	}
	if in[i] != ':' {
		return p.syntax(i, "after object key")
	}
	return i + 1
}

// literal parses the literal lit (true, false or null) at in[i].
func (p *Parser) literal(i int, lit string) int {
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
// digits (other than -0) go to Sink.Int, which is what rowpage's
// Builder.Number does with their text; the rest go to Sink.Number as text.
func (p *Parser) number(i int) int {
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
			p.s.Int(v)
			return i
		}
	}
	p.s.Number(in[start:i])
	return i
}
