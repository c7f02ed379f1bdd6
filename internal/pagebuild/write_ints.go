package pagebuild

import (
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
)

// chooseIntEncoding picks the smallest of plain, delta and
// frame-of-reference; ties go to the lower encoding number.
//
// When every value's zigzag fits in one byte, plain takes a byte a value,
// which neither other can beat (delta takes at least as many, frame of
// reference one more for its base), so it is chosen after the pass that
// finds the lowest value: many columns of a page (flags, small counts,
// codes) are such, and the sizes of the other two then cost nothing.
func chooseIntEncoding(v []int64) (byte, int64) {
	lo := v[0]
	var zz uint64 // every value's zigzag or'ed
	for _, x := range v {
		lo = min(lo, x)
		zz |= format.EncodeZigZag(x)
	}
	if zz < 0x80 {
		return format.EncInt, 0
	}
	return chooseWideEncoding(v, lo)
}

// chooseWideEncoding is chooseIntEncoding for values v, whose lowest is
// lo, of which some zigzag does not fit in a byte. A column whose
// differences take a byte each (ids, times in seconds, sorted codes) is
// told by narrowDeltas, without intEncodingSizes' pass (about 20
// instructions a value).
func chooseWideEncoding(v []int64, lo int64) (byte, int64) {
	if narrowDeltas(v) {
		return format.EncIntDelta, 0
	}
	plain, delta, fr := intEncodingSizes(v, lo)
	switch {
	case plain <= delta && plain <= fr:
		return format.EncInt, 0
	case delta <= fr:
		return format.EncIntDelta, 0
	default:
		return format.EncIntFOR, lo
	}
}

// narrowDeltas reports whether delta is the smallest encoding of v because
// it takes a byte for every value after the first: the zigzag of each
// difference from the value before is below 0x80. Then delta takes len(v)-1 bytes more than v[0]'s zigzag; plain
// more than that when a value after the first takes two bytes or more;
// and frame of reference at least as many (ties go to delta): its base
// takes lo's zigzag's bytes, a, v[0]'s offset from lo, d, takes b, and
// every other value's at least a byte, where v[0]'s zigzag, below
// 2^(7a) + 2d+1, takes at most a+b bytes. It returns false at the first
// wider difference, so that a column of unsorted values pays for a value
// or two.
func narrowDeltas(v []int64) bool {
	if len(v) < 2 {
		return false
	}
	prev := v[0]
	var wide uint64 // the zigzags of the values after the first, or'ed
	for _, x := range v[1:] {
		if format.EncodeZigZag(int64(uint64(x)-uint64(prev))) >= 0x80 {
			return false
		}
		wide |= format.EncodeZigZag(x)
		prev = x
	}
	return wide >= 0x80
}

// intEncodingSizes returns the bytes of v's values in plain, delta and
// frame-of-reference from lo encoding (its base included), for
// chooseIntEncoding. Its own function, so that the compiler keeps
// chooseIntEncoding's first loop as it was (its minimum a CMOV, where
// with this loop beside it it took a branch and two moves a value).
//
//go:noinline
func intEncodingSizes(v []int64, lo int64) (plain, delta, fr int) {
	fr = format.SizeVarint(lo)
	prev := int64(0)
	for _, x := range v {
		plain += uvarintLen(format.EncodeZigZag(x))
		delta += uvarintLen(format.EncodeZigZag(int64(uint64(x) - uint64(prev))))
		fr += uvarintLen(uint64(x) - uint64(lo))
		prev = x
	}
	return plain, delta, fr
}

// uvarintLen is format.SizeUvarint for chooseIntEncoding's loop: the
// bit length of u|1 (which needs no test for zero, whose varint takes a
// byte as 1's does) looked up in uvarintLens, about 4 instructions where
// the division by 7's stand-in takes 8.
func uvarintLen(u uint64) int { return int(uvarintLens[bits.Len64(u|1)]) }

// uvarintLens is the length of the varint of a value of n bits.
var uvarintLens = func() (t [65]uint8) {
	for n := range t {
		t[n] = uint8(max(1, (n+6)/7))
	}
	return t
}()

// appendIntsChosen writes an integer column's values v (at least one) in
// the encoding chooseIntEncoding picks, and returns dst and the encoding.
// Its first pass, chooseIntEncoding's (the lowest value, and whether
// every value's zigzag fits in a byte), also stores each zigzag's low
// byte in dst's spare room: for such a column, the common one (flags,
// small counts, codes), those bytes are plain's values, so that it takes
// one pass, not two (appendZigZags' loop, about ten instructions a value);
// any other column drops them for the encoding chooseWideEncoding picks,
// at the cost of a store a value.
func (b *Builder) appendIntsChosen(dst []byte, v []int64) ([]byte, byte) {
	l := len(dst)
	dst = slices.Grow(dst, len(v))
	out := dst[l : l+len(v)]
	out = out[:len(v)]
	lo := v[0]
	var zz uint64 // every value's zigzag or'ed
	for i, x := range v {
		lo = min(lo, x)
		u := format.EncodeZigZag(x)
		zz |= u
		out[i] = byte(u)
	}
	if zz < 0x80 {
		return dst[:l+len(v)], format.EncInt
	}
	e, lo := chooseWideEncoding(v, lo)
	return b.appendInts(dst, e, lo, v), e
}

