package pagebuild

import (
	"math/bits"
	"math/rand/v2"
)

// repeatKey blinds the words shortCellHash multiplies, so that no cell
// known in advance zeroes the product; drawn once a process, like
// repeatSeed. The table's layout depends on it, the page never:
// repeatTable.cell compares the bytes of every cell its hash finds.
var repeatKey = [2]uint64{rand.Uint64(), rand.Uint64()}

// shortCellHash is the hash repeatTable.cell files a cell of shortCellMin
// to shortCellMax bytes under (a short array or object of scalars, most of
// sparse's and hetero's cells), given its first and last 8 bytes (which
// overlap below 16) as little-endian words a and b, and its length n: one
// 64x64->128-bit multiplication of the words blinded by repeatKey, its
// halves folded. It is small enough to inline, about 15 instructions where
// maphash.Bytes, which hashes other cells, costs a call and its set-up.
// Pure Go, so purego builds share it.
func shortCellHash(a, b uint64, n int) uint32 {
	hi, lo := bits.Mul64(a^repeatKey[0], b^repeatKey[1]^uint64(n)<<56)
	r := hi ^ lo
	return uint32(r) ^ uint32(r>>32)
}

// shortCellMin and shortCellMax bound the cells repeatTable.cell hashes
// with shortCellHash: two 8-byte loads cover them.
const (
	shortCellMin = 8
	shortCellMax = 16
)
