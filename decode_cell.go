package rowpage

import (
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// The typed reads shared by Row (a column's cell) and Elems (an element of
// an array or object cell). Each takes the cell, or nil when it is absent,
// and reports false for a cell that does not hold the type. None of them
// allocates; strings and byte slices they return alias the page.

func cellInt(x *pageread.Cell) (int64, bool) {
	if x == nil || x.Tag != format.TagInt {
		return 0, false
	}
	return x.Int, true
}

func cellUint(x *pageread.Cell) (uint64, bool) {
	switch {
	case x == nil:
	case x.Tag == format.TagUint:
		return x.Uint, true
	case x.Tag == format.TagInt && x.Int >= 0:
		return uint64(x.Int), true
	}
	return 0, false
}

func cellFloat(x *pageread.Cell) (float64, bool) {
	switch {
	case x == nil:
	case x.Tag == format.TagFloat:
		return x.Float.Float64(), true
	case x.Tag == format.TagInt:
		return float64(x.Int), true
	case x.Tag == format.TagUint:
		return float64(x.Uint), true
	}
	return 0, false
}

func cellBool(x *pageread.Cell) (v, ok bool) {
	if x == nil || (x.Tag != format.TagTrue && x.Tag != format.TagFalse) {
		return false, false
	}
	return x.Tag == format.TagTrue, true
}

// isTextTime reports whether tag is that of a string held as a time
// (SPEC.md 5.4, text times): it reads back as its RFC 3339 text.
func isTextTime(tag uint8) bool {
	return tag == format.TagTextTime || tag == format.TagTextTimePlus
}

// Tag sets, as bit masks by tag, for the checks that let an accessor that
// fails return without calling its cell helper (see isTimeTag).
const (
	numberTags = 1<<format.TagInt | 1<<format.TagUint | 1<<format.TagFloat
	timeTags   = 1<<format.TagTime | 1<<format.TagTextTime | 1<<format.TagTextTimePlus
)

// tagIn reports whether tag, a format tag (at most format.TagMax, as Open
// checks) or tagAbsent, is in set, a mask by tag: one shift and test,
// which inlines where three comparisons would not. The shift takes the tag
// modulo 64, which spares the test Go makes of a shift of 64 bits or more
// (three instructions at each accessor that probes a type); tagAbsent
// (0xFF) then lands on bit 63, which no set holds, so it is in none.
func tagIn(set uint64, tag uint8) bool { return set>>(tag&63)&1 != 0 }

// isNumberTag reports whether a cell of tag reads as a float (cellFloat).
func isNumberTag(tag uint8) bool { return tagIn(numberTags, tag) }

// isTimeTag reports whether a cell of tag reads as a time (cellTime).
func isTimeTag(tag uint8) bool { return tagIn(timeTags, tag) }

func cellBytes(l *pageread.Layout, x *pageread.Cell) ([]byte, bool) {
	switch {
	case x == nil:
	case x.Tag == format.TagBytes:
		return x.Data, true
	case x.Tag == format.TagString:
		return l.Strings.Bytes(int(x.Str)), true
	}
	return nil, false
}

func cellTime(x *pageread.Cell) (time.Time, bool) {
	switch {
	case x == nil:
	case x.Tag == format.TagTime:
		return timeOf(x.Time), true
	case isTextTime(x.Tag):
		return jsonTime(x.Time), true // as time.Time.UnmarshalText reads the text
	}
	return time.Time{}, false
}

func cellNumber(x *pageread.Cell) ([]byte, bool) {
	if x == nil || x.Tag != format.TagNumber {
		return nil, false
	}
	return x.Data, true
}

// appendCellStrings appends the strings of x, an array of strings, to dst
// without copying them. It reads the elements straight from the encoded
// array: each is a TagString byte and the uvarint of a string-table index
// (Parse validated both). It returns dst unchanged and false if x is not
// such an array.
func appendCellStrings(dst []string, l *pageread.Layout, x *pageread.Cell) ([]string, bool) {
	if x == nil || x.Tag != format.TagArray {
		return dst, false
	}
	n0 := len(dst)
	b := x.Data
	if x.Flat { // a string-list cell: bare string indexes
		for range x.Len {
			i, n := uint64(b[0]), 1
			if i >= 0x80 {
				i, n = format.ConsumeUvarint(b)
			}
			dst = append(dst, l.Strings.String(int(i)))
			b = b[n:]
		}
		return dst, true
	}
	for range x.Len {
		if len(b) >= 2 && isTextTime(b[0]) {
			var c pageread.Cell
			n := pageread.ReadValue(b, &c)
			dst = append(dst, string(jsonwire.AppendTimestampText(nil, c.Time)))
			b = b[n:]
			continue
		}
		if len(b) < 2 || b[0] != format.TagString {
			return dst[:n0], false
		}
		i, n := uint64(b[1]), 1
		if i >= 0x80 {
			i, n = format.ConsumeUvarint(b[1:])
		}
		dst = append(dst, l.Strings.String(int(i)))
		b = b[1+n:]
	}
	return dst, true
}
