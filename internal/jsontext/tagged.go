package jsontext

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// TaggedSink is a Pager that lets the Parser write each array and
// object cell of a page of rows itself, as the tagged values of a
// column of package pagebuild: format's value tags, each array's and
// object's count as four little-endian bytes right after its tag, each
// member's key before its value. The Parser writes the nulls, bools,
// integers of up to 18 digits and the arrays and objects; it asks the
// sink only for what needs the page's strings or its number rules:
// strings, keys and other numbers. So a nested value costs no call at
// all, where a Sink takes one or two per value and keeps a stack of its
// own. So a TaggedSink has no methods for arrays and objects, and the
// Parser never hands it a value nested in a cell through the ScalarSink
// methods.
type TaggedSink interface {
	Pager
	// BeginTagged starts a cell that is an array or object. It returns
	// the buffer to append the cell's tagged value to, and a number that
	// tells the cell's column from the page's other columns, for the
	// Parser's key cache.
	BeginTagged() ([]byte, uint32)
	// EndTagged ends the cell, handing back the buffer.
	EndTagged(b []byte)
	// EndCopy is EndTagged for a cell whose tagged value, b[at:], the
	// Parser copied from the earlier cell of the column at b[from:]
	// (written since *KeyEpoch() took the value it has).
	EndCopy(b []byte, at, from int)
	// TaggedString appends the tagged value of the string s to b.
	TaggedString(b, s []byte) []byte
	// TaggedKey appends the key k of a member to b. What it appends must
	// depend only on k while *KeyEpoch() holds the value it has: the
	// Parser appends the same bytes again for the same key text, without
	// a call, until that value changes.
	TaggedKey(b, k []byte) []byte
	// TaggedNumber appends the tagged value of number text that is not
	// an integer of up to 18 digits and has no fraction or exponent.
	TaggedNumber(b, text []byte) []byte
	// TaggedDecimal appends the tagged value of a number with a fraction
	// or exponent, with its digits read (see DecimalSink.Decimal).
	TaggedDecimal(b, text []byte, neg bool, mant uint64, nd, exp int) []byte
	// SameKeys returns where the sink counts the row's keys that the
	// Parser gives by place, in place of Key: the Parser adds one to it
	// for the row's next key only while every key of the row so far, this
	// one included, has the text of the key at the same place in the
	// previous row of the page (a row of keys, not a null row), which the
	// sink took. So the key is the column of that place in the previous
	// row's shape, and cannot repeat one of the row's keys; the sink opens
	// that column when the key's value comes (its next call). The Parser
	// asks for it when it starts a text; the count is the sink's to reset.
	SameKeys() *int
	// RowKey is Key for the row's key whose opening quote is at in[i],
	// which the sink may read itself (ShortKey, LongKey): it returns the
	// position after the key's closing quote, 0 for a key it leaves to Key
	// (the Parser then reads it), or -1 for a key it refused (Err says
	// why).
	RowKey(in []byte, i int) int
	// RowColumns returns where the Parser may open the column of a row's
	// key itself, without RowKey's call (see RowColumns), or the zero
	// RowColumns if it may not. The Parser asks for it when it starts a
	// text.
	RowColumns() RowColumns
	// KeyEpoch returns where the sink keeps the epoch of TaggedKey's
	// bytes, which is never 0. The Parser asks for it when it starts a
	// text and reads the epoch when it starts a cell: the sink must not
	// change it within one.
	KeyEpoch() *uint64
}

// NestedCopySink is a TaggedSink that is told of each array or object
// nested in a cell that the Parser copied from an earlier one of the
// column (cellMemo), so that the page's writer can write it as it wrote
// that one, without reading its elements again.
type NestedCopySink interface {
	// NestedCopy says that the tagged values b[at:at+n] of the cell being
	// written (b the buffer BeginTagged returned, as the Parser extended
	// it) are a whole array or object copied from b[from:from+n].
	NestedCopy(at, from, n int)
}

// PlainSink is a TaggedSink that is told of each array or object cell
// the Parser gave it no string in (TaggedString): EndPlain ends such a
// cell in place of EndTagged, so that the sink may add it again without
// looking for a string in it.
type PlainSink interface {
	EndPlain(b []byte)
}

