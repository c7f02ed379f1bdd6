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

// stringFlagsAVX2 returns the flags of the n bytes at p (n >= 35) as
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
