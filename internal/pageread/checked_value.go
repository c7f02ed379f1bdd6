package pageread

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TakeValueJSON renders the current cell of an EncAny cursor (a tagged
// value, 5.5) as JSON and moves past it, checking it as the validator
// would while it reads: tags, canonical varints, string indexes, float and
// time cells, blob lengths against the bytes left and MaxStringBytes,
// number and raw JSON text, element counts and the nesting depth. A bad
// value marks the cursor bad (see Layout.CheckDeferred); what was written
// is then garbage, to be discarded. So the cells of an any column are read
// once on a hit, not once to validate and once to render.
//
// Once len(dst) passes stop it stops, marking the cursor bad: the render
// has failed its budget, and the caller reports that (after the validator,
// whose error comes first).
//
// An array or object cell is recorded with the span of dst it rendered to,
// for a repeat of it (TagRepeat, SPEC.md 5.5), which copies that span:
// one entry of a pooled table per such cell, stored in place. A repeat
// raises the budget the caller registered with SetJSONStop (see
// takeRepeatJSON).
func (l *Layout) TakeValueJSON(dst []byte, c *Cursor, escapeHTML bool, stop int) []byte {
	c.i++
	return l.valueJSON(dst, c, escapeHTML, stop, 1)
}

// SetJSONStop registers the budget of the render that calls TakeValueJSON:
// the length of its output past which it fails, which the render checks
// after each cell. A repeat raises *p when the budget is derived from the
// page's size (SPEC.md 8). The layout keeps p until the next call.
func (l *Layout) SetJSONStop(p *int) { l.jsonStop = p }

// SetDateCache gives TakeValueJSON the dates of the render that calls it,
// for the time values of any columns, as TakeTimeJSON takes a time
// column's: a date the cache holds is copied rather than computed (about
// 40 instructions a value). The layout keeps c until the next call of
// Forget; nil computes every date.
func (l *Layout) SetDateCache(c *jsonwire.DateCache) { l.dates = c }

// rendCell is an array or object cell of an any column that TakeValueJSON
// rendered: its payload offset and length, and the JSON it wrote: dst[s:e]
// while gen is the layout's rendGen (FlushedJSON has not been called
// since), then [s:e] of the buffer flushed as gen while it is kept
// (FlushRing), or Layout.kept[s:e] once kept is set (keepRendered).
type rendCell struct {
	off, n uint32
	s, e   int
	gen    uint32
	kept   bool
}

// recordFirst appends to column c's rendered cells the cell at payload
// offset p, of n bytes, rendered to dst[s:e], growing the tables as
// needed and noting a column's first cell in rendUsed: valueJSON's way
// for a column's first cell and a full table (it stores the others in
// place).
//
//go:noinline
func (l *Layout) recordFirst(c, p, n, s, e int) {
	x := rendCell{off: uint32(p), n: uint32(n), s: s, e: e, gen: l.rendGen}
	if c >= len(l.rend) {
		l.rend = append(l.rend, make([][]rendCell, c+1-len(l.rend))...)
	}
	if len(l.rend[c]) == 0 {
		l.rendUsed = append(l.rendUsed, int32(c))
		if c >= len(l.rendOld) {
			l.rendOld = append(l.rendOld, make([]int, c+1-len(l.rendOld))...)
		}
		l.rendOld[c] = 0
	}
	l.rend[c] = append(l.rend[c], x)
}

// resetRendered forgets the cells TakeValueJSON recorded, keeping their
// tables for the next page. Cost: one step per column that had any.
func (l *Layout) resetRendered() {
	for _, c := range l.rendUsed {
		l.rend[c] = l.rend[c][:0]
	}
	l.rendUsed = l.rendUsed[:0]
	l.rendExp = 0
	l.kept = l.kept[:0]
}

// FlushRing is how many flushed buffers a render may keep for repeats to
// copy from (FlushedJSON).
const FlushRing = 4

// FlushedJSON tells the layout that the buffer TakeValueJSON appends to
// was written out and that the render goes on in another one. written is
// that buffer when the caller leaves it unchanged until FlushRing-1
// further flushes have passed, so that a repeat of a cell whose JSON is
// in it copies it from there; nil when the buffer is reused at once, and
// repeats of its cells render them again (and keep that JSON, see
// keepRendered).
//
// The buffer flushed FlushRing-1 flushes before written, which the caller
// may reuse once this returns, leaves the ring: on a page that may hold
// repeats, the cells rendered to it are first kept, up to keptEager
// bytes (keepFlushed).
func (l *Layout) FlushedJSON(written []byte) {
	if g := l.rendGen + 1 - FlushRing; l.rendGen+1 >= FlushRing && l.Minor >= format.MinorRepeat {
		l.keepFlushed(g)
	}
	l.flushed[l.rendGen%FlushRing] = written
	l.rendGen++
}

// keptEager bounds the bytes of Layout.kept that keepFlushed fills: the
// rest is left to keepRendered, for cells rendered again.
const keptEager = keptMax / 2

// keepFlushed copies into l.kept the JSON of the cells rendered to the
// buffer flushed as generation g, which is leaving the ring, while
// l.kept holds less than keptEager bytes, so that a repeat of one of them
// further on copies it rather than render the cell again (the
// instructions of a cell of nested objects, against a copy). Each
// column's cells are walked once a page, from where the last call left
// off (l.rendOld). Cost: a few instructions a cell, and the copy.
func (l *Layout) keepFlushed(g uint32) {
	b := l.flushed[g%FlushRing]
	for _, c := range l.rendUsed {
		cells, i := l.rend[c], l.rendOld[c]
		for ; i < len(cells) && cells[i].gen <= g; i++ {
			x := &cells[i]
			if x.kept || x.gen != g || x.e > len(b) || len(l.kept)+x.e-x.s > keptEager {
				continue
			}
			s, e := x.s, x.e
			x.s = len(l.kept)
			l.kept = append(l.kept, b[s:e]...)
			x.e, x.kept = len(l.kept), true
		}
		l.rendOld[c] = i
	}
}

// RenderedCells reports whether TakeValueJSON has recorded an array or
// object cell since the page was read: whether a repeat could copy from a
// buffer FlushedJSON is given.
func (l *Layout) RenderedCells() bool { return len(l.rendUsed) > 0 }

// keptMax bounds Layout.kept, the JSON of repeated cells kept across
// flushes: 256 KiB a pooled layout may hold on to, so that WriteJSON's
// chunks stay the only buffer its output needs beyond that.
const keptMax = 256 << 10

// keepRendered copies js, the JSON of cell x just rendered again because
// its first rendering was flushed, into l.kept, so that further repeats of
// x copy it instead of rendering it a third time; past keptMax it does
// nothing, and they render it again. Cost: one copy of js.
func (l *Layout) keepRendered(x *rendCell, js []byte) {
	if len(l.kept)+len(js) > keptMax {
		return
	}
	x.s = len(l.kept)
	l.kept = append(l.kept, js...)
	x.e, x.kept = len(l.kept), true
}

// takeRepeatJSON renders a repeat cell of an EncAny cursor, whose tag has
// been read, checking it as the validator would: it must
// name an earlier array or object cell of the column, and the cells the
// page's repeats name must fit, with the page, in MaxPageBytes. When the
// JSON of the cell it names is still in dst, in a buffer flushed and kept
// (FlushedJSON), or was kept when a flush took it out of dst
// (keepRendered), it is copied (one append); otherwise the cell is
// rendered again from the page. The render's budget
// (SetJSONStop) is raised by JSONBytesPerByte per byte of the cell
// repeated when it is derived from the page's size and the column's cells
// were not validated (a validated column's repeats are counted in
// JSONBudget already), so that a repeat costs the budget what the cell it
// repeats would if the page held it twice (SPEC.md 8).
func (l *Layout) takeRepeatJSON(dst []byte, c *Cursor, escapeHTML bool, stop int) []byte {
	at := c.pos - 1
	// The offset is read in line when it has one or two bytes (a cell
	// less than 16 KiB back, the commonest), as string indexes are.
	off, w := uv12(c.data, c.pos)
	c.pos += w
	if w == 0 {
		off = c.cuvSlow()
	}
	if c.bad {
		return dst
	}
	var cells []rendCell
	if c.col < len(l.rend) {
		cells = l.rend[c.col]
	}
	k, found := findRendered(cells, off)
	deferred := l.Columns[c.col].deferred
	var n int
	switch {
	case found:
		n = int(cells[k].n)
	case !deferred && off < uint64(at):
		n = format.SkipValue(c.data[off:]) // validated, but not rendered: a row or column skipped
	default:
		c.fail()
		return dst
	}
	if deferred {
		l.rendExp += n
		if l.rendExp > l.maxPage-l.plainLen() {
			c.fail()
			return dst
		}
		if l.jsonLim == 0 && stop < math.MaxInt-format.JSONBytesPerByte*n {
			stop += format.JSONBytesPerByte * n
			if l.jsonStop != nil {
				*l.jsonStop = stop
			}
		}
	}
	if found {
		switch x := &cells[k]; {
		case x.kept:
			return append(dst, l.kept[x.s:x.e]...)
		case x.gen == l.rendGen:
			return append(dst, dst[x.s:x.e]...)
		case l.rendGen-x.gen < FlushRing:
			if b := l.flushed[x.gen%FlushRing]; x.e <= len(b) {
				return append(dst, b[x.s:x.e]...)
			}
		}
	}
	// Rendered again, not recorded again: the cell is in the table (or
	// was skipped), and the table stays in payload order. A cell in the
	// table is kept for its next repeats.
	sub := *c
	sub.pos = int(off) + 1
	s := len(dst)
	dst = l.containerJSON(dst, &sub, c.data[off], escapeHTML, stop, 1)
	switch {
	case sub.bad:
		c.fail()
	case found:
		l.keepRendered(&cells[k], dst[s:])
	}
	return dst
}

// findRendered returns the index of the cell at payload offset off among
// cells, which are in payload order. It is findCell's loop over another
// element type: one generic function over both (a method for the offset,
// or slices.BinarySearchFunc) cost 3% to 9% more instructions per hit on
// pages with many repeats (instruments, events).
func findRendered(cells []rendCell, off uint64) (int, bool) {
	lo, hi := 0, len(cells)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if uint64(cells[m].off) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(cells) && uint64(cells[lo].off) == off
}

// valueJSON renders one checked tagged value at nesting depth d. It is
// called for every cell of an any column and every member of its arrays
// and objects, so each of its cases but one ends in a call whose result
// it returns, and uses none of its arguments after a call: the compiler
// then saves most of them on the stack in that one case (an object or
// array cell) rather than on entry (two stores before the switch, not the
// seven of when more cases went on after a call; those are now
// valueSlowJSON's).
func (l *Layout) valueJSON(dst []byte, c *Cursor, escapeHTML bool, stop, d int) []byte {
	if c.pos >= len(c.data) {
		c.fail()
		return dst
	}
	p := c.pos
	tag := c.data[p]
	c.pos++
	switch tag {
	case format.TagString: // an index of one or two bytes read in line
		v, n := uv12(c.data, p+1)
		if n == 0 || v > c.max {
			return l.valueSlowJSON(dst, c, tag, escapeHTML)
		}
		c.pos += n
		return l.appendStringEscaped(dst, c.esc, int(v), escapeHTML)
	case format.TagInt, format.TagFloatInt: // one call, as a member's
		if p+9 <= len(c.data) {
			return c.memberIntJSON(dst, word8(c.data, p+1), p, tag)
		}
		return c.memberIntSlow(dst, p, tag)
	case format.TagNull, format.TagFalse, format.TagTrue:
		// With eight bytes of room, one store and no call (append's
		// growing path would be one the switch saves arguments for).
		if n := len(dst); cap(dst)-n >= 8 {
			w, k := literalWord(tag)
			binary.LittleEndian.PutUint64(dst[n:n+8], w)
			return dst[:n+k]
		}
	case format.TagFloat:
		return c.floatJSON(dst)
	case format.TagRepeat:
		if d == 1 {
			return l.takeRepeatJSON(dst, c, escapeHTML, stop)
		}
	case format.TagObject, format.TagArray:
		if d == 1 {
			// A cell: recorded, with the JSON it rendered to, for
			// repeats of it. The only case that goes on after a call,
			// so the compiler saves the arguments in it alone.
			s := len(dst)
			dst = l.containerJSON(dst, c, tag, escapeHTML, stop, 1)
			if c.bad {
				return dst
			}
			// Recorded: in place when the column has a cell already
			// and room for one more, the fields stored straight into
			// the table (building the cell and appending it took about
			// 20 instructions more), else by recordFirst.
			if k := c.col; uint(k) < uint(len(l.rend)) {
				if r := &l.rend[k]; len(*r) != 0 && len(*r) < cap(*r) {
					n := len(*r)
					x := &(*r)[:cap(*r)][n] // (n below cap: no bounds check)
					*r = (*r)[:n+1]
					x.off, x.n, x.s, x.e, x.gen, x.kept = uint32(p), uint32(c.pos-p), s, len(dst), l.rendGen, false
					return dst
				}
			}
			l.recordFirst(c.col, p, c.pos-p, s, len(dst))
			return dst
		}
		return l.containerJSON(dst, c, tag, escapeHTML, stop, d)
	case format.TagBytes, format.TagNumber, format.TagRaw:
		return l.blobJSON(dst, c, tag, escapeHTML, d)
	}
	return l.valueSlowJSON(dst, c, tag, escapeHTML)
}

// literalWord returns the JSON literal of TagNull, TagFalse or TagTrue as
// the little-endian bytes of a word, and its length.
func literalWord(tag byte) (uint64, int) {
	switch tag {
	case format.TagNull:
		return jsonwire.NullWord, 4
	case format.TagFalse:
		return jsonwire.FalseWord, 5
	}
	return jsonwire.TrueWord, 4
}

// valueSlowJSON renders the values valueJSON leaves to it, whose tag it
// has read: strings whose index is not one or two bytes or is past the
// table, the literals without eight bytes of room, uints, times, repeats
// below the cell and unknown tags. A call more for these (about fifteen
// instructions) buys the stores valueJSON's other cases no longer make.
func (l *Layout) valueSlowJSON(dst []byte, c *Cursor, tag byte, escapeHTML bool) []byte {
	switch tag {
	case format.TagString:
		v := c.cuv()
		if v > c.max {
			c.fail()
			return dst
		}
		return l.appendStringEscaped(dst, c.esc, int(v), escapeHTML)
	case format.TagNull:
		return append(dst, "null"...)
	case format.TagFalse:
		return append(dst, "false"...)
	case format.TagTrue:
		return append(dst, "true"...)
	case format.TagUint:
		v := c.cuv()
		if v <= math.MaxInt64 {
			c.fail()
			return dst
		}
		return jsonwire.AppendUint(dst, v)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		// As a time column's cell (TakeTimeJSON): the fields go to
		// PutTimeCellJSON apart, which makes the range checks of
		// taggedTimeValid, with the render's dates (SetDateCache). Left
		// here are a text time's: an offset in whole minutes, zero for
		// TagTextTimePlus.
		local := format.DecodeZigZag(c.cuv())
		frac := c.cuv()
		off := format.DecodeZigZag(c.cuv())
		if c.bad || tag == format.TagTextTime && off%60 != 0 || tag == format.TagTextTimePlus && off != 0 {
			c.fail()
			return dst
		}
		dst, ok := jsonwire.AppendTimeCellJSON(dst, local, frac, off, tag == format.TagTextTimePlus, l.dates)
		if !ok {
			c.fail()
		}
		return dst
	}
	c.fail() // a repeat below a cell, or an unknown tag: the validator tells unsupported from corrupt
	return dst
}

// blobJSON renders a checked byte string, number text or raw JSON value
// whose tag has been read.
func (l *Layout) blobJSON(dst []byte, c *Cursor, tag byte, escapeHTML bool, d int) []byte {
	n := c.cuv()
	if c.bad || n > uint64(len(c.data)-c.pos) || n > uint64(l.maxStr) {
		c.fail()
		return dst
	}
	data := c.data[c.pos : c.pos+int(n)]
	c.pos += int(n)
	switch tag {
	case format.TagBytes:
		dst = append(dst, '"')
		dst = base64.StdEncoding.AppendEncode(dst, data)
		return append(dst, '"')
	case format.TagNumber:
		if !format.ValidNumber(data) {
			c.fail()
			return dst
		}
		return append(dst, data...)
	}
	// Depth first: json.Valid gives up past 10,000 levels.
	depth, compact := jsonwire.JSONDepth(data)
	if !compact || depth > l.depth-d || !json.Valid(data) {
		c.fail()
		return dst
	}
	return jsonwire.AppendRawJSON(dst, data, escapeHTML)
}
