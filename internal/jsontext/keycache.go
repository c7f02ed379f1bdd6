package jsontext

import (
	"math/bits"
)

// keyCacheBits is log2 of the key cache's entries.
const keyCacheBits = 12

// keyBytes is the most bytes of key text an entry holds: the key and its
// closing quote.
const keyBytes = 32

// keyCache remembers, for each place of a tagged cell's structure that a
// key was last met at, the key's text and the bytes the sink appended for
// it. A place is a path hash (the cell's column, and the keys and arrays
// from it down to the object) with the key of the member before (the
// sink's bytes for it, or arrayPath for the first member), hashed to one
// of the entries. Pages of rows repeat the same structure in every row,
// so the key at a place is most often the one met there last, and the
// cache finds it with four loads and a masked comparison, before the key
// is scanned, hashed or looked up. A place after the key before, not at
// a position, keeps an optional member (a twitter status's
// "possibly_sensitive", an entities object's "media") from moving every
// member after it to places of other keys: twitter-25 missed 392 keys a
// page by position, 260 by the key before.
//
// The bytes hold while the sink's key epoch does: an entry holds in the
// generation it was written in, and a new epoch starts a new generation
// (hold), so that nothing is cleared but once every 2^32 generations. The
// text of an entry of an older generation still holds, so that the first
// time a page meets a key at a place the page before met it at, the key
// is not scanned again (keyAgain); only its bytes are new.
// 192 KiB: 4,096 entries, where 1,024 left 260 of twitter-25's keys a
// page missing, most of them two places sharing an entry and taking turns
// to miss, and 4,096 leave 104 (43 of them keys of more than 30 bytes,
// which no entry holds). A page touches no more entries, and so no more
// cache lines, than with fewer.
type keyCache struct {
	entries [1 << keyCacheBits]keyEntry
	gen     uint32 // the current generation, never 0
	epoch   uint64 // the sink's key epoch of gen
}

// keyEntry is a key's text after its opening quote, closing quote
// included, and the colon right after it when colon is 1 (n bytes in all,
// at most keyBytes, as little-endian words padded with zeros), and the
// outN bytes the sink appended for it in generation gen, packed into out.
// Compact text puts the colon right after the key: taking it in the
// comparison spares the tokenizer a look for it.
type keyEntry struct {
	w              [4]uint64
	out            uint64
	gen            uint32
	n, outN, colon uint8
}

// keyMasks are the masks of the words of a key entry of n bytes, for n
// from 0 to keyBytes: the zero entry masks every byte, but no generation
// is 0.
var keyMasks = func() (t [keyBytes + 1][4]uint64) {
	for n := range t {
		for k := range t[n] {
			if b := min(max(n-8*k, 0), 8); b > 0 {
				t[n][k] = ^uint64(0) >> (64 - 8*b)
			}
		}
	}
	return t
}()

// hold starts a new generation if the sink's key epoch is not that of the
// current one.
func (c *keyCache) hold(epoch uint64) {
	if epoch == c.epoch && c.gen != 0 {
		return
	}
	c.epoch = epoch
	if c.gen++; c.gen == 0 {
		c.entries = [1 << keyCacheBits]keyEntry{}
		c.gen = 1
	}
}

// put remembers the key of n bytes (closing quote included, and the
// colon after it when colon is 1) whose text starts the words w, met at
// the place whose hash is h, and the outN bytes out that the sink
// appended for it.
func (c *keyCache) put(h uint64, w *[4]uint64, n, colon int, out uint64, outN int) {
	m := &keyMasks[n]
	c.entries[(h*hashMul)>>(64-keyCacheBits)] = keyEntry{
		w:   [4]uint64{w[0] & m[0], w[1] & m[1], w[2] & m[2], w[3] & m[3]},
		out: out, gen: c.gen, n: uint8(n), outN: uint8(outN), colon: uint8(colon),
	}
}

// colonAfter returns 1 if the key of kl bytes whose text after its
// opening quote starts the words w has a colon right after its closing
// quote within them, else 0.
func colonAfter(w *[4]uint64, kl int) int {
	if j := kl + 1; j < keyBytes && byte(w[j>>3]>>(8*(j&7))) == ':' {
		return 1
	}
	return 0
}

// plainKey returns the length of the key whose text after its opening
// quote starts the words w if it is printable ASCII without escapes and
// its closing quote is within them, else -1.
func plainKey(w *[4]uint64) int {
	for k, x := range w {
		if m := specialBytes(x); m != 0 {
			if n := bits.TrailingZeros64(m); byte(x>>(n&^7)) == '"' {
				return 8*k + n>>3
			}
			return -1
		}
	}
	return -1
}
