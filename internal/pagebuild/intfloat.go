package pagebuild

import "github.com/rowpage/rowpage/format"

// Columns of integers and floats (SPEC.md 5.2, since 1.4). JSON text that
// writes some values of a column as 12 and others as 12.5, and SQL NUMERIC
// columns (int64 for whole values, float64 for others), give a column that
// holds both kinds, which the builder keeps as an any column. At write time
// such a column becomes EncIntFloat: per value a number cell, the float
// cell the any column holds or IntFloatSelector and the integer's sv, with
// the nulls in a bitmap. It is a byte shorter per float than the tagged
// value, and renders without the tagged-value path.

// intFloatColumn reports whether the tagged values of an any column (as
// the builder holds them: TagFloat for every float, or TagFloatInt for an
// integral one that Column.AppendFloatInt added) are all null, TagInt,
// TagFloat or TagFloatInt, with at least one integer and one float, and
// how many are null. It stops at the first other tag.
func intFloatColumn(buf []byte) (nulls int, ok bool) {
	ints, flts := false, false
	for pos := 0; pos < len(buf); {
		switch buf[pos] {
		case format.TagNull:
			nulls++
			pos++
		case format.TagInt:
			ints = true
			pos += format.SkipValue(buf[pos:])
		case format.TagFloat, format.TagFloatInt:
			flts = true
			pos += format.SkipValue(buf[pos:])
		default:
			return 0, false
		}
	}
	return nulls, ints && flts
}

// writeIntFloat writes an any column that intFloatColumn accepted as
// EncIntFloat: the null bitmap if any cell is null, then each value's
// number cell, which is its tagged value with the tag dropped (a float) or
// replaced by IntFloatSelector (an integer), so no value is re-encoded but
// an integral float held as TagFloatInt, whose float cell is written here.
func (b *Builder) writeIntFloat(dst []byte, c *Column, nulls int) []byte {
	buf := c.Tagged
	if nulls > 0 {
		dst = appendNullBitmap(dst, buf, c.count, format.SkipValue)
	}
	for pos := 0; pos < len(buf); {
		tag := buf[pos]
		if tag == format.TagNull {
			pos++
			continue
		}
		n := format.SkipValue(buf[pos:])
		switch tag {
		case format.TagInt:
			dst = append(append(dst, format.IntFloatSelector), buf[pos+1:pos+n]...)
		case format.TagFloatInt:
			v, _ := format.ConsumeVarint(buf[pos+1:])
			dst, _ = format.AppendFloatCell(dst, float64(v), 64) // within ±FloatIntMax: cannot fail
		default:
			dst = append(dst, buf[pos+1:pos+n]...)
		}
		pos += n
	}
	return dst
}
