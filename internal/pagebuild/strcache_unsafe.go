//go:build !purego

package pagebuild

import "unsafe"

// strCache remembers the provisional ids of strings that repeat, by the
// address and length of their bytes, so that a string value the program
// shares between rows (a constant, an enum name, a value from a small
// pool) is interned without hashing it. Two strings with the same address
// and length have the same bytes, since strings are immutable. Only strings
// the interner has already seen once are cached, so values that never
// repeat (titles, bodies) do not evict the ones that do. The cache is
// direct-mapped and holds references to the caller's strings, so it is
// cleared with the interner (encoder.release clears it after every page).
type strCache struct {
	e    [strCacheSize]strCacheEntry
	used []uint16 // indexes of the entries set since the last reset
}

const (
	strCacheBits = 9
	strCacheSize = 1 << strCacheBits
)

type strCacheEntry struct {
	p  *byte
	n  int
	id uint32
}

func (c *strCache) slot(p *byte) int {
	return int(uint64(uintptr(unsafe.Pointer(p))) * 0x9E3779B97F4A7C15 >> (64 - strCacheBits))
}

// get returns the id cached for s.
func (c *strCache) get(s string) (uint32, bool) {
	p := unsafe.StringData(s)
	e := &c.e[c.slot(p)]
	return e.id, e.p == p && e.n == len(s) && p != nil
}

// put caches id for s.
func (c *strCache) put(s string, id uint32) {
	p := unsafe.StringData(s)
	i := c.slot(p)
	if c.e[i].p == nil {
		c.used = append(c.used, uint16(i))
	}
	c.e[i] = strCacheEntry{p: p, n: len(s), id: id}
}

// reset empties the cache, dropping its references.
func (c *strCache) reset() {
	for _, i := range c.used {
		c.e[i] = strCacheEntry{}
	}
	c.used = c.used[:0]
}
