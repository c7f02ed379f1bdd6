package pagebuild

import (
	"bytes"
	"math"

	"github.com/rowpage/rowpage/format"
)

// CanAgain reports whether AppendAgain can add c's last cell again: c
// has a cell, and its kind keeps each cell whole at the end of its
// storage (nulls, bools, integers, strings of a column that is not
// deferring, times, text times), or it holds tagged values, whose last
// cell the caller knows the start of. Floats, byte strings and number
// text (cells of varying length in Blob) are refused, as is a column
// whose producer counts string lists (StrLists). Inlines: a few loads
// and tests.
func (c *Column) CanAgain() bool {
	return c.count > 0 && againKinds>>c.Kind&1 != 0 && !c.def.deferred && c.StrLists == 0
}

// IntKind reports whether c holds bools or integers, whose cells
// AppendAgain always repeats (CanAgain, for a column with a cell). Inlines.
func (c *Column) IntKind() bool { return c.Kind-kindBool <= kindInt-kindBool }

// againKinds has a bit for each kind AppendAgain repeats. (Deferral is
// used by string columns alone, StrLists by columns of tagged values.)
const againKinds = 1<<kindNone | 1<<kindBool | 1<<kindInt | 1<<kindTime | 1<<kindTextTime | 1<<KindStr | 1<<kindAny

// TryAgain is AppendAgain for the common cell, a bool or integer in a
// column of them without a null so far, with room for it: it adds the
// last value again and reports true; otherwise it changes nothing and
// reports false. Inlines, where AppendAgain costs a call a cell.
func (c *Column) TryAgain() bool {
	ints := c.ints
	n := len(ints)
	if c.Kind-kindBool > kindInt-kindBool || c.nulls != 0 || n == 0 || n >= cap(ints) {
		return false
	}
	c.ints = ints[:n+1]
	ints[:n+1][n] = ints[n-1]
	c.count++
	return true
}

// AgainPlain adds the last cell of each column of cols again, from the
// first, while the column holds bools, integers, strings (not deferring)
// or nulls alone and takes the cell as TryAgain, TryAgainString or
// TryAgainNull would; it returns how many it added, len(cols) when it
// added them all, else the place of the first column it left: one of
// tagged values or times, or one those would refuse (the caller then
// checks CanAgain and calls AppendAgain). One switch on the kind a cell,
// where a caller's chain of those tries cost the ones that fail before
// the one that takes it (about twenty instructions for a string or null).
func (b *Builder) AgainPlain(cols []*Column) int {
	for k, c := range cols {
		switch c.Kind {
		case kindBool, kindInt:
			if !c.TryAgain() {
				return k
			}
		case KindStr:
			if c.def.deferred || !b.TryAgainString(c) {
				return k
			}
		case kindNone:
			if !c.TryAgainNull() {
				return k
			}
		default:
			return k
		}
	}
	return len(cols)
}

// TryAgainString is AppendAgain for a string cell of a column of strings
// without a null so far (so its last cell is a string), with room for
// it: it adds the last string id again, counted once more, with the
// column's run of new strings ended, and reports true; otherwise it
// changes nothing and reports false. The caller must have checked
// CanAgain (the column is not deferring). Inlines, where AppendAgain
// costs a call, a test of the null bitmap and a switch on the kind.
func (b *Builder) TryAgainString(c *Column) bool {
	strs := c.strs
	k := len(strs)
	if c.Kind != KindStr || c.nulls != 0 || k == 0 || k >= cap(strs) {
		return false
	}
	id := strs[k-1]
	b.In.meta[id].count++
	c.strs = strs[:k+1]
	strs[:k+1][k] = id
	c.def.fresh = 0
	c.count++
	return true
}

// TryAgainNull is AppendAgain for a column of nulls alone (kindNone, so
// its last cell is a null and its bitmap is made) with room in its
// bitmap: it adds a null, as TryAppendNull does, and reports true;
// otherwise it changes nothing and reports false. Inlines.
func (c *Column) TryAgainNull() bool {
	i, bits := c.count, c.bits
	k := i >> 3
	if c.Kind != kindNone || c.nulls == 0 || k >= cap(bits) {
		return false
	}
	bits = bits[:k+1]
	m := byte(1) << (i & 7)
	bits[k] = bits[k]&(m-1) | m // see TryAppendNull
	c.bits, c.count = bits, i+1
	c.nulls++
	return true
}

