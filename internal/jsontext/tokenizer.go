package jsontext

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

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

// peek returns the position of the first non-whitespace byte at or after
// i and that byte, or len(in) and 0 at the end of the text. The byte is
// read once: compact text, where the byte at i is never whitespace, costs
// one bounds test and one comparison, with no second load by the caller.
// A NUL byte is never valid where the tokenizer peeks, so callers tell
// the end from it only on their error path (i >= len(in)). The test of i
// is unsigned, which spares the load its own bounds test. Inlines.
func peek(in []byte, i int) (int, byte) {
	for ; uint(i) < uint(len(in)); i++ {
		if c := in[i]; !isSpace(c) {
			return i, c
		}
	}
	return i, 0
}

// endOr reports the end of the text if i is past it, else the byte at
// in[i] as invalid in context: the error path after peek.
func (p *Parser) endOr(i int, context string) int {
	if i >= len(p.in) {
		return p.eof()
	}
	return p.syntax(i, context)
}

// value parses the value at in[i] (after optional whitespace), with depth
// arrays and objects of the page's own structure around it, and everything
// nested in it, feeding it to the sink as one cell. Strings, numbers and
// literals, the common cells, take a short path (a literal through nested
// cost about 80 instructions more).
func (p *Parser) value(i, depth int) int {
	in := p.in
	i, c := peek(in, i)
	switch {
	case c == '"':
		var s []byte
		if s, i = p.str(i); i >= 0 {
			p.s.String(s)
		}
		return i
	case c-'0' <= 9 && len(in)-i >= 16:
		// An integer of up to 7 digits not followed by a fraction or
		// exponent, the common number cell, from one load without a
		// call; anything else (and "0" before a digit, invalid) from
		// number.
		d := wordAt(in, i) - lsb*'0'
		if n := leadingDigits(d); n < 8 && (c != '0' || n == 1) {
			switch e := in[i+n]; {
			case e == '.':
				if j := p.shortDecimal(i, n, headDigits(d, n)); j > 0 {
					return j
				}
			case e|0x20 != 'e':
				p.s.Int(int64(headDigits(d, n)))
				return i + n
			}
		}
		return p.number(i)
	case c == '-' || c-'0' <= 9:
		return p.number(i)
	case p.ts != nil && (c == '{' || c == '['):
		return p.tagged(i, depth)
	case c == 'n' && hasLiteral(in, i, 4, nullWord):
		p.s.Null()
		return i + 4
	case c == 't' && hasLiteral(in, i, 4, trueWord):
		p.s.Bool(true)
		return i + 4
	case c == 'f' && hasLiteral(in, i, 5, alseWord):
		p.s.Bool(false)
		return i + 5
	}
	i, p.stack = p.nested(i, depth, p.stack[:0])
	return i
}

