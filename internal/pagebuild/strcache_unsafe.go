//go:build !purego

package pagebuild

import "unsafe"

// strCache remembers the provisional ids of strings that repeat, by the
// address and length of their bytes, so that a string value the program
// shares between rows (a constant, an enum name, a value from a small
// pool) is interned without hashing it. Two strings with the same address
// and length have the same bytes, since strings are immutable, as long as
// the bytes are not freed and used again between them: so an entry is
// only made for a string whose bytes are those of the string the
// interner holds for its id (Strs keeps them alive), and only holds until
// reset, which Interner.reset, Release and merge call before they let go
// of Strs or renumber it. Only strings the interner has already seen once
// are cached, so values that never repeat (titles, bodies) do not evict
// the ones that do. The cache is direct-mapped and holds the addresses as
// integers, not references: the collector does not see them, and reset
// empties it by starting a new generation (an increment), where clearing
// the entries set since the last reset cost about 10 instructions an
// entry (some 540 a 25-row BaaS page).
type strCache struct {
	e   [strCacheSize]strCacheEntry
	gen uint32 // the generation of the entries that hold; never 0 after reset
}

const (
	strCacheBits = 9
	strCacheSize = 1 << strCacheBits
)

type strCacheEntry struct {
	p   uintptr // the address of the string's bytes
	n   int
	id  uint32
	gen uint32 // the cache's generation when the entry was made
}

func (c *strCache) slot(p *byte) int {
	return int(uint64(uintptr(unsafe.Pointer(p))) * 0x9E3779B97F4A7C15 >> (64 - strCacheBits))
}

// get returns the id cached for s.
func (c *strCache) get(s string) (uint32, bool) {
	p := unsafe.StringData(s)
	e := &c.e[c.slot(p)]
	return e.id, e.p == uintptr(unsafe.Pointer(p)) && e.n == len(s) && e.gen == c.gen
}

// put caches id for s, whose bytes are those of held, the interner's
// string of id, if s is held itself (the same bytes in memory), and not
// otherwise: only held's bytes are sure to stay until reset.
func (c *strCache) put(s, held string, id uint32) {
	p := unsafe.StringData(s)
	if p != unsafe.StringData(held) {
		return
	}
	c.e[c.slot(p)] = strCacheEntry{p: uintptr(unsafe.Pointer(p)), n: len(s), id: id, gen: c.gen}
}

// reset empties the cache: a new generation, and a clear of the entries
// once in 2^32 resets, when the generation wraps round.
func (c *strCache) reset() {
	if c.gen++; c.gen == 0 {
		clear(c.e[:])
		c.gen = 1
	}
}
