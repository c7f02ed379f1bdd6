package jsontext

import (
	"errors"
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
)

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
	if p.memo != nil {
		p.memo.newText()
	}
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
	p.rowKeys, p.rowMiss, p.rowWait = p.rowKeys[:0], 0, rowRetry
	p.cells.start()
	if u := p.unplaced; u != nil {
		*u = false
	}
	// The text of the previous row, in[at:at+n] (n 0: none, or a null
	// row), for a row that repeats it (AgainSink).
	at, n := 0, 0
	for {
		switch c {
		case '{':
			// The previous row's last word first, in line, which tells
			// most rows apart, or rows of other lengths.
			if n >= rowAgainMin && len(in)-i >= n && wordAt(in, i+n-8) == wordAt(in, at+n-8) && p.againRow(i, at, n) {
				at, i = i, i+n
				break
			}
			p.ps.BeginRow()
			at = i
			var ok bool
			if p.ts != nil {
				p.cells.beginRow()
				i, ok = p.taggedRow(i)
			} else {
				i, ok = p.members(i, 2)
			}
			if !ok || i < 0 {
				return i, ok
			}
			n = i - at
			p.ps.EndRow()
		case 'n':
			if !hasLiteral(in, i, 4, nullWord) {
				return p.badLiteral(i, "null"), true
			}
			i += 4
			n = 0
			p.cells.last = 0 // the row after compares its cells with none
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

// rowAgainMin is the shortest row text rows compares with the previous
// row's for an AgainSink: a shorter row costs little to parse, and the
// comparison reads a word at each end of it.
const rowAgainMin = 16

// againRow reports whether the row at in[i], whose last word is that of
// in[at:at+n], the previous row's text (at+n <= i, n >= rowAgainMin),
// is that row again, byte for byte (an object ends where its text does),
// and the AgainSink added it. Not inlined: rows calls it only for a row
// whose last word matched.
//
//go:noinline
func (p *Parser) againRow(i, at, n int) bool {
	in := p.in
	return p.ag != nil && string(in[i:i+n]) == string(in[at:at+n]) && p.ag.AgainRow()
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

// After rowMissMax rows in a row that match fewer than half their keys
// against the previous row's, taggedRow keeps the keys of only one row in
// every rowRetry, for the next row to match; each such row whose next row
// misses again doubles the rows until the next one, up to rowRetryMax, and
// a row that matches starts over at rowRetry. Rows whose keys never settle
// (a page of 1,000 rows of free key order) then keep their keys about 20
// times, not 60: a kept row cost about 60 instructions a key
// (setRowKey), and a page that settles late goes by place at most
// rowRetryMax rows later.
const (
	rowMissMax  = 4
	rowRetry    = 16
	rowRetryMax = 64
)

// keySpan is where the text of a row's key sits in the text, between its
// quotes: in[at:at+n], or n is -1 for a key that needed decoding. A key
// of fewer than keyBytes bytes also has its text and closing quote in w,
// and the colon right after it when colon is 1 (as the key cache holds
// it), as little-endian words, masked by m (zero words beyond them; the
// last two words and masks are set only when wide): the next row's key at
// the same place is then compared with two loads (four past 16 bytes),
// without a call, and its colon with it. A key without words has m[0] 0.
// adv and wide are what the comparison needs of them, worked out once:
// the bytes from the opening quote to past the closing quote (and colon),
// and whether the last two words count (n+colon of 16 or more).
type keySpan struct {
	at, n, colon, adv int
	wide              bool
	w, m              [4]uint64
}

// setRowKey makes *k the keySpan of the key in[at:at+n], whose closing
// quote is at in[at+n], with its words when it has fewer than keyBytes
// bytes and keyBytes bytes of text from at are there to load; of a key
// that needed decoding when n is -1. It writes in place, so that a row's
// key is kept with no keySpan built and copied on the way, only the
// fields the comparison reads: of a key without words only m[0] (zero),
// and of a key that is not wide only the first two words and masks.
func setRowKey(k *keySpan, in []byte, at, n int) {
	k.at, k.n = at, n
	if n < 0 || n >= keyBytes || len(in)-at < keyBytes {
		k.colon, k.adv, k.wide, k.m[0] = 0, 0, false, 0
		return
	}
	colon := 0
	if n+1 < keyBytes && in[at+n+1] == ':' {
		colon = 1
	}
	m := &keyMasks[n+1+colon]
	k.colon, k.adv, k.wide = colon, n+2+colon, n+colon >= 16
	k.m[0], k.m[1] = m[0], m[1]
	k.w[0], k.w[1] = wordAt(in, at)&m[0], wordAt(in, at+8)&m[1]
	if k.wide {
		k.m[2], k.m[3] = m[2], m[3]
		k.w[2], k.w[3] = wordAt(in, at+16)&m[2], wordAt(in, at+24)&m[3]
	}
}

// taggedRow is members for a row of a TaggedSink's page. Rows of one
// shape list the same keys in the same order: while the row's keys are
// those of the previous row at the same places, byte for byte, each is
// counted in the sink's SameKeys, without being scanned, hashed or looked
// up, and without a call, and cannot be refused (the previous row's keys
// are distinct). The first key that differs, and every key after it, goes
// to Key. p.rowKeys holds the keys of the previous row of the page. Rows
// whose keys shuffle would pay for a compare and a kept span per key and
// gain little: once rowMissMax rows in a row match fewer than half their
// keys, rows keep no keys (see rowMissMax).
func (p *Parser) taggedRow(i int) (int, bool) {
	in := p.in
	i, c := peek(in, i+1)
	n := 0 // the row's keys so far
	if c == '}' {
		p.rowKeys, p.cells.last = p.rowKeys[:0], 0
		return i + 1, true
	}
	// The row keeps its keys for the next row while p.rowMiss < rowMissMax
	// (read from p, not kept in locals, which would cost the loop below a
	// spill per key).
	if p.rowMiss >= rowMissMax {
		// Rows whose keys shuffle: keep no keys, so that the rows after go
		// to Key without a compare or a span each, but keep one row's in
		// every p.rowWait to notice rows that settle into one shape.
		p.rowKeys = p.rowKeys[:0]
		if p.rowMiss++; p.rowMiss >= rowMissMax+p.rowWait {
			p.rowMiss = rowMissMax - 1
			p.rowWait = min(2*p.rowWait, rowRetryMax)
		}
		// The next row compares its keys with this row's only if this
		// row keeps them; the sink hears it before that row begins.
		if u := p.unplaced; u != nil {
			*u = p.rowMiss >= rowMissMax
		}
	}
	same := len(p.rowKeys) > 0 // the row's keys so far are the previous row's
	p.rowMatched = -2
	if same {
		p.rowMatched = -1
	}
	for {
		if c != '"' {
			return p.endOr(i, "looking for beginning of object key string"), true
		}
		if same {
			// A run of cells that repeat the previous row's from here,
			// added by the sink (againCells), then the first cell that
			// differs, read below, or the row's end. (againCells also
			// notes where the row's cells begin, for the next row.)
			if n >= p.cells.from {
				if j, k := p.againCells(i, n); k > 0 {
					n += k
					if i, c = j, in[j]; c == '}' {
						goto after
					}
				}
			}
			if n < len(p.rowKeys) {
				// The key at the same place in the previous row: for a key of
				// fewer than keyBytes bytes, a masked comparison with its
				// words, which take in the closing quote.
				k := &p.rowKeys[n]
				if k.m[0] != 0 && len(in)-i > keyBytes {
					x := (wordAt(in, i+1)^k.w[0])&k.m[0] |
						(wordAt(in, i+9)^k.w[1])&k.m[1]
					if k.wide {
						x |= (wordAt(in, i+17)^k.w[2])&k.m[2] |
							(wordAt(in, i+25)^k.w[3])&k.m[3]
					}
					if x == 0 {
						*p.same++ // no call: the sink opens the column at the value
						i += k.adv
						if k.colon != 0 {
							goto value // the colon was in the comparison
						}
						goto colon
					}
				} else if j := longKeyMatch(in, i, k); j > 0 {
					*p.same++
					i = j
					goto colon
				}
			}
			same, p.rowMatched = false, n
		}
		{
			// The common key goes to RowKey, which scans it itself
			// (ShortKey), without str's call and with no call of Err
			// unless the sink refuses it; any other key is str's, and
			// goes to Key. A row that began with no previous row's keys to
			// compare and no row missed yet (rowMatched -2, rowMiss 0)
			// skips rowColumn: that is the page's first row, where the
			// memo holds no key of the page but the row's own, which the
			// row would repeat, so that rowColumn's look (some 90
			// instructions a key) cannot succeed; or, rarely, a row after
			// {}, whose keys RowKey takes as well. (The one row in rowRetry
			// that keeps its keys while rows shuffle them, rowMiss
			// rowMissMax-1, keeps the look: its keys are the page's.)
			at, kn := i, -1 // kn: the key's length if it is the text itself, not decoded
			j := 0
			if p.rowMatched != -2 || p.rowMiss != 0 {
				j = p.rowColumn(in, i)
			}
			if j > 0 {
				kn, i = j-i-2, j
			} else if j := p.ts.RowKey(in, i); j > 0 {
				kn, i = j-i-2, j
			} else if j < 0 {
				return p.keyRefused(at)
			} else {
				var k []byte
				if k, i = p.str(i); i < 0 {
					return i, true
				}
				p.s.Key(k)
				if p.s.Err() != nil {
					return p.keyRefused(at)
				}
				if len(k) == i-at-2 && (len(k) == 0 || &k[0] == &in[at+1]) {
					kn = len(k)
				}
			}
			if p.rowMiss < rowMissMax {
				rk := p.rowKeys[:n]
				if cap(rk) == n {
					rk = slices.Grow(rk, 1)
				}
				rk = rk[:n+1]
				setRowKey(&rk[n], in, at+1, kn)
				p.rowKeys = rk
			}
		}
	colon:
		if i, c = peek(in, i); c != ':' {
			return p.endOr(i, "after object key"), true
		}
		i++
	value:
		n++
		// An integer of up to 7 digits not followed by a fraction or
		// exponent, the commonest cell of many pages, as value takes it,
		// without value's call (whose spills and peek cost about a third
		// as much again as the cell).
		if len(in)-i >= 16 {
			// A digit first, tested alone: most cells that are not such
			// integers (strings, arrays, objects, literals) leave here.
			if d := wordAt(in, i) - lsb*'0'; byte(d) <= 9 {
				// One digit, the commonest integer cell (zeros, flags,
				// small counts), is d's first byte, and the byte after it
				// d's second: read without leadingDigits and headDigits
				// (about thirty instructions).
				k, v, e := 1, int64(byte(d)), byte(d>>8)+'0'
				if e-'0' <= 9 {
					// Two digits or more: fewer than 8, the first not 0.
					if k = leadingDigits(d); k >= 8 || byte(d) == 0 {
						goto other
					}
					v, e = int64(headDigits(d, k)), in[i+k]
				}
				if e != '.' && e|0x20 != 'e' {
					// In a row whose keys so far all came by place
					// (same), the cell's column is the sink's next
					// column given by place (RowColumns.Taken, Prev):
					// added to it here, as the sink's Int would, where
					// it takes the integer, else given to Int.
					if t := p.taken; same && t != nil {
						m := *t
						if c := (*p.prevCols)[m]; c.TryAppendInt(v) {
							*t = m + 1
							i += k
							goto after
						}
					}
					p.s.Int(v)
					i += k
					goto after
				}
			} else if c = in[i]; c == '"' {
				// A string cell, as value takes it, without value's call;
				// the empty string, the commonest string cell of some pages
				// (names not given), also without str's, as the same view
				// of the text (about sixty instructions less), and in a
				// row of keys by place, once the page has met it, added by
				// its id in the sink's memo of short strings (the entry of
				// no bytes), as the sink's String would, without its call.
				var s []byte
				if in[i+1] == '"' {
					if t := p.taken; same && t != nil {
						m, b := *t, p.rc.Page
						if id, ok := p.strs.Get(0, 0, 0, b.In.Epoch); ok && b.TryCellSeenString((*p.prevCols)[m], id) {
							*t = m + 1
							i += 2
							goto after
						}
					}
					s, i = in[i+1:i+1], i+2
				} else if s, i = p.str(i); i < 0 {
					return i, true
				}
				p.s.String(s)
				goto after
			} else if c == 'n' && hasLiteral(in, i, 4, nullWord) {
				// As value takes it, without value's call, and in a row
				// of keys by place added to its column here where the
				// column takes it without a call, as the sink's Null would.
				i += 4
				if t := p.taken; same && t != nil {
					m := *t
					if c := (*p.prevCols)[m]; c.TryAppendNull() || c.TryAppendTag(format.TagNull) {
						*t = m + 1
						goto after
					}
				}
				p.s.Null()
				goto after
			} else if c == 'f' && hasLiteral(in, i, 5, alseWord) {
				i += 5 // the same
				if t := p.taken; same && t != nil {
					m := *t
					if c := (*p.prevCols)[m]; c.TryAppendBool(false) || c.TryAppendTag(format.TagFalse) {
						*t = m + 1
						goto after
					}
				}
				p.s.Bool(false)
				goto after
			} else if c == 't' && hasLiteral(in, i, 4, trueWord) {
				i += 4
				if t := p.taken; same && t != nil {
					m := *t
					if c := (*p.prevCols)[m]; c.TryAppendBool(true) || c.TryAppendTag(format.TagTrue) {
						*t = m + 1
						goto after
					}
				}
				p.s.Bool(true)
				goto after
			} else if c == '{' || c == '[' {
				// An array or object cell, as value takes it (tagged),
				// without value's call and its tests of the other kinds;
				// in a row of keys by place, one the memo holds is copied
				// here into its column (taggedAgain).
				if same && p.memo.live {
					if j := p.taggedAgain(i); j > 0 {
						i = j
						goto after
					}
				}
				if i = p.tagged(i, 2); i < 0 {
					return i, true
				}
				goto after
			}
		}
	other:
		if i = p.value(i, 2); i < 0 {
			return i, true
		}
	after:
		switch i, c = peek(in, i); c {
		case ',':
			i, c = peek(in, i+1)
		case '}':
			// The places of the row's cells, if againCells noted any,
			// become the previous row's; else there are none.
			if p.cells.known != 0 {
				p.cells.endRow(n, i)
			} else {
				p.cells.last = 0
			}
			if p.rowMiss < rowMissMax {
				p.rowKeys = p.rowKeys[:n]
			}
			if m := p.rowMatched; m != -2 {
				if m == -1 {
					m = n
				}
				if p.rowMiss++; 2*m >= n {
					p.rowMiss, p.rowWait = 0, rowRetry
				}
			}
			return i + 1, true
		default:
			return p.endOr(i, "after object key:value pair"), true
		}
	}
}

// ShortKey returns the key whose opening quote is at in[i] if it has at
// most 15 bytes of ASCII without escapes or control bytes and 16 bytes of
// text follow the quote: its bytes packed into two little-endian words
// padded with zeros (the words of pagebuild.KeyWords) and its length. It
// returns n -1 for any other key (which str reads). One load a word and
// about forty instructions with the call for a key of up to 7 bytes, where
// str costs about sixty.
func ShortKey(in []byte, i int) (w0, w1 uint64, n int) {
	if i < 0 || len(in)-i <= 16 {
		return 0, 0, -1
	}
	// The first special byte of each word (specialBytes), if it is the
	// closing quote, ends the key; the words keep the bytes before it.
	w0 = wordAt(in, i+1)
	if t, ok := quoteAt(w0); t < 64 {
		if !ok {
			return 0, 0, -1
		}
		return w0 & (1<<t - 1), 0, t >> 3
	}
	w1 = wordAt(in, i+9)
	if t, ok := quoteAt(w1); ok {
		return w0, w1 & (1<<t - 1), 8 + t>>3
	}
	return 0, 0, -1
}

// LongKey returns the length of the key whose opening quote is at in[i]
// if it has 16 to 31 bytes of ASCII without escapes or control bytes and
// 32 bytes of text follow the quote, else -1: the keys ShortKey leaves
// that a sink's RowKey may still take from the text itself, without str's
// scan and a call of Key (twitter's "profile_background_color", the
// instruments' "default_filter_cutoff_enabled"). Four loads and about
// sixty instructions with the call.
func LongKey(in []byte, i int) int {
	if i < 0 || len(in)-i <= 32 {
		return -1
	}
	// No special byte in the first two words, and the first in the last
	// two the closing quote.
	if specialBytes(wordAt(in, i+1))|specialBytes(wordAt(in, i+9)) != 0 {
		return -1
	}
	if t, ok := quoteAt(wordAt(in, i+17)); ok {
		return 16 + t>>3
	} else if t < 64 {
		return -1
	}
	if t, ok := quoteAt(wordAt(in, i+25)); ok {
		return 24 + t>>3
	}
	return -1
}

// quoteAt returns 8 × the place of the first special byte of w
// (specialBytes), or 64 if it has none, and whether that byte is a quote.
func quoteAt(w uint64) (int, bool) {
	m := specialBytes(w)
	t := bits.TrailingZeros64(m) & 120 // 64 for m 0, else 8 × the place
	return t, t < 64 && byte(w>>t) == '"'
}

// rowColumn opens the column of the row's key whose opening quote is at
// in[i] as the sink's RowKey would, through the sink's RowColumns, if it
// is a short plain key (ShortKey) the sink's memo holds and the row does
// not repeat, and returns the position after the key; else it returns 0,
// having changed nothing, for RowKey to take the key. A key met before on
// the page is found in p.cols by its text (rowColCache): about 80
// instructions a key with Use, where ShortKey's scan in line, the memo's
// lookup and Use cost about 115, and RowKey some twenty more (its
// interface call, ShortKey's call, its bookkeeping of keys given by place).
func (p *Parser) rowColumn(in []byte, i int) int {
	rc := &p.rc
	if rc.Memo == nil || *p.same > 0 || len(in)-i <= 16 {
		return 0
	}
	b := rc.Page
	// The key as rowColumn found it before, if it is the same.
	w0 := wordAt(in, i+1)
	e := p.cols.slot(w0)
	ci, adv := e.ci, int(e.adv)
	if (w0^e.w0)&e.m0|(wordAt(in, i+9)^e.w1)&e.m1 != 0 || e.page != b.Page {
		// ShortKey's scan, in line.
		var w1 uint64
		n := 0
		if t, ok := quoteAt(w0); t < 64 {
			if !ok {
				return 0
			}
			w0, n = w0&(1<<t-1), t>>3
		} else {
			w1 = wordAt(in, i+9)
			t, ok := quoteAt(w1)
			if !ok {
				return 0
			}
			w1, n = w1&(1<<t-1), 8+t>>3
		}
		var ok bool
		if ci, ok = rc.Memo.Get(w0, w1, n, b.Page); !ok {
			return 0
		}
		m := &keyMasks[n+1] // the text and the closing quote
		*e = rowColEntry{
			w0: wordAt(in, i+1) & m[0], w1: wordAt(in, i+9) & m[1], m0: m[0], m1: m[1],
			page: b.Page, ci: ci, adv: uint32(n + 2),
		}
		adv = n + 2
	}
	c, fresh := b.Use(int32(ci))
	if !fresh {
		return 0
	}
	*rc.Col = c
	return i + adv
}

// keyRefused is taggedRow's result for the row's key at in[at] that the
// sink refused: false, without an error, for a key the row repeats (the
// page must then be parsed as a value), else the refusal.
func (p *Parser) keyRefused(at int) (int, bool) {
	if errors.Is(p.s.Err(), p.dupKey) {
		return 0, false
	}
	return p.refused(at), true
}

// longKeyMatch returns the position after the closing quote of the key
// whose opening quote is at in[i] if its text is that of k, the previous
// row's key at the same place, else 0: taggedRow's comparison for a key
// without words (of keyBytes bytes or more, or near the end of the text).
func longKeyMatch(in []byte, i int, k *keySpan) int {
	if end := i + 1 + k.n; k.n >= 0 && end < len(in) && in[end] == '"' &&
		string(in[i+1:end]) == string(in[k.at:k.at+k.n]) {
		return end + 1
	}
	return 0
}
