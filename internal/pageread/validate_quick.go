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
// JSON, repeat). It walks nested arrays and objects without a call per
// value, keeping the elements left of each open one on a stack of
// quickStack levels: quickRun takes the common elements in a loop without
// a call, whose state stays in registers, and hands each other one (a
// float, a time, a long varint, one of the last eight bytes of b) to
// quickElem, which takes it with calls and goes back to the loop. Nesting
// deeper than the stack goes on in quickMembers, a call per value.
// anyColumn walks a column's cells with the same loop (see quickWalk's
// column).
func (v *validator) quickValue(b []byte, pos, d int) int {
	w := quickWalk{left: 1}
	lims := newStrLims(v.nstr)
	for {
		if pos = quickRun(b, pos, lims, min(v.l.depth-d, quickStack), &w); w.left == 0 {
			return pos
		}
		if pos = v.quickElem(b, pos, d, v.l.depth-d, &w); pos < 0 {
			return -1
		}
	}
}

// quickWalk is where quickValue is in a value: the containers it is in
// and the elements left of the innermost; and, for anyColumn, where it is
// in the column.
type quickWalk struct {
	stack [quickStack]uint64 // the enclosing containers' left<<1 | obj
	open  int                // containers entered: the element read next is at depth d+open
	left  uint64             // elements left of the innermost container (of the value itself at first)
	obj   bool               // the innermost container is an object: its elements have keys

	// With next > 0, the value is a cell of an any column (d 1) with
	// next cells after it, and quickRun goes on from its end to the
	// next cell, so that a column of small cells costs no call per cell:
	// it appends the cell to cells when it is an array or object (the
	// cells repeats may name), and starts the next one unless the
	// payload ends, the next is a repeat, or cells is full (quickRun
	// appends within its capacity, making no call): it leaves the next
	// cell to anyColumn then with left 0 and pos at its start. The last
	// cell (next 0), which no repeat can name, is not appended.
	at    int       // where the cell being read starts
	next  int       // the cells after it, not yet started
	cells []anyCell // the column's array and object cells read so far
}

// strLims is the string table's length in the two forms quickRun tests
// string indexes against, one comparison for each length of index:
//
//   - one: an index of one byte, x, is canonical and in the table exactly
//     when x < one (min(nstr, 128));
//   - two: an index of two bytes whose first is 0x80 or more, read as the
//     little-endian 16-bit x, is canonical (its last byte 1 to 0x7F) and
//     in the table exactly when x-0x180 < two, unsigned. Over canonical
//     two-byte varints, x grows with the index they hold, so the test is
//     x < the two-byte form of nstr (0x8000 past 16,383 strings, where
//     every two-byte index is in the table); two is 0 below 129 strings.
//
// quickRun tests the two-byte form only after the one-byte test failed;
// with two > 0 then one is 128, so the first byte is 0x80 or more.
type strLims struct{ one, two uint64 }

// newStrLims returns the strLims of a table of nstr strings.
func newStrLims(nstr uint64) strLims {
	hi := uint64(0x8000) // the first three-byte index, 16,384, in the two-byte form
	if nstr < 16384 {
		hi = nstr>>7<<8 | 0x80 | nstr&0x7F
	}
	return strLims{one: min(nstr, 128), two: max(hi, 0x180) - 0x180}
}

