package pageread

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// A quick pass over the tagged values of any columns, which Parse checks
// for every page with nested values: the validator's value reads each
// varint through the reader's sticky-error methods, one call per varint;
// quickValue checks the common tags (null, booleans, integers, floats,
// strings, times, arrays and objects) in a loop over local state, and
// gives up (-1) on anything else or on the first fault. value then checks
// the cell again from its start, so every error, and every rarer tag, is
// still found and reported by value alone, exactly as before.

// quickValue checks the tagged value at b[pos:] at nesting depth d as
// value does and returns where it ends, or -1 when it is bad or holds a
// tag quickValue leaves to value (uint, integral float, bytes, number, raw
// JSON, repeat). Cost: about a third of value's instructions on the nested
// values of the generated sets.
func (v *validator) quickValue(b []byte, pos, d int) int {
	if pos >= len(b) {
		return -1
	}
	tag := b[pos]
	pos++
	switch tag {
	case format.TagNull, format.TagFalse, format.TagTrue:
		return pos
	case format.TagString:
		if pos < len(b) && b[pos] < 0x80 && uint64(b[pos]) < v.nstr {
			return pos + 1 // a one-byte index, read inline
		}
		return v.quickStrIndex(b, pos)
	case format.TagInt:
		if pos < len(b) && b[pos] < 0x80 {
			return pos + 1
		}
		return quickSkipUvarint(b, pos)
	case format.TagFloat:
		return quickFloat(b, pos)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		return quickTime(b, pos, tag)
	case format.TagArray, format.TagObject:
		return v.quickElems(b, pos, d, tag == format.TagObject)
	}
	return -1
}

// quickElems is quickValue for an array or object whose tag it has read:
// the element count, checked against the bytes left, and each element
// (after its key's string index, for an object) at depth d+1.
func (v *validator) quickElems(b []byte, pos, d int, obj bool) int {
	if d >= v.l.depth {
		return -1
	}
	cnt, n := quickUvarint(b, pos)
	if n < 0 {
		return -1
	}
	pos += n
	if cnt > uint64(len(b)-pos) {
		return -1
	}
	for range int(cnt) {
		if obj {
			if pos < len(b) && b[pos] < 0x80 && uint64(b[pos]) < v.nstr {
				pos++ // a one-byte key index, read inline
			} else if pos = v.quickStrIndex(b, pos); pos < 0 {
				return -1
			}
		}
		if pos = v.quickValue(b, pos, d+1); pos < 0 {
			return -1
		}
	}
	return pos
}

// quickUvarint reads a canonical uvarint at b[pos:]: its value and length,
// or a negative length when it is malformed or cut short. One- and two-byte
// varints take no further call.
func quickUvarint(b []byte, pos int) (uint64, int) {
	if pos+1 < len(b) {
		x, y := b[pos], b[pos+1]
		if x < 0x80 {
			return uint64(x), 1
		}
		if y < 0x80 && y != 0 {
			return uint64(x&0x7F) | uint64(y)<<7, 2
		}
	}
	return consumeUvarintAt(b, pos)
}

// consumeUvarintAt is format.ConsumeUvarint(b[pos:]) for the validators,
// pos <= len(b), with the same values and error codes: quickUvarint's
// path for longer varints and the end of b, and the fallback of the
// column checks' inline one- and two-byte reads. With eight bytes left, a
// varint of up to eight is checked and decoded from one load, as
// ConsumeUvarint does after its own call and tests: the end from the
// continuation bits, a zero last byte (not minimal) rejected, the groups
// joined with shifts.
//
//go:noinline
func consumeUvarintAt(b []byte, pos int) (uint64, int) {
	if pos >= len(b) {
		return 0, format.ErrCodeTruncated
	}
	if pos+8 <= len(b) {
		w := jsonwire.Load64(b, pos)
		if stop := ^w & jsonwire.SWARHi; stop != 0 {
			n := bits.TrailingZeros64(stop)>>3 + 1
			if n > 1 && w>>(8*(n-1))&0xFF == 0 {
				return 0, format.ErrCodeNonMinimal
			}
			w &= ^uint64(0) >> (64 - 8*n) // n = 8 keeps all
			return gather7(w), n
		}
	}
	return format.ConsumeUvarint(b[pos:])
}

// quickSkipUvarint returns the position after the canonical uvarint at
// b[pos:], or -1.
func quickSkipUvarint(b []byte, pos int) int {
	_, n := quickUvarint(b, pos)
	if n < 0 {
		return -1
	}
	return pos + n
}

// quickStrIndex returns the position after the string index at b[pos:],
// or -1 when it is malformed or past the string table. It is quickUvarint
// written out, saving a call per key and string.
func (v *validator) quickStrIndex(b []byte, pos int) int {
	var i uint64
	n := 0
	if pos+1 < len(b) {
		x, y := b[pos], b[pos+1]
		if x < 0x80 {
			i, n = uint64(x), 1
		} else if y < 0x80 && y != 0 {
			i, n = uint64(x&0x7F)|uint64(y)<<7, 2
		}
	}
	if n == 0 {
		i, n = consumeUvarintAt(b, pos)
	}
	if n < 0 || i >= v.nstr {
		return -1
	}
	return pos + n
}

// quickFloat returns the position after the float cell at b[pos:], checked
// as validator.floats checks it, or -1. The rare cell that floats reads
// without a mantissa varint is left to it.
func quickFloat(b []byte, pos int) int {
	if pos >= len(b) {
		return -1
	}
	s := b[pos]
	if s == format.FloatRawSelector {
		if len(b)-pos < format.FloatRawSize || !format.ValidFloatCell(s, binary.LittleEndian.Uint64(b[pos+1:])) {
			return -1
		}
		return pos + format.FloatRawSize
	}
	if s&0x7F == 0x7F {
		return -1
	}
	m, k := quickUvarint(b, pos+1)
	if k < 0 || !format.ValidFloatCell(s, m) {
		return -1
	}
	return pos + 1 + k
}

// quickTime returns the position after the time value of tag at b[pos:]
// (seconds, fraction, offset), checked as value checks it, or -1.
func quickTime(b []byte, pos int, tag byte) int {
	s, n := quickUvarint(b, pos)
	if n < 0 {
		return -1
	}
	pos += n
	frac, n := quickUvarint(b, pos)
	if n < 0 {
		return -1
	}
	pos += n
	off, n := quickUvarint(b, pos)
	if n < 0 || !taggedTimeValid(tag, format.DecodeZigZag(s), frac, format.DecodeZigZag(off)) {
		return -1
	}
	return pos + n
}