// AgainSink is a TaggedSink that can add a row of a page of rows whose
// text is, byte for byte, the text of the previous row of the page (an
// object, not a null row), without the Parser reading it: AgainRow adds
// the row, in place of BeginRow, the row's keys and cells and EndRow, and
// reports true, with the page as if the Parser had read it; or it
// reports false, having changed nothing, and the Parser reads the row.
type AgainSink interface {
	AgainRow() bool
}

// RowColumns is what a TaggedSink lends the Parser to open the column of
// a row's short plain key (ShortKey) as RowKey would, without RowKey's
// call: Memo, the sink's column indexes of such keys under Page.Page,
// which RowKey fills; Page, the page the sink writes, whose Use takes the
// column for the row and refuses a repeated key; and Col, where the sink
// reads the column of the cell that comes next. The Parser opens a
// column so only while the sink counts no key given by place and not yet
// used (*SameKeys() <= 0), and leaves to RowKey every key the memo lacks
// and every key the row repeats, so that the page and the errors are
// RowKey's.
//
// Unplaced, if not nil, is where the Parser says, before a row's BeginRow,
// that it will give none of that row's keys by place: it sets it to true
// only while rows shuffle their keys (rowMissMax), so that a sink need not
// make ready for keys given by place a row that has none, and to false
// when a page of rows begins and before a row that may have some.
//
// Taken and Prev, if not nil and lent with Col, Strs and Page (the
// Parser uses them only all together), let the Parser add a row's integer cell
// itself, as the sink's Int would, where the column takes it with
// pagebuild.Column.TryAppendInt: the cell's column is (*Prev)[*Taken]
// while *Taken is below *SameKeys() (the column of the next key given by
// place, after which *Taken counts one more), *Col otherwise. The Parser
// adds so, in such a column, the cells null, true and false where the
// column takes them without a call (pagebuild.Column.TryAppendNull,
// TryAppendBool, TryAppendTag), and the empty string where Strs, the
// sink's string ids of short strings under Page.In.Epoch (whose entry of
// no bytes is the empty string's), has it and the column takes it
// (pagebuild.Builder.TryCellSeenString).
//
// Numbers, if not nil, is where the Parser remembers the tagged values
// TaggedDecimal appended for short number texts, to append them again for
// the same text without reading it or calling the sink (NumberMemo), and
// those TaggedNumber appended for -0: a sink lends it only if what its
// TaggedDecimal and TaggedNumber append depends on the text alone.
type RowColumns struct {
	Memo     *pagebuild.KeyMemo
	Page     *pagebuild.Builder
	Col      **pagebuild.Column
	Unplaced *bool
	Taken    *int
	Prev     *[]*pagebuild.Column
	Numbers  *NumberMemo
	Strs     *pagebuild.KeyMemo
}

// frame is an array or object open in a tagged cell: its path hash (see
// keyCache), where its tag sits in the buffer, its values so far, where
// its text starts, the bytes of the key of its member being read, packed
// (arrayPath for an array), and whether it is an object.
type frame struct {
	h, key     uint64
	at, n, txt int
	obj        bool
}

// hashMul is the multiplier of the path hashes.
const hashMul = 0x9E3779B97F4A7C15

// arrayPath stands for the key of an array's elements in path hashes: no
// key's bytes (at most 8 of them, packed) are all ones.
const arrayPath = ^uint64(0)

