package pagebuild

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
)

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
// how many are null. It stops at the first other tag. Cost: a few
// instructions a value (numberLen, without a call).
func intFloatColumn(buf []byte) (nulls int, ok bool) {
	ints, flts := false, false
	for pos := 0; pos < len(buf); {
		switch buf[pos] {
		case format.TagNull:
			nulls++
			pos++
		case format.TagInt:
			ints = true
			pos += numberLen(buf, pos)
		case format.TagFloat, format.TagFloatInt:
			flts = true
			pos += numberLen(buf, pos)
		default:
			return 0, false
		}
	}
	return nulls, ints && flts
}

// numberLen returns the length of the tagged value at buf[pos], which is
// TagInt, TagFloatInt or TagFloat (as the builder holds it, so valid):
// format.SkipValue's answer for those tags, without its call and switch.
// Inlines.
func numberLen(buf []byte, pos int) int {
	v := pos + 1
	if buf[pos] == format.TagFloat {
		if buf[v] == format.FloatRawSelector {
			return 1 + format.FloatRawSize
		}
		v++
	}
	for buf[v] >= 0x80 {
		v++
	}
	return v + 1 - pos
}

// intFloatLen is numberLen of the value b starts with, or 1 for a null:
// the size function of appendNullBitmap for a column intFloatColumn
// accepted.
func intFloatLen(b []byte) int {
	if b[0] == format.TagNull {
		return 1
	}
	return numberLen(b, 0)
}

// Masks of the continuation bits of the bytes of a little-endian word:
// those of its seven low bytes, and of bytes 1 to 7 (past a selector).
const (
	varintEnds7 = 0x0080808080808080
	cellEnds    = 0x8080808080808000
)

// writeIntFloat writes an any column that intFloatColumn accepted as
// EncIntFloat: the null bitmap if any cell is null, then each value's
// number cell, which is its tagged value with the tag dropped (a float) or
// replaced by IntFloatSelector (an integer), so no value is re-encoded but
// an integral float held as TagFloatInt, whose float cell is written here.
//
// An integer of up to seven varint bytes and a decimal float cell of up
// to eight bytes (a mantissa below 2^49) are moved as one 8-byte word,
// loaded from the tagged values and stored past the end of dst, whose
// length then grows by the cell's; the end of the cell is the first byte
// of the word without a continuation bit. That is about 20 instructions a
// value, where finding its length with format.SkipValue and appending it
// cost about 130. The word store needs 8 bytes of capacity, which the
// column's tagged values bound (no cell is longer than its tagged value,
// and an integral float's cell is no longer than its integer's sv); the
// other values, and the last ones, within a word of the end of the tagged
// values, are appended one by one (appendIntFloat).
func (b *Builder) writeIntFloat(dst []byte, c *Column, nulls int) []byte {
	buf := c.Tagged
	if nulls > 0 {
		dst = appendNullBitmap(dst, buf, c.count, intFloatLen)
	}
	dst = slices.Grow(dst, len(buf)+8)
	pos := 0
	for len(buf)-pos >= 9 && cap(dst)-len(dst) >= 8 {
		tag := buf[pos]
		w := binary.LittleEndian.Uint64(buf[pos+1:])
		o := len(dst)
		if tag == format.TagInt {
			if ends := ^w & varintEnds7; ends != 0 {
				binary.LittleEndian.PutUint64(dst[o:o+8], w<<8|format.IntFloatSelector)
				n := bits.TrailingZeros64(ends)>>3 + 1 // the varint's bytes
				dst = dst[:o+1+n]
				pos += 1 + n
				continue
			}
		} else if tag == format.TagFloat && byte(w) != format.FloatRawSelector {
			if ends := ^w & cellEnds; ends != 0 {
				binary.LittleEndian.PutUint64(dst[o:o+8], w)
				n := bits.TrailingZeros64(ends)>>3 + 1 // the cell's bytes
				dst = dst[:o+n]
				pos += 1 + n
				continue
			}
		} else if tag == format.TagNull {
			pos++
			continue
		}
		dst, pos = appendIntFloat(dst, buf, pos)
	}
	for pos < len(buf) {
		dst, pos = appendIntFloat(dst, buf, pos)
	}
	return dst
}

// appendIntFloat appends the number cell of the tagged value at buf[pos]
// (null, TagInt, TagFloat or TagFloatInt) to dst, nothing for a null, and
// returns the position after the value.
func appendIntFloat(dst, buf []byte, pos int) ([]byte, int) {
	tag := buf[pos]
	if tag == format.TagNull {
		return dst, pos + 1
	}
	n := numberLen(buf, pos)
	switch tag {
	case format.TagInt:
		dst = append(append(dst, format.IntFloatSelector), buf[pos+1:pos+n]...)
	case format.TagFloatInt:
		v, _ := format.ConsumeVarint(buf[pos+1:])
		dst, _ = format.AppendFloatCell(dst, float64(v), 64) // within ±FloatIntMax: cannot fail
	default:
		dst = append(dst, buf[pos+1:pos+n]...)
	}
	return dst, pos + n
}
