package pageread

import (
	"encoding/binary"

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
// JSON, repeat). It walks nested arrays and objects in one loop, keeping
// the elements left of each open one on a stack of quickStack levels
// rather than in a call per value; nesting deeper than that goes on in
// quickMembers, a call per value. Cost: about a fifth of value's
// instructions on the nested values of the generated sets.
func (v *validator) quickValue(b []byte, pos, d int) int {
	var stack [quickStack]uint64 // the enclosing containers' left<<1 | obj
	open := 0                    // containers entered: the value read next is at depth d+open
	left, obj := uint64(1), false
	nstr, room := v.nstr, v.l.depth-d // room: the levels of nesting left below d
	for {
		for left == 0 {
			if open == 0 {
				return pos
			}
			open--
			left, obj = stack[open]>>1, stack[open]&1 != 0
		}
		left--
		if obj {
			if pos < len(b) && b[pos] < 0x80 && uint64(b[pos]) < nstr {
				pos++ // a one-byte key index, read inline
			} else if pos+1 < len(b) && b[pos] >= 0x80 && b[pos+1]-1 < 0x7F && uint64(b[pos]&0x7F)|uint64(b[pos+1])<<7 < nstr {
				pos += 2 // a two-byte one (a table past 128 strings), also inline
			} else if pos = v.quickStrIndex(b, pos); pos < 0 {
				return -1
			}
		}
		if pos >= len(b) {
			return -1
		}
		tag := b[pos]
		pos++
		switch tag {
		case format.TagNull, format.TagFalse, format.TagTrue:
		case format.TagString:
			if pos < len(b) && b[pos] < 0x80 && uint64(b[pos]) < nstr {
				pos++ // a one-byte index, read inline
			} else if pos+1 < len(b) && b[pos] >= 0x80 && b[pos+1]-1 < 0x7F && uint64(b[pos]&0x7F)|uint64(b[pos+1])<<7 < nstr {
				pos += 2 // two bytes, as for keys
			} else if pos+2 < len(b) && b[pos]&b[pos+1] >= 0x80 && b[pos+2]-1 < 0x7F &&
				uint64(b[pos]&0x7F)|uint64(b[pos+1]&0x7F)<<7|uint64(b[pos+2])<<14 < nstr {
				pos += 3 // three (a table past 16,384 strings): quickStrIndex cost ~90
			} else if pos = v.quickStrIndex(b, pos); pos < 0 {
				return -1
			}
		case format.TagInt: // one- and two-byte varints read inline
			if pos+1 < len(b) && (b[pos] < 0x80 || b[pos+1]-1 < 0x7F) {
				pos += 1 + int(b[pos]>>7)
			} else if pos+8 <= len(b) {
				// Up to eight bytes skipped from one load, without a
				// call: ids and sizes. A longer or non-minimal one is
				// left to value.
				_, m := checkedWordUvarint(binary.LittleEndian.Uint64(b[pos:]))
				if m == 0 {
					return -1
				}
				pos += m
			} else if pos = quickSkipUvarint(b, pos); pos < 0 {
				return -1
			}
		case format.TagFloat:
			if pos = quickFloat(b, pos); pos < 0 {
				return -1
			}
		case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
			if pos = quickTime(b, pos, tag); pos < 0 {
				return -1
			}
		case format.TagArray, format.TagObject:
			if open >= room {
				return -1
			}
			var cnt uint64
			if pos < len(b) && b[pos] < 0x80 { // a one-byte count read inline
				cnt = uint64(b[pos])
				pos++
			} else {
				var n int
				if cnt, n = quickUvarint(b, pos); n < 0 {
					return -1
				}
				pos += n
			}
			if cnt > uint64(len(b)-pos) {
				return -1
			}
			if cnt == 0 {
				break
			}
			if open == quickStack { // deeper than the stack: a call per value
				if pos = v.quickMembers(b, pos, d+open, cnt, tag == format.TagObject); pos < 0 {
					return -1
				}
				break
			}
			o := uint64(0)
			if obj {
				o = 1
			}
			stack[open] = left<<1 | o
			open++
			left, obj = cnt, tag == format.TagObject
		default:
			return -1
		}
	}
}

// quickStack is how many levels of open arrays and objects quickValue
// keeps on its stack: the cells of the generated and real sets nest a
// few levels deep.
const quickStack = 16

// quickMembers checks the cnt elements (members, when obj is set) at
// b[pos:] of an array or object at depth d, as quickValue does, with a
// call per element: quickValue's path for nesting deeper than its stack.
func (v *validator) quickMembers(b []byte, pos, d int, cnt uint64, obj bool) int {
	for range cnt {
		if obj {
			if pos = v.quickStrIndex(b, pos); pos < 0 {
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
// canonical varint of up to eight is read from one load
// (checkedWordUvarint), as ConsumeUvarint does after its own call and
// tests; anything else, a fault included, is ConsumeUvarint's, which
// gives its error code.
//
//go:noinline
func consumeUvarintAt(b []byte, pos int) (uint64, int) {
	if pos >= len(b) {
		return 0, format.ErrCodeTruncated
	}
	if pos+8 <= len(b) {
		if v, n := checkedWordUvarint(jsonwire.Load64(b, pos)); n != 0 {
			return v, n
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
		if pos+8 > len(b) {
			i, n = consumeUvarintAt(b, pos)
		} else {
			// Three bytes or more (a table past 16,384 strings) from one
			// load, without consumeUvarintAt's call; a longer or
			// non-minimal index fails here as there.
			if i, n = checkedWordUvarint(binary.LittleEndian.Uint64(b[pos:])); n == 0 {
				return -1
			}
		}
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