// tagged parses the array or object at in[i] as one cell of a TaggedSink,
// with depth arrays and objects of the page's own structure around it,
// and returns the position after it, or -1 after an error. It is nested
// for a TaggedSink: the tagged values go straight into the sink's buffer.
//
// Go's calls keep no register across them, so everything live in a loop
// with calls in it is stored and loaded around each; the arrays and
// objects open are in p.frames (p.open of them; a push stores into a
// frame there, a pop counts one less, and neither stores the slice), read
// through f where they are needed, rather than in locals (which cost more
// spills than they save loads), and the common values (integers of up to 15
// digits, numbers the NumberMemo holds, keys met before, empty arrays and
// objects, literals) take no call at all.
func (p *Parser) tagged(i, depth int) int {
	in := p.in
	b, cell := p.ts.BeginTagged()
	p.keys.hold(*p.epoch)
	p.cellHash = uint64(cell+1) * hashMul
	p.limit = min(p.cellMax, maxNesting-depth)
	p.depth = depth
	p.open = 0
	var f *frame // the innermost array or object open, p.frames[p.open-1], or nil
	var c byte
	var k int // for fraction: a number's first bytes that pick its NumberMemo entry
	i, c = peek(in, i)
	// A cell whose text is an earlier cell's is copied (cellMemo), unless
	// taggedAgain looked for it just now.
	if p.looked {
		p.looked = false
	} else if p.memo.live && len(in)-i >= cellMemoMin {
		h := cellHashOf(in, i, cell, p.limit)
		if b2, j := p.memo.again(b, in, i, h, cell, p.limit, *p.epoch); j >= 0 {
			p.memo.hits++
			return p.endCopy(b2, len(b), j)
		}
		p.memo.miss()
	}
	p.memoAt, p.memoOut, p.memoCell, p.memoStr = i, len(b), cell, -1
	goto container

value:
	// A value of the innermost array or object starts at i.
	f.n++
	switch i, c = peek(in, i); {
	case c-'1' <= 8 && len(in)-i >= 16:
		// A positive integer, of up to 15 digits if not followed by a
		// fraction or exponent: from two loads, without a call.
		d := wordAt(in, i) - lsb*'0'
		n := leadingDigits(d)
		var v uint64
		if n < 8 {
			v = headDigits(d, n)
		} else {
			d2 := wordAt(in, i+8) - lsb*'0'
			n2 := leadingDigits(d2)
			if n2 == 8 {
				goto number
			}
			v = digits8(d)*uint64(pow10[n2]) + digits8(d2<<(64-8*n2))
			n += n2
		}
		if e := in[i+n]; e == '.' || e|0x20 == 'e' {
			k = n + 2
			goto fraction
		}
		i += n
		// TagInt and the varint of v's zigzag, v<<1, as
		// appendTaggedUvarint writes them, here for want of its
		// inlining.
		if u := v << 1; u < 1<<49 {
			n := bits.Len64(u)
			x := spreadGroups(u) | uvarintConts[n]
			b = appendWord(b, uint64(format.TagInt)|x<<8, int(uvarintBytes[n])+1)
		} else {
			b = appendTaggedBig(b, u)
		}
	case c == '"':
		p.memoStr = i // the sink counts it: see cellMemo
		var s []byte
		if s, i = p.str(i); i < 0 {
			return p.endTagged(b, i)
		}
		b = p.ts.TaggedString(b, s)
	case c == '{' || c == '[':
		// One whose text is an earlier array's or object's nested in a
		// cell of the column (cellMemo.rememberNested) is copied.
		if p.memo.nested != 0 {
			if b2, j := p.nestedAgain(b, i); j >= 0 {
				if p.nc != nil {
					p.nc.NestedCopy(len(b), p.memo.from, len(b2)-len(b))
				}
				b, i = b2, j
				goto after
			}
		}
		goto container
	case c == 'n':
		if !hasLiteral(in, i, 4, nullWord) {
			return p.endTagged(b, p.badLiteral(i, "null"))
		}
		i += 4
		b = append(b, format.TagNull)
	case c == 't':
		if !hasLiteral(in, i, 4, trueWord) {
			return p.endTagged(b, p.badLiteral(i, "true"))
		}
		i += 4
		b = append(b, format.TagTrue)
	case c == 'f':
		if !hasLiteral(in, i, 5, alseWord) {
			return p.endTagged(b, p.badLiteral(i, "false"))
		}
		i += 5
		b = append(b, format.TagFalse)
	case c == '0' && len(in)-i >= 2 && in[i+1] != '.' && in[i+1]|0x20 != 'e':
		i++
		b = append(b, format.TagInt, 0)
	case c == '0' && p.nums != nil:
		// "0." or "0e" (the case above took the other bytes after a 0).
		k = 3
		goto fraction
	case c == '-' && p.nums != nil && len(in)-i >= 32:
		// -0, or a negative number of up to seven digits before a point
		// or an exponent; others to taggedNumber.
		n := leadingDigits(wordAt(in, i+1) - lsb*'0')
		switch e := in[i+1+n]; {
		case n == 0 || n == 8:
			goto number
		case e == '.' || e|0x20 == 'e':
			k = n + 3
		case n == 1 && in[i+1] == '0':
			k = 2
		default:
			goto number
		}
		goto fraction
	case c == '-' || c-'0' <= 9:
		goto number
	default:
		return p.endTagged(b, p.endOr(i, "looking for beginning of value"))
	}

after:
	// After a value: the next one, or the end of the innermost array or
	// object and perhaps of others around it.
	switch i, c = peek(in, i); {
	case c == ',':
		if i++; f.obj {
			i, c = peek(in, i)
			goto key
		}
		goto value
	case c == ']' && !f.obj, c == '}' && f.obj:
		binary.LittleEndian.PutUint32(b[f.at+1:f.at+5], uint32(f.n))
		i++
		open := p.open - 1
		if p.open = open; open == 0 {
			if p.memoStr < 0 && i-p.memoAt >= cellMemoMin {
				p.memo.remember(b, in, p.memoAt, i, p.memoOut, p.memoCell, p.limit, *p.epoch)
			}
			return p.endRead(b, i)
		}
		if i-f.txt >= cellMemoNested && p.memoStr < f.txt && p.memo.live {
			p.memo.rememberNested(b, in, f.txt, i, f.at, p.memoCell, p.limit-open, *p.epoch)
		}
		f = &p.frames[open-1]
		goto after
	case f.obj:
		return p.endTagged(b, p.endOr(i, "after object key:value pair"))
	default:
		return p.endTagged(b, p.endOr(i, "after array element"))
	}

fraction:
	// A number at i whose integer part is followed by a point or an
	// exponent, k its first bytes through the byte after that (or -0, k
	// 2): the sink's NumberMemo entry for that start (numberEntry's), and its
	// tagged value if the entry holds the whole number's text, without a
	// call (about 35 instructions, where taggedNumber's lookup costs 170);
	// else taggedNumber reads it. The test is rememberedNumber's
	// (numbermemo.go), written out here because a shared one does not
	// inline: keep the two in step.
	if p.nums != nil && k <= numberHeadMax && len(in)-i >= 32 {
		e := p.nums.slot(numberHead(in, i, k))
		n := e.n
		m := &keyMasks[n]
		if (wordAt(in, i)^e.w[0])&m[0]|(wordAt(in, i+8)^e.w[1])&m[1]|(wordAt(in, i+16)^e.w[2])&m[2] == 0 &&
			n != 0 && !isNumberByte(in[i+n]) {
			b = slices.Grow(b, 16)
			l := len(b)
			putWordAt(b, l, e.out[0])
			putWordAt(b, l+8, e.out[1])
			b = b[:l+e.on]
			i += n
			goto after
		}
		// Read, and remembered in e, without a second lookup.
		if b, i = p.taggedNumber(b, i, e); i < 0 {
			return p.endTagged(b, i)
		}
		goto after
	}

number:
	// Any other number at i.
	if b, i = p.taggedNumber(b, i, nil); i < 0 {
		return p.endTagged(b, i)
	}
	goto after

container:
	// An array or object starts at i, whose byte is c.
	if p.open >= p.limit {
		return p.endTagged(b, p.tooDeep(i, p.depth+p.open+1))
	}
	{
		tag := byte(format.TagArray)
		if c == '{' {
			tag = format.TagObject
		}
		j, d := peek(in, i+1)
		if d == c+2 { // ']' is '['+2 and '}' is '{'+2
			b = append(b, tag, 0, 0, 0, 0)
			i = j + 1
			if f == nil {
				return p.endTagged(b, i)
			}
			goto after
		}
		h := p.cellHash
		if f != nil {
			h = (f.h ^ f.key) * hashMul
		}
		open := p.open
		if open == len(p.frames) {
			p.moreFrames()
		}
		f = &p.frames[open]
		p.open = open + 1
		f.h, f.key, f.at, f.n, f.txt, f.obj = h, arrayPath, len(b), 0, i, c == '{'
		b = append(b, tag, 0, 0, 0, 0)
		i, c = j, d
		if tag == format.TagArray {
			goto value
		}
	}

key:
	// The key of a member of the innermost object starts at i, whose byte
	// is c: from the key cache when the text there is the key met last at
	// this place of the cell's structure (after the same key of the same
	// object path), else from the sink.
	if c != '"' {
		return p.endTagged(b, p.endOr(i, "looking for beginning of object key string"))
	}
	if len(in)-i > keyBytes {
		e := &p.keys.entries[((f.h^f.key)*hashMul)>>(64-keyCacheBits)]
		m := &keyMasks[e.n]
		x := (wordAt(in, i+1)^e.w[0])&m[0] |
			(wordAt(in, i+9)^e.w[1])&m[1]
		if e.n > 16 { // the last two words' masks are zero up to 16 bytes
			x |= (wordAt(in, i+17)^e.w[2])&m[2] |
				(wordAt(in, i+25)^e.w[3])&m[3]
		}
		if x == 0 && e.gen == p.keys.gen {
			i += 1 + int(e.n)
			f.key = e.out
			withColon := e.colon != 0
			b = appendWord(b, e.out, int(e.outN))
			if withColon {
				goto value // the colon was in the comparison
			}
			goto colon
		}
		if x == 0 && e.n != 0 {
			// The key met here last, on an earlier page or before the
			// sink's ids changed: its bytes again from the sink.
			withColon := e.colon != 0
			b, i = p.keyAgain(b, i, f, e)
			if withColon {
				goto value // the colon was in the comparison
			}
			goto colon
		}
	}
	if b, i = p.keyMiss(b, i, f); i < 0 {
		return p.endTagged(b, i)
	}
colon:
	if i, c = peek(in, i); c != ':' {
		return p.endTagged(b, p.endOr(i, "after object key"))
	}
	i++
	goto value
}

