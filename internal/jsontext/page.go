package jsontext

import "errors"

// Page parses in, a whole JSON text, into s as a page: a top-level array
// whose elements are all objects or null becomes rows; a top-level object
// whose keys are distinct a one-object page; any other value (including an
// array of objects in which one object repeats a key) a one-value page,
// holding at most cellMax nested arrays and objects per cell. dupKey is the
// sentinel that s.Err wraps when a row repeats a key: on meeting it, Page
// starts again with s.StartValue, and gives the value to the Sink that
// returns. On success the caller finishes the page;
// otherwise Page returns the error, which stays valid until the Parser is
// next used.
//
// The cost is one pass over in (two when an array turns out not to hold
// rows, or when rows repeat a key), with no allocation once the Parser's
// buffers have grown.
func (p *Parser) Page(s PageSink, in []byte, cellMax int, dupKey error) *Error {
	return p.page(s, in, cellMax, dupKey)
}

// TaggedPage is Page for a TaggedSink: the Parser writes the arrays and
// objects of the cells of rows and of a one-object page into the sink's
// tagged values itself.
func (p *Parser) TaggedPage(s TaggedSink, in []byte, cellMax int, dupKey error) *Error {
	return p.page(s, in, cellMax, dupKey)
}

// page is Page for s, a PageSink or a TaggedSink.
func (p *Parser) page(s Pager, in []byte, cellMax int, dupKey error) *Error {
	p.begin(s, in, cellMax)
	p.ps, p.dupKey = s, dupKey
	i := skipWS(in, 0)
	if i >= len(in) {
		p.eof()
		return p.result()
	}
	top, ok := i, false
	switch in[i] {
	case '[':
		i, ok = p.rows(top)
	case '{':
		i, ok = p.object(top)
	}
	if !ok {
		// Not a page of rows or an object page after all: start again.
		p.setSink(s.StartValue())
		p.restart()
		i = p.value(top, 0)
	}
	if i >= 0 {
		if i = skipWS(in, i); i < len(in) {
			p.syntax(i, "after top-level value")
		}
	}
	return p.result()
}

// restart forgets the strings of an abandoned attempt; call it right after
// the sink's Start method, which forgets them on the sink's side.
func (p *Parser) restart() {
	p.buf = p.buf[:0]
	p.err = Error{}
}

// rows parses the array at in[i] as a page of rows. It reports false,
// without an error, when an element is not an object or null or a row
// repeats a key; the page must then be parsed as a value.
func (p *Parser) rows(i int) (int, bool) {
	in := p.in
	p.ps.StartRows()
	p.restart()
	i, c := peek(in, i+1)
	if c == ']' {
		return i + 1, true
	}
	for {
		switch c {
		case '{':
			p.ps.BeginRow()
			var ok bool
			if i, ok = p.members(i, 2); !ok || i < 0 {
				return i, ok
			}
			p.ps.EndRow()
		case 'n':
			if !hasLiteral(in, i, 4, nullWord) {
				return p.badLiteral(i, "null"), true
			}
			i += 4
			p.ps.NullRow()
		default:
			if i >= len(in) {
				return p.eof(), true
			}
			return 0, false
		}
		switch i, c = peek(in, i); c {
		case ',':
			i, c = peek(in, i+1)
		case ']':
			return i + 1, true
		default:
			return p.endOr(i, "after array element"), true
		}
	}
}

// object parses the object at in[i] as a one-object page. It reports
// false, without an error, if a key repeats.
func (p *Parser) object(i int) (int, bool) {
	p.ps.StartObject()
	p.restart()
	return p.members(i, 1)
}

// members parses the members of the object at in[i], which is a row of the
// page (depth is the nesting of the object in the JSON text). It reports
// false, without an error, if a key repeats.
func (p *Parser) members(i, depth int) (int, bool) {
	in := p.in
	i, c := peek(in, i+1)
	if c == '}' {
		return i + 1, true
	}
	for {
		if c != '"' {
			return p.endOr(i, "looking for beginning of object key string"), true
		}
		at := i
		var k []byte
		if k, i = p.str(i); i < 0 {
			return i, true
		}
		p.s.Key(k)
		if err := p.s.Err(); err != nil {
			if p.dupKey != nil && errors.Is(err, p.dupKey) {
				return 0, false
			}
			return p.refused(at), true
		}
		if i, c = peek(in, i); c != ':' {
			return p.endOr(i, "after object key"), true
		}
		if i = p.value(i+1, depth); i < 0 {
			return i, true
		}
		switch i, c = peek(in, i); c {
		case ',':
			i, c = peek(in, i+1)
		case '}':
			return i + 1, true
		default:
			return p.endOr(i, "after object key:value pair"), true
		}
	}
}