// nested is value for any value, with stack as the stack of open arrays and
// objects. It returns the stack for reuse. Arrays and objects go to the
// Sink (p.cs): a TaggedSink's never come here.
func (p *Parser) nested(i, depth int, stack []byte) (int, []byte) {
	in := p.in
	s := p.s
	limit := min(p.cellMax, maxNesting-depth)
	var c byte
next:
	for {
		// A value starts at i.
		switch i, c = peek(in, i); c {
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
			cs := p.cs
			j, d := peek(in, i+1)
			if c == '[' {
				cs.BeginArray()
				if d == ']' {
					cs.EndArray()
					i = j + 1
					break
				}
				stack = append(stack, c)
				i = j
				continue next
			}
			cs.BeginObject()
			if d == '}' {
				cs.EndObject()
				i = j + 1
				break
			}
			stack = append(stack, c)
			i, c = j, d
			goto key
		case 't':
			if !hasLiteral(in, i, 4, trueWord) {
				return p.badLiteral(i, "true"), stack
			}
			i += 4
			s.Bool(true)
		case 'f':
			if !hasLiteral(in, i, 5, alseWord) {
				return p.badLiteral(i, "false"), stack
			}
			i += 5
			s.Bool(false)
		case 'n':
			if !hasLiteral(in, i, 4, nullWord) {
				return p.badLiteral(i, "null"), stack
			}
			i += 4
			s.Null()
		default:
			if c != '-' && c-'0' > 9 {
				return p.endOr(i, "looking for beginning of value"), stack
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
			i, c = peek(in, i)
			top := stack[len(stack)-1]
			switch {
			case c == ',':
				if top == '{' {
					i, c = peek(in, i+1)
					goto key
				}
				i++
				continue next
			case c == ']' && top == '[':
				p.cs.EndArray()
			case c == '}' && top == '{':
				p.cs.EndObject()
			case top == '[':
				return p.endOr(i, "after array element"), stack
			default:
				return p.endOr(i, "after object key:value pair"), stack
			}
			stack = stack[:len(stack)-1]
			i++
		}
	key:
		// A key of a nested object starts at i, whose byte is c: the key,
		// then its colon, here rather than in a function of their own,
		// which cost a call for every key.
		if c != '"' {
			return p.endOr(i, "looking for beginning of object key string"), stack
		}
		{
			var k []byte
			if k, i = p.str(i); i < 0 {
				return i, stack
			}
			s.Key(k)
		}
		if i, c = peek(in, i); c != ':' {
			return p.endOr(i, "after object key"), stack
		}
		i++
	}
}

// The last four bytes of each literal as a little-endian word, for
// hasLiteral.
const (
	nullWord = jsonwire.NullWord
	trueWord = jsonwire.TrueWord
	alseWord = jsonwire.FalseWord >> 8 // false after its 'f'
)

// hasLiteral reports whether in[i:] starts with the literal of n bytes
// (true, false or null) whose first byte the caller has matched and whose
// last four bytes are last4: one comparison of a word, inlined. When it
// does not, badLiteral says where it goes wrong.
func hasLiteral(in []byte, i, n int, last4 uint32) bool {
	return len(in)-i >= n && binary.LittleEndian.Uint32(in[i+n-4:]) == last4
}

// badLiteral reports the first byte after in[i] that does not continue
// the literal lit, or the end of the text, when hasLiteral is false.
func (p *Parser) badLiteral(i int, lit string) int {
	in := p.in
	for k := 1; k < len(lit); k++ {
		if i+k >= len(in) {
			return p.eof()
		}
		if in[i+k] != lit[k] {
			return p.syntax(i+k, "in literal "+lit+" (expecting "+quoteChar(lit[k])+")")
		}
	}
	return p.eof() // not reached: in[i:] starts with lit
}

// shortDecimal adds the number at in[i] whose integer part is v, n digits
// (1 to 7, no leading zero), followed by a point, when its fraction has 1
// to 7 digits and no exponent follows: to a DecimalSink with its digits
// read from one load, as decimal reads them, and returns the position after
// it. It returns 0, having added nothing, for any other number, which
// number parses (value's cell "0.99" or "14.5" costs about a third of
// number's way). len(in)-i must be at least 16.
func (p *Parser) shortDecimal(i, n int, v uint64) int {
	in := p.in
	at := i + n + 1 // the fraction's first digit
	d := wordAt(in, at) - lsb*'0'
	nf := leadingDigits(d)
	if nf == 0 || nf == 8 || p.ds == nil {
		return 0
	}
	j := at + nf
	if in[j]|0x20 == 'e' {
		return 0
	}
	d <<= (64 - 8*nf) & 63 // the fraction's digits in the high bytes, first lowest
	f := digits8(d)
	mant, nd := v*uint64(pow10[nf])+f, n+nf
	if v == 0 {
		// No significant digit before the point: those of the fraction
		// after its leading zeros, as decimal skips them (none for 0).
		nd = 0
		if f != 0 {
			nd = nf - bits.TrailingZeros64(d>>(64-8*nf))>>3
		}
	}
	p.ds.Decimal(in[i:j], false, mant, nd, -nf)
	return j
}

// maxFastDigits is the most digits an integer may have to be summed
// without overflow checks (10^18 < 2^63).
const maxFastDigits = 18

// leadingDigits returns how many of the low-order bytes of d, eight bytes
// of text less '0' from each, were digits, 0 to 8. A byte below '0' wraps
// to 0xD0 or above and one above '9' becomes 10 or more, whose sum with
// 0x76 reaches 0x80; the borrows and carries of those bytes only disturb
// bytes above them.
func leadingDigits(d uint64) int {
	return bits.TrailingZeros64((d|(d+lsb*0x76))&msb) >> 3
}

// digits8 returns the number whose eight decimal digits are the bytes of
// d, the first in the low byte, each 0 to 9: three multiplications, each
// joining pairs of neighbouring groups of digits.
func digits8(d uint64) uint64 {
	d = (d*10 + d>>8) & 0x00FF00FF00FF00FF
	d = (d*100 + d>>16) & 0x0000FFFF0000FFFF
	return (d*10000 + d>>32) & 0xFFFFFFFF
}

// headDigits returns the number whose decimal digits are the n low
// bytes of d (1 to 7 of them, the first lowest, each 0 to 9, as
// leadingDigits counts them): digits8 of them moved to the high bytes. The
// shift's count is masked, which n of 1 to 7 leaves alone, so that it
// takes no test of a count of 64 or more.
func headDigits(d uint64, n int) uint64 {
	return digits8(d << ((64 - 8*n) & 63))
}

// skipDigits returns the position after the run of digits at in[i:]:
// eight bytes a turn while eight remain, then one at a time.
func skipDigits(in []byte, i int) int {
	for len(in)-i >= 8 {
		n := leadingDigits(wordAt(in, i) - lsb*'0')
		i += n
		if n < 8 {
			return i
		}
	}
	for i < len(in) && in[i]-'0' <= 9 {
		i++
	}
	return i
}

// number parses the number at in[i] and adds it. Integers of up to 18
// digits (other than -0) go to Sink.Int, which is what rowpage's
// Builder.Number does with their text; the rest go to Sink.Number as text.
// A fraction or exponent is left to numberRest, so that the common
// integer takes a short path with few registers.
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
		i, v = p.digits(i)
	default:
		return p.syntax(i, "in numeric literal")
	}
	if i < len(in) && (in[i] == '.' || in[i]|0x20 == 'e') {
		return p.numberRest(start, i, neg, v)
	}
	if i-start <= maxFastDigits && !(neg && v == 0) {
		if neg {
			v = -v
		}
		p.s.Int(v)
		return i
	}
	if p.ds != nil {
		if u, ok := bigMagnitude(in[start:i], neg, v); ok {
			p.ds.BigInt(in[start:i], neg, u)
			return i
		}
	}
	p.s.Number(in[start:i])
	return i
}