// TryAgainTag is AppendAgain for the one-byte cell of a column of tagged
// values that starts at at, the last cell (a null, true or false: every
// other tagged value is longer), with room for it: it adds the byte
// again and reports true; otherwise it changes nothing and reports
// false. Such a cell holds no string and is no array or object, so it
// is neither counted nor listed as a copy. Inlines.
func (c *Column) TryAgainTag(at int) bool {
	t := c.Tagged
	n := len(t)
	if c.Kind != kindAny || at != n-1 || n >= cap(t) {
		return false
	}
	c.Tagged = t[:n+1]
	t[:n+1][n] = t[at]
	c.count++
	return true
}

// AppendAgain adds c's last cell again, as the producer adding the same
// cell (the same value, the same text) would: a null to the bitmap, the
// same bool, integer or time, the same string id counted once more with
// the column's run of new strings ended (as Intern finding it and
// Deferral.Interned would), or the same tagged bytes Tagged[at:] with
// each string in them counted once more (seenStrings). plain says that
// the caller knows the tagged cell to hold no string, which spares the
// scan for one. An array or object cell without strings is listed in
// Copies as a copy of the last one, as a producer that copies one does
// (CopiedAny), so that Finish writes it as it wrote that one (as a copy
// of the cell that one copies, if it is a copy: copySource). The caller
// must have checked CanAgain, and for tagged values that at is the
// start of the last cell; the page is then the same as if the
// cell had been added again. Cost: an append, and for tagged values a
// copy of the cell and, unless plain, a scan for the string tag (and a
// walk of its values where a byte has it, as a count of six members
// does).
func (b *Builder) AppendAgain(c *Column, at int, plain bool) {
	if c.Kind == kindAny {
		cell := c.Tagged[at:]
		if !plain {
			plain = bytes.IndexByte(cell, format.TagString) < 0 || seenNone(b.seenStrings(cell))
		}
		to := len(c.Tagged)
		c.Tagged = append(c.Tagged, cell...)
		c.count++
		if plain && (cell[0] == format.TagArray || cell[0] == format.TagObject) && uint64(to) <= math.MaxUint32 {
			c.Copies = append(c.Copies, uint32(to), copySource(c.Copies, at))
		}
		return
	}
	if c.isNull(c.count - 1) {
		c.markBitmap(true)
		return
	}
	switch c.Kind {
	case kindBool, kindInt:
		c.ints = append(c.ints, c.ints[len(c.ints)-1])
	case KindStr:
		id := c.strs[len(c.strs)-1]
		b.In.Seen(id)
		c.strs = append(c.strs, id)
		c.def.Interned(false)
	case kindTime, kindTextTime:
		c.times = append(c.times, c.times[len(c.times)-1])
	}
	c.Mark(false)
}

// copySource returns the cell a copy of the cell at at names in copies
// (a column's Copies): the cell that one copies, where the last copy
// listed is it, else at itself. A run of repeated cells so names one
// cell, the first, which Finish then finds without a search
// (repeatTable.copied remembers the cell the last copy named), where
// each naming the one before it cost a binary search of the cells
// written. Both hold the same bytes, written alike. Inlines: a compare.
func copySource(copies []uint32, at int) uint32 {
	if n := len(copies); n >= 2 && int(copies[n-2]) == at {
		return copies[n-1]
	}
	return uint32(at)
}

// seenStrings counts once more each string id of the tagged value v
// starts with (a column's cell, with provisional ids, as the Builder holds
// it: arrays and objects with their fixed four-byte counts, see
// AppendContainer) and of the arrays and objects in it, not the keys,
// whose counts do not change the page; it returns the value's length and
// how many strings it counted. Cost: a pass over the value's elements.
func (b *Builder) seenStrings(v []byte) (n, seen int) {
	switch tag := v[0]; tag {
	case format.TagString:
		id, k := consumeID(v[1:])
		b.In.Seen(uint32(id))
		return 1 + k, 1
	case format.TagArray, format.TagObject:
		pos := 1 + containerCountSize
		for range containerCount(v[1:]) {
			if tag == format.TagObject { // the member's key first
				_, k := consumeID(v[pos:])
				pos += k
			}
			k, s := b.seenStrings(v[pos:])
			pos += k
			seen += s
		}
		return pos, seen
	}
	return format.SkipValue(v), 0
}

// seenNone reports whether seenStrings counted no string.
func seenNone(_, seen int) bool { return seen == 0 }