// taggedAgain is tagged for the array or object cell at in[i] of a row
// whose keys so far came by place, while the memo is live: if the sink
// lends the column of the row's next key by place (RowColumns.Taken,
// Prev), the column is of tagged values already and the memo holds the
// cell's text, it appends the cell's tagged values to the column itself,
// as tagged and the sink's BeginTagged and EndCopy would, without their
// two interface calls (about seventy instructions a cell), and returns
// the position after the cell. Else it returns 0, having changed nothing,
// for tagged to read the cell, and sets p.looked after a look that
// missed, which tagged then does not make again.
func (p *Parser) taggedAgain(i int) int {
	in, t := p.in, p.taken
	if t == nil || len(in)-i < cellMemoMin {
		return 0
	}
	m := *t
	c := (*p.prevCols)[m]
	if !c.AnyKind() {
		return 0
	}
	limit := min(p.cellMax, maxNesting-2)
	h := cellHashOf(in, i, c.Name, limit)
	b := c.Tagged
	b2, j := p.memo.again(b, in, i, h, c.Name, limit, *p.epoch)
	if j < 0 {
		p.memo.miss()
		p.looked = true
		return 0
	}
	p.memo.hits++
	c.CopiedAny(b2, len(b), p.memo.from)
	*t = m + 1
	return j
}