// quickRun checks, from b[pos:], the elements of w's containers that it
// can take without a call, as quickValue's loop: nulls, booleans, strings
// with indexes of one or two bytes, integers with varints of up to eight,
// keys of one or two, and arrays and objects with a count of one byte, up
// to room levels deep (at most quickStack). It returns where it stopped: at
// the end of the value (w.left == 0), or at the start of an element, key
// included, that it leaves to quickElem (w.left > 0), a bad one among
// them, and any that starts in the last eight bytes of b (an integer, in
// its last nine). In a column (w.next > 0) it goes on from a cell's end to
// the next cell as quickWalk says, appending the cells it ends to w.cells
// within its capacity: it starts no cell while w.cells is full, and its
// caller grows w.cells before it calls it again (anyColumn).
//
// The loop makes no call, not even on its rare paths (a call there would
// make the compiler keep pos in memory on every element), and keeps the
// innermost container's elements left and kind in one word, lo, as its
// stack does (left<<1 | obj). Each element is read from one 8-byte load,
// its string indexes tested with one comparison each (strLims), and an
// integer's varint from a second load with one test for its end and one
// for a zero last byte. An element moves pos once, when it is taken, and
// every element, an entered array or object included, ends at one place,
// so that pos and lo stay in one register each round the loop; len(b) is
// not kept (end+8 is). Cost: about 46 instructions an element of the
// events set's payload maps (26,300 for 570 elements, the ends of their
// containers and cells included; 28,300 when pos moved past each part of
// an element and entering a container went round on a path of its own,
// 31,500 before it kept lo and made no call).
func quickRun(b []byte, pos int, lims strLims, room int, w *quickWalk) int {
	open, lo := w.open, w.left<<1
	if w.obj {
		lo |= 1
	}
	one, two := lims.one, lims.two
	end := len(b) - 8 // the last position an 8-byte load may start at
walk:
	for {
		// The elements of the innermost container.
		for lo >= 2 {
			if pos > end {
				break walk
			}
			// The element at pos is read from x, and n counts its bytes
			// read so far: pos moves past them only once it is taken, so
			// that an element left to quickElem needs no position of its
			// own to go back to.
			x := load8(b, pos)
			n := 1 // the tag
			if lo&1 != 0 {
				if x&0xFF < one {
					x >>= 8 // a one-byte key index
					n = 2
				} else if x&0xFFFF-0x180 < two {
					x >>= 16 // a two-byte one (a table past 128 strings)
					n = 3
				} else {
					break walk
				}
			}
			if t := x & 0xFF; t == format.TagString {
				if x>>8&0xFF < one {
					n++
				} else if x>>8&0xFFFF-0x180 < two {
					n += 2
				} else {
					break walk // three bytes (past 16,384 strings) or bad: quickElem's
				}
			} else if t == format.TagInt {
				// The varint ends at its first byte below 0x80, whose top
				// bit is the lowest bit of stop, s; it is minimal unless
				// that byte, past the first, is 0: unless the bytes up to
				// it, the first's top bit set, are below its place, s>>7.
				if pos+n > end {
					break walk
				}
				u := load8(b, pos+n)
				stop := ^u & jsonwire.SWARHi
				if stop == 0 {
					break walk // nine or ten bytes: quickElem's
				}
				s := stop & -stop
				if u&(s^(s-1))|0x80 < s>>7 {
					break walk // the last byte 0 after a continuation bit
				}
				n += bits.TrailingZeros64(stop)>>3 + 1
			} else if t-format.TagArray < 2 {
				cnt := x >> 8 & 0xFF
				if cnt >= 0x80 || open >= room {
					break walk
				}
				// A count past the bytes left is not tested here: its
				// elements run out of bytes and quickElem finds it, and
				// value reports it from the cell's start.
				n++
				if cnt != 0 {
					// Entered: its elements are the innermost's, and
					// lo -= 2 below is undone here so that every
					// element ends at the one place.
					w.stack[open&(quickStack-1)] = lo - 2
					open++
					lo = cnt<<1 | (t - format.TagArray) + 2 // TagObject: obj set
				}
			} else if t > format.TagTrue {
				break walk // not null, false or true: quickElem's
			}
			pos += n
			lo -= 2
		}
		// No element left in the innermost container.
		if open != 0 {
			open--
			lo = w.stack[open&(quickStack-1)]
			continue
		}
		// The value ends here: the last cell of a column (or quickValue's
		// value), which no repeat can name, or a cell of a column with
		// more after it.
		if w.next == 0 {
			break
		}
		at := w.at
		if t := load1(b, at); t-format.TagArray < 2 { // at < pos <= len(b)
			n := len(w.cells)
			w.cells = w.cells[:n+1]
			w.cells[n] = anyCell{off: uint32(at), n: uint32(pos - at)}
		}
		if pos-8 >= end || load1(b, pos) == format.TagRepeat || len(w.cells) == cap(w.cells) { // pos < len(b): end+8
			break
		}
		w.next--
		w.at = pos
		lo = 2 // one element, not in an object
	}
	w.open, w.left, w.obj = open, lo>>1, lo&1 != 0
	return pos
}

// quickLoad returns the eight bytes at b[pos:], little-endian, for a
// caller that has checked pos <= len(b)-8: written byte by byte, the load
// compiles to one move after one bounds check, where a slice of b[pos:]
// (binary.LittleEndian.Uint64) costs two checks and the slice's
// arithmetic. It inlines.
func quickLoad(b []byte, pos int) uint64 {
	return uint64(b[pos]) | uint64(b[pos+1])<<8 | uint64(b[pos+2])<<16 | uint64(b[pos+3])<<24 |
		uint64(b[pos+4])<<32 | uint64(b[pos+5])<<40 | uint64(b[pos+6])<<48 | uint64(b[pos+7])<<56
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
