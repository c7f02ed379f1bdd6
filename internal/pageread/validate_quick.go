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
// JSON, repeat). It walks nested arrays and objects without a call per
// value, keeping the elements left of each open one on a stack of
// quickStack levels: quickRun takes the common elements in a loop without
// a call, whose state stays in registers, and hands each other one (a
// float, a time, a long varint) to quickElem, which takes it with calls
// and goes back to the loop. Nesting deeper than the stack goes on in
// quickMembers, a call per value. Cost: about a fifth of value's
// instructions on the nested values of the generated sets.
func (v *validator) quickValue(b []byte, pos, d int) int {
	w := quickWalk{left: 1}
	room := v.l.depth - d // the levels of nesting left below d
	for {
		if pos = quickRun(b, pos, v.nstr, room, &w); w.left == 0 {
			return pos
		}
		if pos = v.quickElem(b, pos, d, room, &w); pos < 0 {
			return -1
		}
	}
}

// quickWalk is where quickValue is in a value: the containers it is in
// and the elements left of the innermost.
type quickWalk struct {
	stack [quickStack]uint64 // the enclosing containers' left<<1 | obj
	open  int                // containers entered: the element read next is at depth d+open
	left  uint64             // elements left of the innermost container (of the value itself at first)
	obj   bool               // the innermost container is an object: its elements have keys
}

// quickRun checks, from b[pos:], the elements of w's containers that it
// can take without a call, as quickValue's loop: nulls, booleans, strings
// and integers with varints of up to three (strings) or eight (integers)
// bytes, keys of one or two, and arrays and objects with a count of one
// byte that fit on the stack. It returns where it stopped: at the end of
// the value (w.left == 0), or at the start of an element, key included,
// that it leaves to quickElem (w.left > 0), a bad one among them. The
// loop makes no call, so that its state stays in registers (see timeRun).
func quickRun(b []byte, pos int, nstr uint64, room int, w *quickWalk) int {
	open, left, obj := w.open, w.left, w.obj
loop:
	for {
		for left == 0 {
			if open == 0 {
				break loop
			}
			open--
			left, obj = w.stack[open]>>1, w.stack[open]&1 != 0
		}
		p, rest := pos, left-1 // where the element ends, and what is left after it, once taken
		if obj {
			if uint(p) < uint(len(b)) && b[p] < 0x80 && uint64(b[p]) < nstr {
				p++ // a one-byte key index
			} else if uint(p+1) < uint(len(b)) && b[p] >= 0x80 && b[p+1]-1 < 0x7F && uint64(b[p]&0x7F)|uint64(b[p+1])<<7 < nstr {
				p += 2 // a two-byte one (a table past 128 strings)
			} else {
				break
			}
		}
		if uint(p) >= uint(len(b)) {
			break
		}
		tag := b[p]
		p++
		switch tag {
		case format.TagNull, format.TagFalse, format.TagTrue:
		case format.TagString:
			if uint(p) < uint(len(b)) && b[p] < 0x80 && uint64(b[p]) < nstr {
				p++
			} else if uint(p+1) < uint(len(b)) && b[p] >= 0x80 && b[p+1]-1 < 0x7F && uint64(b[p]&0x7F)|uint64(b[p+1])<<7 < nstr {
				p += 2
			} else if p+2 < len(b) && b[p]&b[p+1] >= 0x80 && b[p+2]-1 < 0x7F &&
				uint64(b[p]&0x7F)|uint64(b[p+1]&0x7F)<<7|uint64(b[p+2])<<14 < nstr {
				p += 3 // a table past 16,384 strings
			} else {
				break loop
			}
		case format.TagInt:
			if uint(p+1) < uint(len(b)) && (b[p] < 0x80 || b[p+1]-1 < 0x7F) {
				p += 1 + int(b[p]>>7) // one or two bytes
			} else if p+8 <= len(b) {
				// Up to eight (ids and sizes) from one load.
				_, m := checkedWordUvarint(binary.LittleEndian.Uint64(b[p:]))
				if m == 0 {
					break loop
				}
				p += m
			} else {
				break loop
			}
		case format.TagArray, format.TagObject:
			if uint(p) >= uint(len(b)) || b[p] >= 0x80 || open >= room || open == quickStack {
				break loop
			}
			cnt := uint64(b[p])
			p++
			if cnt > uint64(len(b)-p) {
				break loop
			}
			if cnt != 0 {
				o := uint64(0)
				if obj {
					o = 1
				}
				w.stack[open] = rest<<1 | o
				open++
				rest, obj = cnt, tag == format.TagObject
			}
		default:
			break loop
		}
		left, pos = rest, p
	}
	w.open, w.left, w.obj = open, left, obj
	return pos
}

// quickElem checks the element at b[pos:] that quickRun left to it, key
// included, as quickValue's loop does with calls (quickStrIndex,
// quickUvarint, quickFloat, quickTime, quickMembers), entering it into w
// when it is a non-empty array or object, and returns where it ends, or -1
// when it is bad or is left to value.
func (v *validator) quickElem(b []byte, pos, d, room int, w *quickWalk) int {
	w.left--
	if w.obj {
		if pos = v.quickStrIndex(b, pos); pos < 0 {
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
		return pos
	case format.TagString:
		return v.quickStrIndex(b, pos)
	case format.TagInt:
		return quickSkipUvarint(b, pos)
	case format.TagFloat:
		return quickFloat(b, pos)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		return quickTime(b, pos, tag)
	case format.TagArray, format.TagObject:
		if w.open >= room {
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
		if cnt == 0 {
			return pos
		}
		if w.open == quickStack { // deeper than the stack: a call per value
			return v.quickMembers(b, pos, d+w.open, cnt, tag == format.TagObject)
		}
		o := uint64(0)
		if w.obj {
			o = 1
		}
		w.stack[w.open] = w.left<<1 | o
		w.open++
		w.left, w.obj = cnt, tag == format.TagObject
		return pos
	}
	return -1
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