// bigMagnitude returns the magnitude of the integer text, of more than 18
// digits without a leading zero, negative if neg, whose digits digits has
// read into v (modulo 2^64, as its int64 arithmetic wraps), and whether
// a DecimalSink's BigInt takes it: 19 digits, or 20 that fit a uint64, and for a
// negative number at most 2^63. Twenty digits fit when the first is 1 and
// v, modulo 2^64, is at least 10^19: a value from 2^64 to 2×10^19-1 wraps
// to less than 2×10^19-2^64, below 10^19. A few instructions, where the
// sink's reading of the text again cost about a hundred.
func bigMagnitude(text []byte, neg bool, v int64) (uint64, bool) {
	nd, u := len(text), uint64(v)
	if neg {
		nd--
	}
	switch {
	case nd == 19:
	case nd == 20 && text[len(text)-20] == '1' && u >= 1e19:
	default:
		return 0, false
	}
	return u, !neg || u <= 1<<63
}

// maxDecimalDigits is the most significant digits a number's mantissa
// may hold (10^19 < 2^64), as jsonwire.ScanDecimal reads them.
const maxDecimalDigits = 19

// maxExponent bounds the exponents numberRest reads, as
// jsonwire.ScanDecimal clamps them.
const maxExponent = 100_000

// numberRest parses the fraction and exponent at in[i] of the number that
// starts at in[start], whose integer part, if it has at most 18 digits,
// is v, and adds the number: to a DecimalSink with its digits read, so
// that the sink need not read them again, else to Sink.Number as text.
func (p *Parser) numberRest(start, i int, neg bool, v int64) int {
	i, mant, nd, exp := p.decimal(start, i, neg, v)
	switch {
	case i < 0:
	case p.ds != nil:
		p.ds.Decimal(p.in[start:i], neg, mant, nd, exp)
	default:
		p.s.Number(p.in[start:i])
	}
	return i
}