// nestedAgain is cellMemo.again for the array or object at in[i] nested
// in the cell, where it may open p.limit-p.open more: b with its tagged
// values copied and the position after its text, or b and -1.
func (p *Parser) nestedAgain(b []byte, i int) ([]byte, int) {
	in, cell, rest := p.in, p.memoCell, p.limit-p.open
	if !p.memo.nestedAt(cell, rest) || len(in)-i < cellMemoMin {
		return b, -1
	}
	h := cellHashOf(in, i, cell, rest)
	return p.memo.again(b, in, i, h, cell, rest, *p.epoch)
}

// moreFrames doubles the frames of p.frames, at least 16, for tagged's
// stack, keeping those in use: the stack grows only here, so that a push
// is a store into a frame, with no append and no store of p.frames.
func (p *Parser) moreFrames() {
	fs := make([]frame, max(16, 2*len(p.frames)))
	copy(fs, p.frames)
	p.frames = fs
}

// keyMiss is tagged for the key at in[i] of the object f when the key
// cache does not know it: the key from the sink, remembered in the cache
// when it is printable ASCII of fewer than keyBytes bytes and the sink's
// bytes fit in a word.
func (p *Parser) keyMiss(b []byte, i int, f *frame) ([]byte, int) {
	in := p.in
	b0 := len(b)
	place := f.h ^ f.key
	if len(in)-i > keyBytes {
		var w [4]uint64
		for k := range w {
			w[k] = wordAt(in, i+1+8*k)
		}
		if kl := plainKey(&w); kl >= 0 {
			b = p.ts.TaggedKey(b, in[i+1:i+1+kl])
			f.key = packBytes(b[b0:min(len(b), b0+8)])
			if len(b)-b0 <= 8 {
				c := colonAfter(&w, kl)
				p.keys.put(place, &w, kl+1+c, c, f.key, len(b)-b0)
			}
			return b, i + 1 + kl + 1
		}
	}
	k, j := p.str(i)
	if j < 0 {
		return b, j
	}
	b = p.ts.TaggedKey(b, k)
	f.key = packBytes(b[b0:min(len(b), b0+8)])
	return b, j
}

