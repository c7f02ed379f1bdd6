//go:build !purego

package jsonwire

import (
	"unsafe"

	"github.com/rowpage/rowpage/format"
)

// flagsClearAVX2 reports whether the n bytes at p (n >= 35) are clean as
// FlagsClear says, except that their last sequence may be cut short
// (seqComplete checks that): 32 bytes a step, about 43 instructions, 23
// for a block of ASCII. Only call it when hasAVX2.
//
//go:noescape
func flagsClearAVX2(p unsafe.Pointer, n int) bool

// flagsClearVector reports whether FlagsClear has a vector form here.
var flagsClearVector = hasAVX2

// BlockFlagsFast reports whether BlockFlags has a vector form here (amd64
// with AVX2), so that a caller may prefer it to searches of its own.
var BlockFlagsFast = hasAVX2

// flagsClearVectorMin is the shortest string FlagsClear gives
// flagsClearAVX2: the least it reads (a block and the three bytes a
// window looks back). Measured (BenchmarkFlagsClearLen), at 35 to 40
// bytes it already takes about 11 ns where the byte loop takes 17 to 38.
const flagsClearVectorMin = 35

// flagsClearBlocks is FlagsClear of a string of flagsClearVectorMin bytes
// or more, on a processor with AVX2.
func flagsClearBlocks(s []byte) bool {
	return flagsClearAVX2(unsafe.Pointer(unsafe.SliceData(s)), len(s)) && seqComplete(s)
}

// stringFlagsAVX2 returns the flags of the n bytes at p (n >= 35, or
// n == 32: one block, which reads nothing before p) as
// StringFlags has them, except that a last sequence cut short is not
// seen (seqComplete checks that): esc for StrNeedsEscape, html for
// StrHasHTML. Every block is read, 32 bytes a step, about 38
// instructions. Only call it when hasAVX2.
//
//go:noescape
func stringFlagsAVX2(p unsafe.Pointer, n int) (esc, html bool)

// blockFlags is BlockFlags of a string of flagsClearVectorMin bytes or
// more, on a processor with AVX2.
func blockFlags(s []byte) uint8 {
	esc, html := stringFlagsAVX2(unsafe.Pointer(unsafe.SliceData(s)), len(s))
	var f uint8
	if esc || !seqComplete(s) {
		f = format.StrNeedsEscape
	}
	if html {
		f |= format.StrHasHTML
	}
	return f
}

// blockPadMin is the shortest string BlockFlags gives blockFlagsPadded:
// below it StringFlags' walk costs no more than the copy and the block.
const blockPadMin = 16

// blockFlagsPadded is BlockFlags of a string of blockPadMin to
// flagsClearVectorMin-1 bytes, on a processor with AVX2: s is copied into
// a block of spaces, 32 bytes for a string of up to 31 (one step of
// stringFlagsAVX2) and flagsClearVectorMin for a longer one, whose flags
// are those of s: a space is plain, and after a sequence that s cuts
// short it is a byte that breaks UTF-8, as the end of s is for
// StringFlags (so at least one space follows s). About 130 instructions:
// the copy's call, about 23, and a block's, about 66.
func blockFlagsPadded(s []byte) uint8 {
	b := blankBlock
	n := copy(b[:], s)
	if n < 32 {
		n = 32
	} else {
		n = flagsClearVectorMin
	}
	esc, html := stringFlagsAVX2(unsafe.Pointer(&b), n)
	var f uint8
	if esc {
		f = format.StrNeedsEscape
	}
	if html {
		f |= format.StrHasHTML
	}
	return f
}

// blankBlock is flagsClearVectorMin spaces, the block blockFlagsPadded
// copies a string into.
var blankBlock = [flagsClearVectorMin]byte{
	' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
	' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
	' ', ' ', ' ',
}
