package rowpage

import "hash/maphash"

// interner gives every distinct string of a page a provisional id in order of
// first appearance and counts its occurrences. At the end of a page the
// builder decides which strings share the table's common area (keys and
// strings that occur more than once) and which sit in a column's private
// run (strings that occur once, in a column whose every value is unique), so
// that strings that never repeat cost no index at all.
//
// The index is an open-addressing hash table with linear probing, at most
// half full. A slot holds the page generation it was written in, 16 bits of
// the string's hash and its id+1; a slot of an older generation is empty.
// So a probe compares strings only when the stored hash bits match, a new
// string costs one hash (not a failed lookup followed by an insert),
// growing the table places ids by their stored hashes without rehashing a
// string, and starting a page does not clear the table: a page that follows
// a much larger one pays nothing for the larger table.
//
// Lookups of a string already seen do not allocate: the table keeps the
// caller's string (not a copy) until reset.
type interner struct {
	seed   maphash.Seed
	gen    uint64   // generation of the current page, 1 to 1<<16-1
	slots  []uint64 // gen<<48 | hash>>16<<32 | id+1; len is a power of two, or 0
	hashes []uint32 // provisional id -> hash
	strs   []string // provisional id -> string
	counts []uint32 // provisional id -> occurrences
	keys   []bool   // provisional id -> used as a key (column name or object key)
	cache  strCache // ids of repeated strings by address (encode_strcache_*.go)
}

// minInternSlots is the table size of a fresh interner.
const minInternSlots = 64

// reset forgets every string but keeps the allocated capacity.
func (in *interner) reset() {
	if in.slots == nil {
		in.seed = maphash.MakeSeed()
		in.slots = make([]uint64, minInternSlots)
	}
	in.gen++
	if in.gen == 1<<16 {
		clear(in.slots)
		in.gen = 1
	}
	clear(in.strs) // drop references to the caller's strings
	in.cache.reset()
	in.strs = in.strs[:0]
	in.hashes = in.hashes[:0]
	in.counts = in.counts[:0]
	in.keys = in.keys[:0]
}

// find returns the id of s, whose hash is h, or the slot where it belongs.
// It is generic so that a []byte is compared without being copied.
func find[S ~string | ~[]byte](in *interner, s S, h uint32) (id uint32, slot int, ok bool) {
	mask := len(in.slots) - 1
	tag := uint64(h >> 16)
	for i := int(h) & mask; ; i = (i + 1) & mask {
		e := in.slots[i]
		if e>>48 != in.gen {
			return 0, i, false
		}
		if e>>32&0xFFFF == tag {
			if id := uint32(e) - 1; in.strs[id] == string(s) {
				return id, i, true
			}
		}
	}
}

// intern returns s's provisional id and counts one occurrence. Cost: one
// hash of s, unless the address cache knows s, and, for a new string, an
// append to four slices.
func (in *interner) intern(s string) uint32 {
	if id, ok := in.cache.get(s); ok {
		in.counts[id]++
		return id
	}
	h := uint32(maphash.String(in.seed, s))
	id, slot, ok := find(in, s, h)
	if ok {
		in.counts[id]++
		in.cache.put(s, id)
		return id
	}
	return in.add(s, h, slot)
}

// internFresh is intern for a string whose bytes are a fresh allocation,
// as a database driver's string values are: its address will not come
// again, so the address cache is neither asked nor filled (which would
// cost more than it saves). Cost: one hash of s.
func (in *interner) internFresh(s string) uint32 {
	h := uint32(maphash.String(in.seed, s))
	id, slot, ok := find(in, s, h)
	if ok {
		in.counts[id]++
		return id
	}
	return in.add(s, h, slot)
}

// internBytes is intern for a byte slice; it copies b only the first time
// the string is seen.
func (in *interner) internBytes(b []byte) uint32 {
	h := uint32(maphash.Bytes(in.seed, b))
	id, slot, ok := find(in, b, h)
	if ok {
		in.counts[id]++
		return id
	}
	return in.add(string(b), h, slot)
}

// add stores s, whose hash is h and which is not in the table, at slot.
func (in *interner) add(s string, h uint32, slot int) uint32 {
	id := uint32(len(in.strs))
	in.slots[slot] = in.entry(h, id)
	in.hashes = append(in.hashes, h)
	in.strs = append(in.strs, s)
	in.counts = append(in.counts, 1)
	in.keys = append(in.keys, false)
	if 2*len(in.strs) > len(in.slots) {
		in.grow()
	}
	return id
}

// entry is the slot value for id, whose string's hash is h.
func (in *interner) entry(h, id uint32) uint64 {
	return in.gen<<48 | uint64(h>>16)<<32 | uint64(id+1)
}

// grow doubles the table and places each id of the page by its hash.
func (in *interner) grow() {
	in.slots = make([]uint64, 2*len(in.slots))
	mask := len(in.slots) - 1
	for id, h := range in.hashes {
		i := int(h) & mask
		for in.slots[i] != 0 {
			i = (i + 1) & mask
		}
		in.slots[i] = in.entry(h, uint32(id))
	}
}

// lookup returns s's provisional id without counting an occurrence.
func (in *interner) lookup(s string) (uint32, bool) {
	if len(in.slots) == 0 {
		return 0, false
	}
	id, _, ok := find(in, s, uint32(maphash.String(in.seed, s)))
	return id, ok
}

// internKey interns a key: keys always live in the table's common area.
func (in *interner) internKey(s string) uint32 {
	id := in.intern(s)
	in.keys[id] = true
	return id
}

// len returns the number of distinct strings.
func (in *interner) len() int { return len(in.strs) }
