package pagebuild

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// repeatKey blinds the words shortCellHash multiplies, so that no cell
// known in advance zeroes the product; drawn once a process, like
// repeatSeed. The table's layout depends on it, the page never:
// repeatTable.cell compares the bytes of every cell its hash finds.
var repeatKey = [2]uint64{rand.Uint64(), rand.Uint64()}

// shortCellHash is the hash repeatTable.cell files a cell of 3 to
// shortCellMax bytes under (a short array or object of scalars, most of
// sparse's and hetero's cells), given its words a and b (cellWords) and
// its length n: one
// 64x64->128-bit multiplication of the words blinded by repeatKey, its
// halves folded. It is small enough to inline, about 15 instructions where
// maphash.Bytes, which hashes other cells, costs a call and its set-up.
// Pure Go, so purego builds share it.
func shortCellHash(a, b uint64, n int) uint32 {
	hi, lo := bits.Mul64(a^repeatKey[0], b^repeatKey[1]^uint64(n)<<56)
	r := hi ^ lo
	return uint32(r) ^ uint32(r>>32)
}

// shortCellMax is the longest cell repeatTable.cell hashes with
// shortCellHash: two 8-byte loads cover it.
const shortCellMax = 16

// cellWords returns the words shortCellHash takes for c[:l], a cell of 3
// to shortCellMax bytes: its first and last 8 bytes from 8 bytes on, its
// first and last 4 from 4 on, its 3 bytes and 0 at 3. Two cells of one
// length have the same bytes if and only if they have the same words (the
// two cover every byte), which is how cell compares them.
func cellWords(c []byte, l int) (a, b uint64) {
	switch {
	case l >= 8:
		return binary.LittleEndian.Uint64(c), binary.LittleEndian.Uint64(c[l-8:])
	case l >= 4:
		return uint64(binary.LittleEndian.Uint32(c)), uint64(binary.LittleEndian.Uint32(c[l-4:]))
	}
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16, 0
}
