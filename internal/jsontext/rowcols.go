package jsontext

import "github.com/rowpage/rowpage/internal/pagebuild"

// rowColBits is the log2 of the entries of a rowColCache.
const rowColBits = 6

// rowColCache is rowColumn's cache of the columns of row keys it found in
// the sink's KeyMemo, by the key's first two bytes: an entry holds the
// key's text and closing quote (the two words of the key's first 16
// bytes, and their masks), the column index and the page it holds for
// (the Builder's Page: a new page forgets every entry). A key whose text
// and closing quote are an entry's, byte for byte, is that entry's key,
// short and plain (rowColumn fills entries only from ShortKey's keys):
// its column is found with two loads, masked and compared, without
// ShortKey's scan of the key for its quote, the KeyMemo's hash or its
// four comparisons (some forty instructions a key). It is 3 KiB.
type rowColCache struct {
	b       *pagebuild.Builder // the Builder whose pages the entries are of
	entries [1 << rowColBits]rowColEntry
}

// rowColEntry is a key's words and masks (closing quote included), the
// page of the Builder it holds for (0: none), its column index and its
// length with the quotes.
type rowColEntry struct {
	w0, w1, m0, m1 uint64
	page           uint64
	ci, adv        uint32
}

// slot is the entry of the key whose text starts the word w (the word
// after its opening quote): by its first two bytes.
func (c *rowColCache) slot(w uint64) *rowColEntry {
	return &c.entries[(uint64(uint16(w))*0x9E3779B97F4A7C15)>>(64-rowColBits)]
}

// hold makes c the cache of b, emptied if it was another Builder's.
func (c *rowColCache) hold(b *pagebuild.Builder) {
	if c.b != b {
		*c = rowColCache{b: b}
	}
}