// keyAgain is tagged for the key at in[i] of the object f when the key
// cache's entry e for its place holds its text but not the sink's bytes
// (written under another key epoch: the first time a page meets the place):
// the key from the sink, as keyMiss takes it, without scanning it again,
// and e made to hold the sink's new bytes. It returns the position after
// the key's closing quote, and after the colon when e holds it (colon 1),
// as the entry's hit in tagged does, without peek's look for it. The
// sink's bytes, up to 8, are one load from b's capacity, masked, where b
// has 8 bytes from them: about 10 instructions less than packBytes's
// loop, and about 10 less again for the colon, a key (callgrind,
// instruments-25: 24 such keys a page).
func (p *Parser) keyAgain(b []byte, i int, f *frame, e *keyEntry) ([]byte, int) {
	b0 := len(b)
	kl := int(e.n) - 1 - int(e.colon)
	b = p.ts.TaggedKey(b, p.in[i+1:i+1+kl])
	n := len(b) - b0
	if cap(b)-b0 >= 8 {
		f.key = wordAt(b[:cap(b)], b0)
		if n < 8 {
			f.key &= ^uint64(0) >> (64 - 8*n) // none when n is 0
		}
	} else {
		f.key = packBytes(b[b0:min(len(b), b0+8)])
	}
	if n <= 8 {
		e.out, e.outN, e.gen = f.key, uint8(n), p.keys.gen
	}
	return b, i + 1 + int(e.n)
}

// endTagged hands the buffer back to the sink and returns i: the position
// after the cell, or -1 after an error.
func (p *Parser) endTagged(b []byte, i int) int {
	p.ts.EndTagged(b)
	return i
}

// endRead is endTagged for a cell read to its end, which a PlainSink
// ends by EndPlain if the cell has no string.
func (p *Parser) endRead(b []byte, i int) int {
	if p.memoStr < 0 && p.pl != nil {
		p.pl.EndPlain(b)
		return i
	}
	p.ts.EndTagged(b)
	return i
}

// endCopy is endTagged for a cell the memo copied to b[at:] (from
// b[p.memo.from:]).
func (p *Parser) endCopy(b []byte, at, i int) int {
	p.ts.EndCopy(b, at, p.memo.from)
	return i
}

// packBytes returns up to 8 bytes as a little-endian word.
func packBytes(b []byte) uint64 {
	var w uint64
	for k := len(b) - 1; k >= 0; k-- {
		w = w<<8 | uint64(b[k])
	}
	return w
}

// appendWord appends the n low bytes of the little-endian word w, n at
// most 8: one store of the whole word past the end of b, which leaves
// the bytes past the n in b's spare capacity.
func appendWord(b []byte, w uint64, n int) []byte {
	b = slices.Grow(b, 8)
	l := len(b)
	putWordAt(b, l, w)
	return b[:l+n]
}

// taggedNumber parses the number at in[i] and appends its tagged value to
// b: an integer of up to 18 digits (other than -0) as format.TagInt and
// its zigzag varint, anything else through the sink. e, if not nil, is
// the number's NumberMemo entry, which tagged found not to hold it: the
// number is remembered there without another lookup.
func (p *Parser) taggedNumber(b []byte, i int, e *numberEntry) ([]byte, int) {
	in := p.in
	start := i
	// A number with a fraction or exponent that the sink's NumberMemo
	// holds, before its digits are read; else its entry, if it has one,
	// to remember the number in.
	if e == nil && p.nums != nil && len(in)-i >= 32 {
		var j int
		if b, j, e = p.numberEntry(b, i); j > 0 {
			return b, j
		}
	}
	neg := in[i] == '-'
	if neg {
		if i++; i >= len(in) {
			return b, p.eof()
		}
	}
	var v int64
	switch c := in[i]; {
	case c == '0':
		i++
	case c-'1' <= 8:
		i, v = p.digits(i)
	default:
		return b, p.syntax(i, "in numeric literal")
	}
	if i < len(in) && (in[i] == '.' || in[i]|0x20 == 'e') {
		// A fraction or exponent the memo lacks: read, given to the
		// sink and remembered.
		j, mant, nd, exp := p.decimal(start, i, neg, v)
		if j < 0 {
			return b, j
		}
		at := len(b)
		b = p.ts.TaggedDecimal(b, in[start:j], neg, mant, nd, exp)
		if e != nil {
			e.remember(in[start:j], b[at:])
		}
		return b, j
	}
	if i-start <= maxFastDigits && !(neg && v == 0) {
		if neg {
			v = -v
		}
		return appendTaggedInt(b, v), i
	}
	at := len(b)
	b = p.ts.TaggedNumber(b, in[start:i])
	if e != nil {
		// "-0" (numberEntry), or the "-0" that starts a malformed "-00…":
		// remembered under that text's slot, where it never matches (the
		// text's next byte is a digit), and the error comes at that byte.
		e.remember(in[start:i], b[at:])
	}
	return b, i
}

