package pagebuild

import (
	"math"

	"github.com/rowpage/rowpage/format"
)

// Float columns of whole numbers. Maps that json.Unmarshal fills hold a
// float64 for every number, so most of their number columns (ids, counts,
// sizes) hold integral floats, which the page writes as EncFloatInt (see
// floatint.go). Writing each as a float cell, then reading the cells back at
// Finish to find that they are all integers, cost about 170 instructions a
// cell (the shortest-digits path, stripping the zeros, the cell, and
// floatInts); a column keeps them as integers instead, in c.ints, for as
// long as every float it gets is one (c.intFloats). The first float that
// is not, and every path that reads or extends c.Blob, writes the float
// cells of the integers kept so far first (flushFloatInts): the bytes that
// writing each as it came would have given, since a float's cell depends
// on its value alone. So the page does not change.

// FloatInt returns f as an integer if f is integral, within ±FloatIntMax
// and not -0: a float whose cell floatInt reads back as that integer, which
// AppendFloatInt may keep as one.
func FloatInt(f float64) (int64, bool) {
	v := int64(f) // for NaN or a value out of range, a number float64(v) does not equal
	if float64(v) != f || v > format.FloatIntMax || v < -format.FloatIntMax || v == 0 && math.Signbit(f) {
		return 0, false
	}
	return v, true
}

// AppendFloatInt adds the float64 float64(v), where v came from FloatInt,
// as a cell of c: kept as the integer while the column's floats all are
// integers; in an any column, as the TagFloatInt value Finish would make
// of its float cell (as AppendNestedFloatInt does; an id or value column
// whose type changes between rows holds many), which skips the
// shortest-digits path when it is added and the cell's check at Finish;
// else as AppendFloat adds it.
func (c *Column) AppendFloatInt(v int64) {
	switch c.Kind {
	case kindNone:
		c.Kind, c.intFloats = KindFloat, true
	case kindAny:
		c.Tagged = format.AppendVarint(append(c.Tagged, format.TagFloatInt), v)
		c.floatIntTags = true
		c.count++
		return
	}
	if c.intFloats {
		c.ints = append(c.ints, v)
		c.Mark(false)
		c.BlobN++
		return
	}
	_ = c.AppendFloat(float64(v), 64) // finite: cannot fail
}

// IntFloats reports whether c keeps its float cells as integers (see
// AppendFloatInt): a caller that appends to c.Blob itself must call
// FlushFloatInts first.
func (c *Column) IntFloats() bool { return c.intFloats }

// FlushFloatInts writes the float cells of the integers c keeps, if it
// keeps them, so that c.Blob holds every float cell of the column; c then
// keeps none.
func (c *Column) FlushFloatInts() {
	if !c.intFloats {
		return
	}
	c.intFloats = false
	for _, v := range c.ints {
		c.Blob, _ = format.AppendFloatCell(c.Blob, float64(v), 64)
	}
	c.ints = c.ints[:0]
}

// AppendNestedFloatInt adds the float64 float64(v), where v came from
// FloatInt, inside the array or object being written into c.Tagged, as the
// TagFloatInt value Finish would make of its float cell (appendTagged), so
// that Finish copies it instead: the same bytes, without the cell written
// and read back.
func (c *Column) AppendNestedFloatInt(v int64) {
	c.Tagged = format.AppendVarint(append(c.Tagged, format.TagFloatInt), v)
	c.floatIntTags = true
}
