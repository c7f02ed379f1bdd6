package jsonwire

import "github.com/rowpage/rowpage/format"

// The class masks of a block of up to 64 bytes say, a bit a byte (bit k for
// the block's byte k), which bytes need an escape in every mode (below
// 0x20, '"' and '\\'), which are '<', '>' or '&', and which are from 0x80
// on (non-ASCII text, whose flags only a UTF-8 check can tell). A string of
// the block's ASCII bytes has the flags its bits in the first two masks
// say, without visiting its bytes again (RangeFlags): string-flag
// verification checks the short strings of a table that hold a special
// byte this way, many to a block.

// ClassMasksLen is the block length of ClassMasks.
const ClassMasksLen = 64

// RangeFlags returns the flags of the block's bytes a to b-1 (0 <= a < b
// <= 64) from their class masks esc and html, and whether they are all
// ASCII (no bit of high among them): only then are the flags the string's.
// Inlines. Both shifts are masked with 63, which their bounds make exact
// (64-(b-a) and a are below 64): without the masks the compiler guards
// each against counts of 64 and more, about eight instructions a call on
// a path that runs once for each flagged string of a table.
func RangeFlags(esc, html, high uint64, a, b int) (flags uint8, ascii bool) {
	m := ^uint64(0) >> ((64 - uint(b-a)) & 63) << (uint(a) & 63)
	if esc&m != 0 {
		flags = format.StrNeedsEscape
	}
	if html&m != 0 {
		flags |= format.StrHasHTML
	}
	return flags, high&m == 0
}

// classMasksSWAR is ClassMasks eight bytes a turn (classWord), the last
// word of a block shorter than 64 bytes padded with plain bytes: the form
// for processors without AVX2 and the purego build. About 30 instructions
// a word.
func classMasksSWAR(s []byte, i int) (esc, html, high uint64) {
	n := min(len(s)-i, ClassMasksLen)
	k := 0
	for ; k+8 <= n; k += 8 {
		e, h, g := classWord(Load64(s, i+k))
		esc, html, high = esc|e<<k, html|h<<k, high|g<<k
	}
	if k < n {
		w := [8]byte{'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'}
		copy(w[:], s[i+k:i+n])
		e, h, g := classWord(Load64(w[:], 0))
		esc, html, high = esc|e<<k, html|h<<k, high|g<<k
	}
	return esc, html, high
}

// classWord returns the class masks of the eight bytes of w (bit j for
// byte j). The lane tests of specialLanes run on w with the bytes' high
// bits cleared, so that none carries into the next lane; a byte from 0x80
// on may then show in esc or html too, which no caller reads (its string
// is not ASCII). Each test's lanes are gathered into a byte by one
// multiplication. Inlines.
func classWord(w uint64) (esc, html, high uint64) {
	const gather = 0x0102040810204080 // lane j's bit 0 to bit 56+j
	a := w &^ SWARHi
	e := ^((a + swarLo*0x60) & ((a ^ swarLo*'"') + swarLo*0x7F) & ((a ^ swarLo*'\\') + swarLo*0x7F)) & SWARHi
	h := ^(((a ^ swarLo*'&') + swarLo*0x7F) & (((a & (swarLo * 0xFD)) ^ swarLo*'<') + swarLo*0x7F)) & SWARHi
	return (e >> 7) * gather >> 56, (h >> 7) * gather >> 56, ((w & SWARHi) >> 7) * gather >> 56
}
