package pagebuild

import "encoding/binary"

// KeyMemo remembers a number (a column index, a key's string id) for each
// of the last keys of up to 16 bytes that were seen, by their bytes, so that
// a producer that meets the same few keys in every row finds each with a
// few word comparisons, before Builder.ColumnIndex or Interner.InternKey
// compare, hash or probe anything. Each number is stored with an epoch (a
// Builder's Page for column indexes, its Interner's Epoch for string ids)
// and found only under the same epoch, so a new page, or ids renumbered,
// forget every entry without clearing the memo. An epoch is never 0, the
// epoch of the zero entries.
//
// The zero KeyMemo is empty. It is 8 KiB; Get and Put cost a hash of two
// words and one entry's comparison.
type KeyMemo [keyMemoSize]keyMemoEntry

const keyMemoSize = 256

// keyMemoEntry is a key's bytes as KeyWords packs them, its length, the
// number remembered and the epoch it holds in.
type keyMemoEntry struct {
	w0, w1 uint64
	epoch  uint64
	n, v   uint32
}

// KeyWords packs k, if it has at most 16 bytes, into two little-endian
// words padded with zeros: with len(k), a key that tells any two such
// strings apart. It reports false for a longer k. Bytes of k's capacity
// past its length may be read but do not count.
func KeyWords(k []byte) (w0, w1 uint64, ok bool) {
	switch n := len(k); {
	case n >= 8:
		if n > 16 {
			return 0, 0, false
		}
		w0 = binary.LittleEndian.Uint64(k)
		if n > 8 {
			w1 = binary.LittleEndian.Uint64(k[n-8:]) >> (8 * (16 - n))
		}
	case cap(k) >= 8:
		w0 = binary.LittleEndian.Uint64(k[:8]) & (1<<(8*n) - 1)
	default:
		for i := n - 1; i >= 0; i-- {
			w0 = w0<<8 | uint64(k[i])
		}
	}
	return w0, w1, true
}

// KeyWordsWide is KeyWords for a key of at most 16 bytes with at least
// 16 bytes of capacity (a view of a longer text, the common key): two
// loads and two masks, inlined, where KeyWords costs a call.
func KeyWordsWide(k []byte) (w0, w1 uint64) {
	m := &keyWordMasks[len(k)&31]
	k = k[:16]
	return binary.LittleEndian.Uint64(k) & m[0], binary.LittleEndian.Uint64(k[8:]) & m[1]
}

// keyWordMasks[n] keeps the n bytes of a key in its two words (n of 0 to
// 16; the entries past 16 are zero, for KeyWordsWide's mask of its index).
var keyWordMasks = func() (t [32][2]uint64) {
	for n := range 17 {
		for i := range n {
			t[n][i/8] |= 0xFF << (8 * (i % 8))
		}
	}
	return t
}()

// slot is the entry of the key packed as w0, w1 of n bytes.
func (m *KeyMemo) slot(w0, w1 uint64, n int) *keyMemoEntry {
	h := (w0 ^ w1*0x9E3779B97F4A7C15 ^ uint64(n)) * 0xBF58476D1CE4E5B9
	return &m[h>>56] // keyMemoSize = 1<<8
}

// Get returns the number remembered for the key packed as w0, w1 of n
// bytes under epoch.
func (m *KeyMemo) Get(w0, w1 uint64, n int, epoch uint64) (uint32, bool) {
	e := m.slot(w0, w1, n)
	if e.w0 == w0 && e.w1 == w1 && e.n == uint32(n) && e.epoch == epoch {
		return e.v, true
	}
	return 0, false
}

// Put remembers v for the key packed as w0, w1 of n bytes under epoch, in
// place of the key that had its entry.
func (m *KeyMemo) Put(w0, w1 uint64, n int, epoch uint64, v uint32) {
	*m.slot(w0, w1, n) = keyMemoEntry{w0: w0, w1: w1, epoch: epoch, n: uint32(n), v: v}
}
