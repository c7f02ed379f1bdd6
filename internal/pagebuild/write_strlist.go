package pagebuild

import (
	"github.com/rowpage/rowpage/format"
)

// strList reports whether every cell of c, an any column, is null or an
// array of strings, and how many are null: at once when its producer
// counted every cell as an array of strings (StrLists), else by a scan.
func (c *Column) strList() (nulls int, ok bool) {
	if c.StrLists == c.count {
		return 0, true
	}
	return strListColumn(c.Tagged)
}

// strListColumn reports whether every cell of an any column is null or an
// array of strings (the string-list encoding), and how many are null.
func strListColumn(buf []byte) (nulls int, ok bool) {
	pos := 0
	for pos < len(buf) {
		switch buf[pos] {
		case format.TagNull:
			nulls++
			pos++
		case format.TagArray:
			cnt := containerCount(buf[pos+1:])
			pos += 1 + containerCountSize
			for i := uint64(0); i < cnt; i++ {
				if buf[pos] != format.TagString {
					return 0, false
				}
				_, n := consumeID(buf[pos+1:])
				pos += 1 + n
			}
		default:
			return 0, false
		}
	}
	return nulls, true
}

func bitmapBit(nulls int) byte {
	if nulls > 0 {
		return format.EncNullBitmap
	}
	return 0
}

// appendNullBitmap appends the null bitmap (SPEC.md 5.1) of the count
// cells whose tagged values are buf: a bit per cell, set for a TagNull.
// size returns the length of the non-null value at the start of its
// argument.
func appendNullBitmap(dst, buf []byte, count int, size func([]byte) int) []byte {
	start := len(dst)
	dst = append(dst, make([]byte, (count+7)/8)...)
	for i, pos := 0, 0; pos < len(buf); i++ {
		if buf[pos] == format.TagNull {
			dst[start+i>>3] |= 1 << (i & 7)
			pos++
			continue
		}
		pos += size(buf[pos:])
	}
	return dst
}

// strListLen returns the length of the array of string ids at the start of
// b, as the builder holds it (a fixed-size count, then tagged ids).
func strListLen(b []byte) int {
	pos := 1 + containerCountSize
	for j := containerCount(b[1:]); j > 0; j-- {
		_, n := consumeID(b[pos+1:])
		pos += 1 + n
	}
	return pos
}

// writeStrList writes a string-list column: the null bitmap if any cell is
// null, then each array as a count and its string indexes. An id and an
// index of one byte each, as most are, are copied in the loop.
func (b *Builder) writeStrList(dst []byte, c *Column, nulls int) []byte {
	buf, remap := c.Tagged, b.remap
	if nulls > 0 {
		dst = appendNullBitmap(dst, buf, c.count, strListLen)
	}
	pos := 0
	for pos < len(buf) {
		if buf[pos] == format.TagNull {
			pos++
			continue
		}
		cnt := containerCount(buf[pos+1:])
		pos += 1 + containerCountSize
		dst = format.AppendUvarint(dst, cnt)
		for j := uint64(0); j < cnt; j++ {
			var id uint32
			id, pos = readID(buf, pos+1)
			dst = AppendID(dst, remap[id])
		}
	}
	return dst
}

// remapTagged indexes its stack with depth&(remapDepth-1), which holds
// only if remapDepth is a power of two: this fails to compile otherwise.
var _ [0]struct{} = [remapDepth & (remapDepth - 1)]struct{}{}