// decimal parses the fraction and exponent at in[i] of the number that
// starts at in[start], whose integer part, if it has at most 18 digits,
// is v, and returns the position after them, or -1 after an error, with
// the number's digits as jsonwire.ScanDecimal reads them: ±mant × 10^exp
// with nd significant digits, or nd -1 and mant 0 past 19 of them.
func (p *Parser) decimal(start, i int, neg bool, v int64) (int, uint64, int, int) {
	in := p.in
	// The significant digits so far: those of v, or none known (nd < 0)
	// past 18 digits.
	mant, nd, exp := uint64(v), i-start, 0
	if neg {
		nd--
	}
	switch {
	case nd > maxFastDigits:
		nd, mant = -1, 0 // v overflowed
	case v == 0:
		nd = 0 // "0" or "-0": no significant digit
	}
	if in[i] == '.' {
		if i++; i >= len(in) {
			return p.eof(), 0, 0, 0
		}
		if in[i]-'0' > 9 {
			return p.syntax(i, "after decimal point in numeric literal"), 0, 0, 0
		}
		// The fraction's leading zeros when no significant digit came
		// before ("0.000123", "0.95"), which only move the exponent; then,
		// from the first significant digit, eight digits a load while they
		// keep within maxDecimalDigits, then one at a time.
		if nd == 0 {
			for i < len(in) && in[i] == '0' {
				i++
				exp--
			}
		}
		for nd >= 0 && len(in)-i >= 8 {
			d := wordAt(in, i) - lsb*'0'
			k := leadingDigits(d)
			if k == 0 || nd+k > maxDecimalDigits {
				break
			}
			if k == 8 {
				mant = mant*1e8 + digits8(d)
			} else {
				mant = mant*uint64(pow10[k]) + headDigits(d, k)
			}
			nd, exp, i = nd+k, exp-k, i+k
			if k < 8 {
				break
			}
		}
		for ; i < len(in) && in[i]-'0' <= 9; i++ {
			exp--
			c := in[i] - '0'
			if nd < 0 || mant == 0 && c == 0 {
				continue // none known, or a leading zero
			}
			if nd == maxDecimalDigits {
				nd = -1
				continue
			}
			mant = mant*10 + uint64(c)
			nd++
		}
	}
	if i < len(in) && in[i]|0x20 == 'e' {
		eneg := false
		if i++; i < len(in) && (in[i] == '+' || in[i] == '-') {
			eneg = in[i] == '-'
			i++
		}
		if i >= len(in) {
			return p.eof(), 0, 0, 0
		}
		if in[i]-'0' > 9 {
			return p.syntax(i, "in exponent of numeric literal"), 0, 0, 0
		}
		e := 0
		for ; i < len(in) && in[i]-'0' <= 9; i++ {
			e = min(e*10+int(in[i]-'0'), maxExponent)
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if nd < 0 {
		mant = 0
	}
	return i, mant, nd, exp
}
