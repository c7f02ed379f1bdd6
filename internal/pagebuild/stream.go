package pagebuild

import (
	"slices"

	"github.com/rowpage/rowpage/format"
)

// Stream is what a producer in another package of this module (SQL
// ingestion, and the JSON bridge's AppendPage) needs of the root package's Builder beyond its public
// methods: the page the Builder writes, so that the producer can write
// cells of known kinds straight into their columns, and the few steps of
// the Builder's state machine that such a producer takes on its behalf.
// Every value the producer does not write itself goes through the
// Builder's public methods, which keep checking it and reporting errors.
type Stream interface {
	// Page returns the page the Builder writes.
	Page() *Builder
	// KeyIndex is Key for the column ci from Page().ColumnIndex: it opens
	// the column for the current row, failing with ErrDuplicateKey if the
	// row has it already.
	KeyIndex(ci int32)
	// SetColumn makes c, which the producer opened with Page().Use, the
	// column of the Builder's next value, as Key would.
	SetColumn(c *Column)
	// CheckedNumber is Number for text the producer has checked is a
	// JSON number (format.ValidNumber), as the JSON tokenizer does while
	// it reads it: it skips checking it again.
	CheckedNumber(text string)
	// Float32 adds v, a float32 widened to float64, as json.Marshal writes
	// a float32.
	Float32(v float64)
	// EndSameRow is EndRow for a row whose cells the producer wrote
	// straight into the previous row's columns, in the same order: the
	// row gets the previous row's shape without building its own.
	EndSameRow()
	// SameRows is EndSameRow for n rows at once, none of them begun with
	// BeginRow: rows whose cells the producer wrote straight into the
	// previous row's columns, in the same order, without the Builder's
	// row state. The Builder must be outside a row, as after EndRow.
	SameRows(n int)
	// Release drops the references the Builder holds to the caller's
	// values and clears its error, for a Builder going back to a pool
	// after a result that may have ended before Finish.
	Release()
}

// StreamOf returns the Stream of b, a *rowpage.Builder. The root package
// sets it when it is initialised; a package that imports the root may
// call it from then on. It is a variable because this package cannot
// import the root, which imports it.
var StreamOf func(b any) Stream

// RepeatRows is RepeatRow n times: n more rows of the last row's shape.
// Cost: one growth check and a fill of n shape ids.
func (b *Builder) RepeatRows(n int) {
	rs := slices.Grow(b.RowShape, n)
	end := len(rs) + n
	fill := rs[len(rs):end]
	for i := range fill {
		fill[i] = b.Last
	}
	b.RowShape = rs[:end]
	b.Rows += n
}

// TryAppendInt is AppendInt for the common integer cell, one that is not
// negative in a column of integers without a null so far and with room
// for it, and reports whether v was such; if not, nothing changed and
// AppendInt takes it. Small enough to be inlined in a producer's cell
// method, where AppendInt costs a call per cell; with no call of its own
// (the column's growth is AppendInt's), so that the producer's path for
// the cell keeps its values in registers, not stored around a call.
func (c *Column) TryAppendInt(v int64) bool {
	ints := c.ints
	n := len(ints)
	if c.Kind != kindInt || c.nulls != 0 || v < 0 || n >= cap(ints) {
		return false
	}
	// n < cap(ints): the reslices and the store need no bounds checks,
	// and the first stores only the length.
	c.ints = c.ints[:n+1]
	ints[:n+1][n] = v
	c.count++
	return true
}

