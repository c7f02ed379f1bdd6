package pagebuild

import (
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
)

// strHash is the interner's hash of a string's bytes, given as a string or
// a byte slice (both give the same hash). It reads the bytes eight at a
// time and mixes them with 64x64->128-bit multiplications, each operand
// blinded by a random per-interner seed, so that no input known in advance
// zeroes a product or collides for every seed. A string of up to 16 bytes
// costs two loads and two multiplications (the second spreads the first's
// halves, which for short strings are not mixed enough on their own),
// about half of what hash/maphash costs for the short strings of a page
// (names, e-mail addresses, enum values). Longer strings take one more
// multiplication per 16 bytes, or, past longHashMin bytes, go to longHash
// (strhash_unsafe.go, strhash_purego.go). The table needs 32 bits: the
// fold of the last product's halves.
func strHash[S ~string | ~[]byte](seed *hashSeed, s S) uint32 {
	n := len(s)
	var a, b uint64
	h := seed.k[1]
	switch {
	case n > longHashMin:
		return longHash(seed, s)
	case n > 16:
		// Sixteen bytes a turn from the front of t, which the loop
		// shortens: its loads then take no bounds checks, where loads at
		// s[i:] took two a turn.
		for t := s; len(t) > 16; t = t[16:] {
			h = mix64(Load64(t, 0)^seed.k[0], Load64(t, 8)^h)
		}
		a, b = Load64(s, n-16), Load64(s, n-8)
	case n >= 8:
		a, b = Load64(s, 0), Load64(s, n-8)
	case n >= 4:
		a, b = uint64(Load32(s, 0)), uint64(Load32(s, n-4))
	case n > 0:
		a = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	}
	hi, lo := bits.Mul64(a^seed.k[2], b^h)
	r := mix64(lo^seed.k[0], hi^seed.k[1]^uint64(n)) // n here, not in a or b, where its bits could cancel the data's
	return uint32(r) ^ uint32(r>>32)
}

// sampleHash is strHash for strings of up to sampleHashMin bytes and, for
// longer ones, a hash of their length and three of their words, the first
// 8 bytes, the 8 in the middle and the last 8: strings that differ
// elsewhere share it. It is for deferred strings, which the interner
// rarely needs to look up (AddDeferred): settle finds their repeats by it,
// comparing the strings that share one, and hashes them in full only if
// too many distinct ones do. Cost: three loads and two multiplications,
// whatever the length, where strHash costs 144 instructions at 64 bytes and
// 225 at 400 (cachegrind).
func sampleHash(seed *hashSeed, s string) uint32 {
	n := len(s)
	if n <= sampleHashMin {
		return strHash(seed, s)
	}
	a, b, c := Load64(s, 0), Load64(s, n/2-4), Load64(s, n-8)
	hi, lo := bits.Mul64(a^seed.k[2], c^seed.k[1])
	r := mix64(lo^b^seed.k[0], hi^seed.k[1]^uint64(n))
	return uint32(r) ^ uint32(r>>32)
}

// sampleHashMin is the longest string whose sample hash is its hash: past
// it, hashing a string in full costs several times its sample hash, and
// the strings deferred (text, descriptions) are seldom interned as well,
// which would have settle compute their sample hashes too. (With 16, the
// e-mail addresses and ids of a page gained less than settle then spent.)
const sampleHashMin = 32

// longHashMin is the length past which strHash hashes with the runtime's
// AES-based hash (longHash, strhash_unsafe.go and strhash_purego.go): on
// this project's Xeon VM hash/maphash hashes 400 bytes in about 75ns where
// strHash's chain of multiplications takes 110, and they break even at
// about 130 bytes (a throwaway benchmark, -count 3). Long text
// (descriptions, bodies) is what a page hashes most of. (Hashing strings
// of 17 to 128 bytes with the runtime's hash too cost fewer instructions
// alone, but 0.3 to 1% more per page of e-mail addresses and ids.)
const longHashMin = 128

// hashSeed is strHash's key, drawn afresh for each interner.
type hashSeed struct {
	k    [3]uint64
	long maphash.Seed
}

func newHashSeed() hashSeed {
	return hashSeed{k: [3]uint64{rand.Uint64(), rand.Uint64(), rand.Uint64()}, long: maphash.MakeSeed()}
}

// mix64 folds the 128-bit product of x and y.
func mix64(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	return hi ^ lo
}

// load64 and load32 read s[i:] little-endian; the compiler merges the byte
// loads into one.
func Load64[S ~string | ~[]byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func Load32[S ~string | ~[]byte](s S, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
