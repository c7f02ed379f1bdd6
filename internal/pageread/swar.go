package pageread

import (
	"math/bits"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// The cursors read a varint of two or more bytes with one load when eight
// bytes remain, as format.ConsumeUvarint does: jsonwire.Load64 loads the
// word, jsonwire.SWARHi finds the varint's end, and gather7 joins its
// groups. format keeps its own unexported gather7 for ConsumeUvarint: it
// imports nothing of ours and does not export its varint internals.

// gather7 joins the 7-bit groups of the varint bytes in w, least
// significant first, whose bytes past its end the caller has masked off
// (continuation bits may stay: they are dropped here). Three steps pair
// the groups, each halving their count: 14-bit groups in 16-bit lanes,
// 28-bit in 32-bit lanes, then the whole value; 13 operations where a
// shift and mask per group took 22. Inlines.
func gather7(w uint64) uint64 {
	w &= 0x7F7F7F7F7F7F7F7F
	w = w&0x007F007F007F007F | w>>1&0x3F803F803F803F80
	w = w&0x00003FFF00003FFF | w>>2&0x0FFFC0000FFFC000
	return w&0x000000000FFFFFFF | w>>4&0x00FFFFFFF0000000
}

// WordUvarint decodes the uvarint, validated, that starts w: the eight
// bytes of a page from the varint's first, read little-endian with
// jsonwire.Load64. It returns the value and the length, or n = 0 for a
// varint of nine or ten bytes, which runs past w (UvarintAt reads those).
// It inlines: a reader with its own fast path for one- and two-byte
// varints takes the rest without UvarintAt's call.
func WordUvarint(w uint64) (v uint64, n int) {
	stop := ^w & jsonwire.SWARHi
	if stop == 0 {
		return 0, 0
	}
	n = bits.TrailingZeros64(stop)>>3 + 1
	return gather7(w & (^uint64(0) >> (64 - 8*n))), n
}

// checkedWordUvarint is WordUvarint for bytes not yet validated: it
// returns n = 0 for a varint that is not minimal (two bytes or more, the
// last zero) as well as for one of nine or ten bytes, so that n = 0 means
// "not a canonical varint of at most eight bytes", which the caller hands
// to a path that reads or rejects it (format.ConsumeUvarint, or the
// validator that reports it). It inlines, with a cost of 79 of the
// budget's 80, so that the validators' loops read their longer varints
// without a call: n is first the index of the varint's last byte, and one
// test finds a zero last byte, w<<1>>(8*n) being that byte above the
// continuation bit before it (a 0 there for a one-byte varint).
func checkedWordUvarint(w uint64) (v uint64, n int) {
	n = bits.TrailingZeros64(^w&jsonwire.SWARHi) >> 3 // 8 when no byte ends it
	if n > 7 || w<<1>>(8*n)&0x1FF == 1 {
		return 0, 0
	}
	return gather7(w & (^uint64(0) >> (56 - 8*n))), n + 1
}