// TryAppendNull is AppendNull for the common null cell of a column that
// is not of tagged values, one that has had a null before (its bitmap
// made) with room in the bitmap, and reports whether the column was such;
// if not, nothing changed and AppendNull takes it (the first null, the
// bitmap's growth, and a column of tagged values, which has no null in its
// bitmap: see TryAppendTag). Small enough to be inlined in a producer's
// cell loop, where AppendNull and markBitmap cost two calls a null.
func (c *Column) TryAppendNull() bool {
	i, bits := c.count, c.bits
	k := i >> 3
	if c.nulls == 0 || k >= cap(bits) {
		return false
	}
	// The bitmap's bits past cell i are zeros, but a byte it gains here
	// (i a multiple of 8) is an earlier page's: the mask keeps only the
	// bits below i's, which clears it.
	c.bits = c.bits[:k+1]
	m := byte(1) << (i & 7)
	bits = bits[:k+1]
	bits[k] = bits[k]&(m-1) | m
	c.count = i + 1
	c.nulls++
	return true
}

// TryAppendTag is AppendNull or AppendBool for a cell of a column of
// tagged values with room for it, tag its value (format.TagNull,
// TagTrue or TagFalse), and reports whether the column was such; if not,
// nothing changed. Small enough to be inlined beside TryAppendNull.
func (c *Column) TryAppendTag(tag byte) bool {
	t := c.Tagged
	n := len(t)
	if c.Kind != kindAny || n >= cap(t) {
		return false
	}
	c.Tagged = c.Tagged[:n+1]
	t[:n+1][n] = tag
	c.count++
	return true
}

// AnyKind reports whether c is a column of tagged values already, one
// whose BeginAny is an increment of its count. Inlines.
func (c *Column) AnyKind() bool { return c.Kind == kindAny }

// CopiedAny ends an array or object cell of a column of tagged values
// (AnyKind) that its producer wrote at b[at:] by copying the earlier cell
// at b[from:], b being c.Tagged with the cell appended: BeginAny,
// Tagged and Copies as a producer's BeginAny and EndCopy leave them,
// without their calls.
func (c *Column) CopiedAny(b []byte, at, from int) {
	c.count++
	c.Tagged = b
	c.Copies = append(c.Copies, uint32(at), uint32(from))
}

// TryAppendBool is AppendBool for the common bool cell, one in a column
// of bools without a null so far and with room for it, and reports
// whether the column was such; if not, nothing changed and AppendBool
// takes it. Small enough to be inlined, as TryAppendInt.
func (c *Column) TryAppendBool(v bool) bool {
	ints := c.ints
	n := len(ints)
	if c.Kind != kindBool || c.nulls != 0 || n >= cap(ints) {
		return false
	}
	x := int64(0)
	if v {
		x = 1
	}
	c.ints = c.ints[:n+1]
	ints[:n+1][n] = x
	c.count++
	return true
}

// TryAppendAnyInt is AppendInt for an integer cell from 0 to 8191 in a
// column that holds tagged values (one that has held more than one kind,
// such as integers and floats, where a discount of 0 or a price of 14
// sits beside 0.15 and 9.8): it appends the tagged integer, its tag and a
// varint of one or two bytes, as AppendInt does, without AppendInt's call
// and kind checks, and reports whether v and the column were such; if
// not, nothing changed. Small enough to be inlined beside TryAppendInt.
func (c *Column) TryAppendAnyInt(v int64) bool {
	if c.Kind != kindAny || uint64(v) >= 1<<13 {
		return false
	}
	c.count++
	if u := uint64(v) << 1; u < 0x80 { // the zigzag varint of v
		c.Tagged = append(c.Tagged, format.TagInt, byte(u))
	} else {
		c.Tagged = append(c.Tagged, format.TagInt, byte(u)|0x80, byte(u>>7))
	}
	return true
}

// TryAppendStr is AppendStr for the common string cell, one in a column
// of strings without a null so far, and reports whether the column was
// such; if not, nothing changed and AppendStr takes the id. Small enough
// to be inlined in a producer's cell loop, where AppendStr costs a call.
func (c *Column) TryAppendStr(id uint32) bool {
	if c.Kind != KindStr || c.nulls != 0 {
		return false
	}
	c.count++
	c.strs = append(c.strs, id)
	return true
}