// appendInts writes an integer column's values in encoding enc, each
// value's uvarint straight into dst, without a slice of them in between.
func (b *Builder) appendInts(dst []byte, enc byte, lo int64, v []int64) []byte {
	switch enc {
	case format.EncInt:
		return appendZigZags(dst, v)
	case format.EncIntDelta:
		return appendDeltas(dst, v)
	}
	dst = format.AppendVarint(dst, lo)
	for _, x := range v {
		// The offset from lo, a value below 2^14 (nearly all of them)
		// without a call.
		switch u := uint64(x) - uint64(lo); {
		case u < 1<<7:
			dst = append(dst, byte(u))
		case u < 1<<14:
			dst = append(dst, byte(u)|0x80, byte(u>>7))
		default:
			dst = format.AppendUvarint(dst, u)
		}
	}
	return dst
}

// appendZigZags appends the uvarint of each value's zigzag (EncInt). It
// makes room for a byte a value at once and stores each value of -64 to
// 63 with no test of room, so that a column of such values, the common
// one (flags, small counts, codes), costs a few instructions a value; from
// the first value that takes more bytes on, it appends each.
func appendZigZags(dst []byte, v []int64) []byte {
	l := len(dst)
	dst = slices.Grow(dst, len(v))[:l+len(v)]
	out := dst[l:]
	out = out[:len(v)]
	for i, x := range v {
		u := format.EncodeZigZag(x)
		if u >= 0x80 {
			return appendZigZagsFrom(dst[:l+i], v[i:])
		}
		out[i] = byte(u)
	}
	return dst
}

// appendZigZagsFrom is appendZigZags for values that may take more than
// a byte: a value whose zigzag is below 2^14 without a call.
func appendZigZagsFrom(dst []byte, v []int64) []byte {
	for _, x := range v {
		switch u := format.EncodeZigZag(x); {
		case u < 1<<7:
			dst = append(dst, byte(u))
		case u < 1<<14:
			dst = append(dst, byte(u)|0x80, byte(u>>7))
		default:
			dst = format.AppendUvarint(dst, u)
		}
	}
	return dst
}

// appendDeltas appends the uvarint of the zigzag of each value's
// difference from the one before it (from 0 for the first: EncIntDelta),
// one below 2^14 without a call.
func appendDeltas(dst []byte, v []int64) []byte {
	prev := int64(0)
	for _, x := range v {
		switch u := format.EncodeZigZag(int64(uint64(x) - uint64(prev))); {
		case u < 1<<7:
			dst = append(dst, byte(u))
		case u < 1<<14:
			dst = append(dst, byte(u)|0x80, byte(u>>7))
		default:
			dst = format.AppendUvarint(dst, u)
		}
		prev = x
	}
	return dst
}

// appendRefs appends the table index of each string id of ids,
// remap[id], as a uvarint: a string-ref column's values, written straight
// from its ids rather than gathered into a slice of indexes first and
// appended one by one (about 16 instructions a value, where this loop
// takes about half). Room for two bytes an id is made once, so that
// indexes below 2^14, those of every page of up to 16,384 strings, are
// stored without a test of room; from a larger one on, appendRefsFrom
// appends each.
func appendRefs(dst []byte, ids, remap []uint32) []byte {
	n := len(dst)
	out := slices.Grow(dst, 2*len(ids))[:n+2*len(ids)]
	for i, id := range ids {
		v := remap[id]
		if v >= 1<<14 {
			return appendRefsFrom(out[:n], ids[i:], remap)
		}
		w := out[n : n+2 : n+2]
		if v < 0x80 {
			w[0] = byte(v)
			n++
		} else {
			w[0], w[1] = byte(v)|0x80, byte(v>>7)
			n += 2
		}
	}
	return out[:n]
}

// appendRefsFrom is appendRefs from an index of 2^14 or more on: an
// append of each index.
func appendRefsFrom(dst []byte, ids, remap []uint32) []byte {
	for _, id := range ids {
		dst = format.AppendUvarint(dst, uint64(remap[id]))
	}
	return dst
}

// appendUvarints appends each of vs as a uvarint. The loop writes values
// below 2^21 (nearly all of a column's ids, deltas and offsets) itself,
// without a call per value.
func appendUvarints(dst []byte, vs []uint64) []byte {
	for _, v := range vs {
		switch {
		case v < 1<<7:
			dst = append(dst, byte(v))
		case v < 1<<14:
			dst = append(dst, byte(v)|0x80, byte(v>>7))
		case v < 1<<21:
			dst = append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14))
		default:
			dst = format.AppendUvarint(dst, v)
		}
	}
	return dst
}