// digits reads the run of digits at in[i], whose first is 1 to 9, and
// returns the position after it and its value, which has overflowed past
// 18 digits: up to eight digits a load while the text has eight bytes
// left, for the first sixteen, then one at a time.
func (p *Parser) digits(i int) (int, int64) {
	in := p.in
	var v int64
	if len(in)-i >= 8 {
		d := wordAt(in, i) - lsb*'0'
		n := leadingDigits(d)
		if n < 8 {
			return i + n, int64(headDigits(d, n))
		}
		v = int64(digits8(d))
		if i += 8; len(in)-i >= 8 {
			d = wordAt(in, i) - lsb*'0'
			n = leadingDigits(d)
			if n < 8 {
				if n > 0 {
					v = v*pow10[n] + int64(headDigits(d, n))
				}
				return i + n, v
			}
			v = v*1e8 + int64(digits8(d))
			i += 8
		}
	} else {
		v = int64(in[i] - '0')
		i++
	}
	for i < len(in) && in[i]-'0' <= 9 {
		v = v*10 + int64(in[i]-'0')
		i++
	}
	return i, v
}

// pow10 are the powers of ten below 10^8.
var pow10 = [8]int64{1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7}

// appendTaggedInt appends v as format.TagInt and its zigzag varint, the
// bytes of pagebuild.AppendTaggedInt.
func appendTaggedInt(b []byte, v int64) []byte {
	return appendTaggedUvarint(b, uint64(v<<1)^uint64(v>>63))
}

// appendTaggedUvarint appends format.TagInt and the varint u: for the
// common value of up to 49 bits, one store of a word built without a
// loop or a branch.
func appendTaggedUvarint(b []byte, u uint64) []byte {
	if u >= 1<<49 {
		return appendTaggedBig(b, u)
	}
	// The seven-bit groups of u, one a byte, then the continuation bit
	// of every byte before the last.
	n := bits.Len64(u)
	x := spreadGroups(u) | uvarintConts[n]
	return appendWord(b, uint64(format.TagInt)|x<<8, int(uvarintBytes[n])+1)
}

// spreadGroups returns the seven-bit groups of u, which is below 1<<49,
// one a byte, low group first: the bytes of u's varint without their
// continuation bits. It halves the groups' spans three times (28 bits a
// half word, 14 a quarter, 7 a byte), three shifts and six masks where a
// shift and a mask a group cost seven of each.
func spreadGroups(u uint64) uint64 {
	x := u&(1<<28-1) | u<<4&((1<<28-1)<<32)
	x = x&0x00003FFF00003FFF | x<<2&0x3FFF00003FFF0000
	return x&0x007F007F007F007F | x<<1&0x7F007F007F007F00
}

// appendTaggedBig is appendTaggedUvarint for a value of 49 bits or more.
func appendTaggedBig(b []byte, u uint64) []byte {
	return format.AppendUvarint(append(b, format.TagInt), u)
}

// uvarintBytes is the length of the varint of a value of n bits.
var uvarintBytes = func() (t [65]uint8) {
	for n := range t {
		t[n] = uint8(max(1, (n+6)/7))
	}
	return t
}()

// uvarintConts are the continuation bits of the varint of a value of n
// bits, of up to 49: 0x80 in each of its uvarintBytes[n] bytes but the
// last. A load, where building them from the length cost about ten
// instructions an integer.
var uvarintConts = func() (t [65]uint64) {
	for n := range 50 {
		t[n] = (uint64(1)<<(8*(uvarintBytes[n]-1)) - 1) & (lsb * 0x80)
	}
	return t
}()
