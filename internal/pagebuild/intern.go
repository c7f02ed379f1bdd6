package pagebuild

import "math/bits"

// Interner gives every distinct string of a page a provisional id in order of
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
type Interner struct {
	seed  hashSeed
	Gen   uint64    // generation of the current page, 1 to 1<<16-1
	slots []uint64  // gen<<48 | hash>>16<<32 | id+1; len is a power of two, or 0
	Strs  []string  // provisional id -> string
	meta  []strMeta // provisional id -> its hash and count (kept apart from Strs, which callers read)
	// Epoch changes whenever ids given before may no longer hold: at reset
	// and when merge renumbers them. It is never 0, once reset, so a
	// caller that keeps ids can mark them stale with 0.
	Epoch uint64
	cache strCache // ids of repeated strings by address (strcache_*.go)
	// Fresh says that no string given to Intern shares its address with
	// an earlier one of the page but for the same bytes: AppendPage's
	// strings are views of places in the JSON text. Intern then skips the
	// address cache, as InternFresh does: it would never find a string,
	// and remembering repeats cost more than a miss.
	Fresh bool
	keys  keyCache // ids of keys by a few of their bytes (InternKey)
	// released counts the ids from 0 whose strings Release has emptied,
	// so that reset need not clear them again; 0 once anything may have
	// written over them (reset, merge).
	released int
	// deferred lists, in ascending order, the ids that addDeferred gave
	// without looking their strings up: they are not in the table until
	// tableDeferred puts them there, merging any that turn out to be
	// repeats, and settle drops them if none can be.
	deferred []uint32
	alias    []uint32 // tableDeferred's and dedupe's scratch: id -> the id it keeps
	sieve    []uint32 // dedupe's scratch: a bucket's table, or the page's
	starts   []uint32 // dedupe's scratch: where each bucket starts
	parts    []uint64 // dedupe's scratch: hash<<32 | id, by bucket
	// sampled counts the deferred ids given a sample hash, not their
	// hash (AddDeferred): those of strings longer than sampleHashMin.
	sampled int
	// filter has one bit per 32-bit hash >> filterShift, set for the hash
	// of each deferred string that addDeferred sampled.
	filter      []uint64
	filterShift uint32
	Tabled      int // tableDeferred's calls since reset, for tests
	// room is an id below which intern adds a new string in line: below
	// cap(Strs) and cap(meta), and with the table at most half full after
	// it (see setRoom). add sets it; reset, settle, tableDeferred and
	// merge, which drop deferred ids (and so fill the table's half
	// sooner), set it to 0, so that the next new string goes to add.
	// Between those, the capacities and the table only grow, and the
	// deferred ids only increase, so room stays safe however many strings
	// AddDeferred appends.
	room int
}

// strMeta is what the interner keeps of a string besides its bytes: one
// slice of them, not one per field, so that a new string costs one append
// for them, not three.
type strMeta struct {
	hash  uint32 // its hash (a sample hash while deferred: AddDeferred)
	count uint32 // occurrences, | keyBit once used as a key
}

// Every reference to a string counts in its strMeta.count, whichever path
// makes it (cells, nested values, keys): assignStrings writes the table
// index only of a private run's first string, so a string left at count 1
// while referred to twice would be written with a stale index.

// keyBit marks a strMeta.count of a string used as a key (a column name or
// an object key): such a count is never 1, so one comparison tells the
// strings that may sit in a column's private run (count 1, not a key).
// Counts stay far below it: a page holds fewer than 1<<31 values.
const keyBit = 1 << 31

// Seen counts one more occurrence of id.
func (in *Interner) Seen(id uint32) { in.meta[id].count++ }

// MarkKey notes that id is used as a key.
func (in *Interner) MarkKey(id uint32) { in.meta[id].count |= keyBit }

// Count returns the occurrences of id.
func (in *Interner) Count(id uint32) uint32 { return in.meta[id].count &^ keyBit }

// IsKey reports whether id is used as a key.
func (in *Interner) IsKey(id uint32) bool { return in.meta[id].count&keyBit != 0 }

// minInternSlots is the table size of a fresh interner.
const minInternSlots = 64

// reset forgets every string but keeps the allocated capacity.
func (in *Interner) reset() {
	if in.slots == nil {
		in.seed = newHashSeed()
		in.slots = make([]uint64, minInternSlots)
	}
	in.nextGen()
	in.Epoch++
	in.clearStrs() // drop references to the caller's strings
	in.cache.reset()
	clear(in.keys[:])
	in.Strs = in.Strs[:0]
	in.meta = in.meta[:0]
	in.deferred = in.deferred[:0]
	in.filter = in.filter[:0]
	in.sampled = 0
	in.Tabled = 0
	in.room = 0
}

// Release drops the references to the caller's strings, keeping the ids:
// Strs holds as many strings as before, all empty. Cost: a clear of Strs.
func (in *Interner) Release() {
	clear(in.Strs)
	in.cache.reset()
	in.released = len(in.Strs)
}

// clearStrs empties every string of Strs, but for those Release emptied
// and nothing has written since, so that a reset after Release, an
// encoder's every page, clears nothing twice. Cost: a clear of the strings
// interned since Release (none after a page), or of Strs.
func (in *Interner) clearStrs() {
	if r := in.released; r <= len(in.Strs) {
		clear(in.Strs[r:])
	} else {
		clear(in.Strs)
	}
	in.released = 0
}

// nextGen empties the table by starting a new generation.
func (in *Interner) nextGen() {
	in.Gen++
	if in.Gen == 1<<16 {
		clear(in.slots)
		in.Gen = 1
	}
}

// find returns the id of s, whose hash is h, or the slot where it belongs.
// It is generic so that a []byte is compared without being copied.
func find[S ~string | ~[]byte](in *Interner, s S, h uint32) (id uint32, slot int, ok bool) {
	mask := len(in.slots) - 1
	tag := uint64(h >> 16)
	for i := int(h) & mask; ; i = (i + 1) & mask {
		e := in.slots[i]
		if e>>48 != in.Gen {
			return 0, i, false
		}
		if e>>32&0xFFFF == tag {
			if id := uint32(e) - 1; in.Strs[id] == string(s) {
				return id, i, true
			}
		}
	}
}

// Intern returns s's provisional id and counts one occurrence. Cost: one
// hash of s, unless the address cache knows s, and, for a new string, an
// append to two slices. A new string is added here, as add does, not by a
// call: most strings of a page of varied rows are new.
func (in *Interner) Intern(s string) uint32 { return in.intern(s, !in.Fresh) }

// InternFresh is Intern for a string whose bytes are a fresh allocation,
// as a database driver's string values are: its address will not come
// again, so the address cache is neither asked nor filled (which would
// cost more than it saves). Cost: one hash of s.
func (in *Interner) InternFresh(s string) uint32 { return in.intern(s, false) }

// intern is Intern, asking and filling the address cache if cached is
// set. It hashes s itself, as strHash does (hashStringMatches in
// intern_hash_test.go holds them to the same hash), and probes the table
// itself, as find does, with the table, its generation and s in
// registers: a call of strHash and of find, and the values spilled
// around them, cost about half as much again as the probe of a new
// string. The probe calls nothing: a slot whose hash bits match, where
// the strings must be compared (memequal), hands the lookup to internAt,
// so that no value is saved to the stack around that call on the way of
// a new string, most of a varied page's (about 20 instructions a string
// on 25 sparse rows).
func (in *Interner) intern(s string, cached bool) uint32 {
	if cached {
		if id, ok := in.cache.get(s); ok {
			in.meta[id].count++
			return id
		}
	}
	n := len(s)
	if n > longHashMin {
		return in.internLong(s, cached)
	}
	k := &in.seed.k
	x := k[1]
	var a, b uint64
	switch {
	case n > 16:
		for t := s; len(t) > 16; t = t[16:] {
			x = mix64(Load64(t, 0)^k[0], Load64(t, 8)^x)
		}
		a, b = Load64(s, n-16), Load64(s, n-8)
	case n >= 8:
		a, b = Load64(s, 0), Load64(s, n-8)
	case n >= 4:
		a, b = uint64(Load32(s, 0)), uint64(Load32(s, n-4))
	case n > 0:
		a = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	}
	hi, lo := bits.Mul64(a^k[2], b^x)
	r := mix64(lo^k[0], hi^k[1]^uint64(n))
	h := uint32(r) ^ uint32(r>>32)
	slots, gen := in.slots, in.Gen
	mask := len(slots) - 1
	want := gen<<16 | uint64(h>>16) // a slot's top 32 bits if it may hold s
	i := int(h) & mask
	for {
		e := slots[i]
		if e>>32 == want {
			return in.internAt(s, h, i, cached)
		} else if e>>48 != gen {
			break
		}
		i = (i + 1) & mask
	}
	// add, written out where it needs no call: its call, or append's
	// and grow's, would have the values saved around them. Below
	// in.room, the slices have room for the string and the table stays
	// at most half full (one comparison, where testing the two
	// capacities and the table's load took about 11 instructions).
	id := len(in.Strs)
	if id >= in.room {
		return in.add(s, h, i)
	}
	slots[i] = want<<32 | uint64(id+1)
	in.Strs = in.Strs[:id+1]
	in.Strs[id] = s
	in.meta = in.meta[:id+1]
	in.meta[id] = strMeta{hash: h, count: 1}
	return uint32(id)
}

// internLong is intern for a string of more than longHashMin bytes.
//
//go:noinline
func (in *Interner) internLong(s string, cached bool) uint32 {
	h := longHash(&in.seed, s)
	return in.internAt(s, h, int(h)&(len(in.slots)-1), cached)
}

// internAt is intern from slot i of the table on, a slot whose hash bits
// are those of s, whose hash is h: it compares the strings, probes on
// past a slot that holds another, and adds s where the probe ends if the
// table lacks it.
//
//go:noinline
func (in *Interner) internAt(s string, h uint32, i int, cached bool) uint32 {
	slots := in.slots
	mask := len(slots) - 1
	want := in.Gen<<16 | uint64(h>>16)
	for {
		e := slots[i]
		if e>>32 == want {
			if id := uint32(e) - 1; in.Strs[id] == s {
				in.meta[id].count++
				if cached {
					in.cache.put(s, in.Strs[id], id)
				}
				return id
			}
		} else if e>>48 != in.Gen {
			return in.add(s, h, i)
		}
		i = (i + 1) & mask
	}
}

// InternBytes is Intern for a byte slice; it copies b only the first time
// the string is seen.
func (in *Interner) InternBytes(b []byte) uint32 {
	h := strHash(&in.seed, b)
	id, slot, ok := find(in, b, h)
	if ok {
		in.meta[id].count++
		return id
	}
	return in.add(string(b), h, slot)
}

// add stores s, whose hash is h and which is not in the table, at slot.
func (in *Interner) add(s string, h uint32, slot int) uint32 {
	id := uint32(len(in.Strs))
	in.slots[slot] = in.entry(h, id)
	in.Strs = append(in.Strs, s)
	in.meta = append(in.meta, strMeta{hash: h, count: 1})
	if 2*(len(in.Strs)-len(in.deferred)) > len(in.slots) {
		in.grow(2 * len(in.slots))
	}
	in.setRoom()
	return id
}

// setRoom sets room to the first id that intern may not add in line: id
// = cap(Strs) or cap(meta) (no room to append), or an id after which the
// table, of len(slots) slots holding every id but the deferred ones,
// would be more than half full (2*(id+1-len(deferred)) > len(slots)).
func (in *Interner) setRoom() {
	in.room = min(cap(in.Strs), cap(in.meta), len(in.slots)/2+len(in.deferred))
}

// entry is the slot value for id, whose string's hash is h.
func (in *Interner) entry(h, id uint32) uint64 {
	return in.Gen<<48 | uint64(h>>16)<<32 | uint64(id+1)
}

// grow makes a table of n slots, a power of two, and places each id of the
// page that is not deferred by its hash. If the table has n slots already,
// it starts a new generation in place instead of allocating.
func (in *Interner) grow(n int) {
	if n == len(in.slots) {
		in.nextGen()
	} else {
		in.slots = make([]uint64, n)
	}
	mask := len(in.slots) - 1
	def := in.deferred
	for id, m := range in.meta {
		h := m.hash
		if len(def) > 0 && def[0] == uint32(id) {
			def = def[1:]
			continue
		}
		i := int(h) & mask
		for in.slots[i]>>48 == in.Gen {
			i = (i + 1) & mask
		}
		in.slots[i] = in.entry(h, uint32(id))
	}
}

// addDeferred gives s, a string that most likely occurs nowhere else in the
// page, a new provisional id without looking it up, and hashes it while
// its bytes are at hand. It is for a column whose values have all been
// distinct so far (a name, an e-mail address, a UUID): a lookup of such a
// string in a table of many thousands of entries is a cache miss that
// finds nothing. A repeat of s, whether added here or interned, gets an id
// of its own until settle merges them, which the builder must call before
// it uses an id's count or writes a page. It also returns a sample: bit 0
// set for one string in eight, and bit 1 set besides if an earlier
// sampled string may be the same (its bit of a filter of their hashes was
// set). Many of those are the caller's sign that its column repeats after
// all and should go back to interning (tableDeferred). The hash kept for
// a string of more than sampleHashMin bytes is its sample hash
// (sampleHash), which reads three words of it, not all: most deferred
// strings are never looked up (settle compares strings where sample
// hashes agree, and tableDeferred hashes them in full). Cost: a hash of s,
// or of three of its words, an append to three slices and, for one string
// in eight, a bit of a filter of half a byte per deferred string.
func (in *Interner) AddDeferred(s string) (id uint32, sample uint64) {
	id = uint32(len(in.Strs))
	var h uint32
	if len(s) <= sampleHashMin {
		h = strHash(&in.seed, s) // its sample hash
	} else {
		h = sampleHash(&in.seed, s)
		in.sampled++
	}
	in.Strs = append(in.Strs, s)
	in.meta = append(in.meta, strMeta{hash: h, count: 1})
	in.deferred = append(in.deferred, id)
	if 2*len(in.deferred) > 64*len(in.filter) && 64*len(in.filter) < maxFilterBits {
		in.growFilter()
	}
	// One string in eight, picked by its hash so that a repeat of a
	// sampled string is sampled too, checks and sets its bit: a filter of
	// a few bits per deferred string stays in the first-level cache. The
	// other seven return here, without touching the filter.
	if h&7 != 0 {
		return id, 0
	}
	bit := h >> in.filterShift
	w := &in.filter[bit>>6]
	seen := *w >> (bit & 63) & 1
	*w |= 1 << (bit & 63)
	return id, 1 | seen<<1
}

// growFilter sizes the filter of sampled deferred hashes to at least 4
// bits per deferred string, 32 per sampled one, so that a bit is set by
// chance less than one time in sixteen until it grows again, and clears
// it: setting the bits of the strings so far would cost a random access
// each, and the strings since this growth, half of all at least, are
// enough to tell a column that repeats. (A repeat of an older string is
// merged by settle.)
func (in *Interner) growFilter() {
	n := 1 << 12
	for n < 4*len(in.deferred) && n < maxFilterBits {
		n *= 2
	}
	in.filter = Grow(in.filter, n/64)
	clear(in.filter)
	in.filterShift = uint32(32 - bits.TrailingZeros(uint(n))) // n is a power of two
}

// maxFilterBits bounds the filter of deferred hashes (128 MB): past
// 2^29 deferred strings a bit is set by chance more often.
const maxFilterBits = 1 << 30

// settle makes the interner what interning every string would have made
// it: one id per distinct string, in order of first appearance, with its
// count of occurrences. If no deferred string repeats another, which is
// all but certain when the deferred strings are as distinct as they were
// meant to be, it returns nil; otherwise it merges the repeats and returns
// the renumbering, the new id of each old one, which the caller must apply
// to every id it holds. Either way the deferred ids stay out of the table
// and, after a merge, the table is emptied: no string may be interned or
// looked up after settle until reset. Cost: two passes over the page's
// hashes and a probe of a table that fits in the first-level cache for
// each (dedupe), in a tight loop rather than one lookup per row between
// the driver's work, and, if a string repeats, a pass over the ids.
//
// When a deferred string was given a sample hash (sampleHash), it finds
// the repeats by sample hashes, which every other string of more than
// sampleHashMin bytes gets here in place of its hash (no string is looked
// up after settle). Strings are compared where
// sample hashes agree; if more distinct strings share one than chance
// explains (text that differs only between the words a sample hash
// reads, written to defeat it), it starts over with every hash in full,
// so that no input makes settle compare strings more than a few times
// per string.
func (in *Interner) Settle() []uint32 {
	if len(in.deferred) == 0 {
		return nil
	}
	var alias []uint32
	ok := false
	switch {
	case in.sampled == 0:
	case 4*in.sampled < len(in.Strs):
		// Few sample hashes among many strings: hashing those in full
		// costs less than giving the others theirs.
		in.fullHashes(in.deferred)
	default:
		in.sampleHashes()
		if alias, ok = in.dedupe(len(in.Strs)/16 + 64); !ok {
			in.fullHashes(nil)
		}
	}
	if !ok {
		alias, _ = in.dedupe(-1)
	}
	in.sampled = 0
	in.deferred = in.deferred[:0]
	in.filter = in.filter[:0]
	in.room = 0
	if alias == nil {
		return nil
	}
	return in.merge(alias, false)
}

// fullHashes puts back the hash of each string of ids (every id if nil)
// that is longer than sampleHashMin, in place of its sample hash.
func (in *Interner) fullHashes(ids []uint32) {
	if ids == nil {
		for id, s := range in.Strs {
			if len(s) > sampleHashMin {
				in.meta[id].hash = strHash(&in.seed, s)
			}
		}
		return
	}
	for _, id := range ids {
		if s := in.Strs[id]; len(s) > sampleHashMin {
			in.meta[id].hash = strHash(&in.seed, s)
		}
	}
}

// sampleHashes replaces the hash of each string that is not deferred and
// longer than sampleHashMin with its sample hash, so that in.meta holds
// the sample hash of every id.
func (in *Interner) sampleHashes() {
	def, j := in.deferred, 0 // def[j] is the next deferred id
	for id, s := range in.Strs {
		if j < len(def) && def[j] == uint32(id) {
			j++
			continue
		}
		if len(s) > sampleHashMin {
			in.meta[id].hash = sampleHash(&in.seed, s)
		}
	}
}

// dedupe returns the first id holding the same string as each id, or nil
// if the page's ids hold distinct strings. Strings are compared only where
// their 32-bit hashes (in.meta) agree; if more than falses of those
// comparisons find distinct strings (falses below 0: no limit), it gives
// up and reports false. A page of up to dedupeOneTable ids is done with
// one table of its hashes (dedupeOne), a larger one by buckets
// (dedupeBuckets).
func (in *Interner) dedupe(falses int) ([]uint32, bool) {
	if len(in.meta) <= dedupeOneTable {
		return in.dedupeOne(falses)
	}
	return in.dedupeBuckets(falses)
}

// dedupeBuckets is dedupe for a page of any size. It partitions the ids
// by the top bits of their hashes into buckets of about dedupeBucket ids,
// in ascending order within each, and finds the repeats of each bucket
// with an open-addressing table of its hashes, so that every probe stays
// in the first-level cache however many strings the page has: one table
// of the whole page's hashes (as the interner's, or a set of hashes)
// outgrows the caches past some thousands of rows, and each probe is then
// a miss. Cost: about 75 instructions an id (three passes over them).
func (in *Interner) dedupeBuckets(falses int) ([]uint32, bool) {
	hs := in.meta
	n := len(hs)
	shift := uint(32) // the bucket of hash h is h>>shift
	for n>>(32-shift) > dedupeBucket {
		shift--
	}
	starts := Grow(in.starts, 1<<(32-shift)+1)
	clear(starts)
	in.starts = starts
	for _, m := range hs {
		h := m.hash
		starts[h>>shift+1]++
	}
	most := 0
	for b := 1; b < len(starts); b++ {
		most = max(most, int(starts[b]))
		starts[b] += starts[b-1]
	}
	// Each entry is a hash and its id; starts[b] moves from the start of
	// bucket b to its end as the bucket fills.
	parts := Grow(in.parts, n)
	in.parts = parts
	for id, m := range hs {
		h := m.hash
		b := h >> shift
		parts[starts[b]] = uint64(h)<<32 | uint64(id)
		starts[b]++
	}
	size := 16
	for size < 2*most {
		size *= 2
	}
	table := Grow(in.sieve, size)
	in.sieve = table
	var alias []uint32
	lo := uint32(0)
	for _, hi := range starts[:len(starts)-1] {
		part := parts[lo:hi]
		lo = hi
		size := 16
		for size < 2*len(part) {
			size *= 2
		}
		t := table[:size]
		clear(t)
		mask := uint32(size - 1)
		for j, e := range part {
			h, id := uint32(e>>32), uint32(e)
			for i := h & mask; ; i = (i + 1) & mask {
				k := t[i]
				if k == 0 {
					t[i] = uint32(j + 1)
					break
				}
				f := part[k-1]
				if uint32(f>>32) != h {
					continue
				}
				if in.Strs[uint32(f)] != in.Strs[id] {
					if falses--; falses == -1 {
						return nil, false
					}
					continue
				}
				if alias == nil {
					alias = Grow(in.alias, n)
					for i := range alias {
						alias[i] = uint32(i)
					}
					in.alias = alias
				}
				alias[id] = uint32(f) // the bucket's first id of the string
				break
			}
		}
	}
	return alias, true
}

// dedupeBucket is the most ids dedupe puts in a bucket (but for chance):
// its table of 4 KB or less stays in the first-level cache.
const dedupeBucket = 512

// dedupeOneTable is the most ids dedupe finds the repeats of with one
// table of the whole page's hashes (dedupeOne), of 64 KB or less, which
// stays in the second-level cache: on a page of 1,000 BaaS rows, about
// 3,200 strings, dedupeBuckets cost 76 instructions a string and
// dedupeOne 27 (callgrind).
const dedupeOneTable = 8192

// dedupeOne is dedupe for a page of at most dedupeOneTable ids: it probes
// one open-addressing table of ids, at most half full, by every id's hash
// in ascending order of ids, so that the id a repeat finds is the first
// of its string. Cost: a clear of the table and one pass over the ids.
func (in *Interner) dedupeOne(falses int) ([]uint32, bool) {
	hs := in.meta
	size := 16
	for size < 2*len(hs) {
		size *= 2
	}
	t := Grow(in.sieve, size)
	in.sieve = t
	clear(t)
	mask := uint32(size - 1)
	var alias []uint32
	for id, m := range hs {
		h := m.hash
		for i := h & mask; ; i = (i + 1) & mask {
			k := t[i]
			if k == 0 {
				t[i] = uint32(id + 1)
				break
			}
			f := k - 1
			if hs[f].hash != h {
				continue
			}
			if in.Strs[f] != in.Strs[id] {
				if falses--; falses == -1 {
					return nil, false
				}
				continue
			}
			if alias == nil {
				alias = Grow(in.alias, len(hs))
				for i := range alias {
					alias[i] = uint32(i)
				}
				in.alias = alias
			}
			alias[id] = f
			break
		}
	}
	return alias, true
}

// tableDeferred puts the deferred ids in the table, so that interning
// finds their strings again, merges each repeat into the first id of its
// string, numbers the ids that remain afresh, and returns the
// renumbering, the new id of each old one, which the caller must apply to
// every id it holds; nil if no string repeats. Cost: one probe of the
// table per deferred string, in a tight loop, and, if a string repeats, a
// pass over the ids.
func (in *Interner) TableDeferred() []uint32 {
	in.Tabled++
	n := len(in.slots)
	for 2*len(in.Strs) > n {
		n *= 2
	}
	if n != len(in.slots) {
		in.grow(n)
	}
	var alias []uint32
	for _, d := range in.deferred {
		h := in.meta[d].hash
		if s := in.Strs[d]; len(s) > sampleHashMin { // its sample hash (AddDeferred)
			h = strHash(&in.seed, s)
			in.meta[d].hash = h
		}
		id, slot, ok := find(in, in.Strs[d], h)
		if !ok {
			in.slots[slot] = in.entry(h, d)
			continue
		}
		if alias == nil {
			alias = Grow(in.alias, len(in.Strs))
			for i := range alias {
				alias[i] = uint32(i)
			}
			in.alias = alias
		}
		// The deferred ids arrive in ascending order, so the table holds
		// the first id of each string seen so far, and id, if it comes
		// after d, is an interned string that missed d: no id merges
		// into it yet.
		keep, drop := min(id, d), max(id, d)
		alias[drop] = keep
		in.slots[slot] = in.entry(h, keep)
	}
	in.deferred = in.deferred[:0]
	in.filter = in.filter[:0]
	in.sampled = 0
	in.room = 0
	if alias == nil {
		return nil
	}
	return in.merge(alias, true)
}

// merge folds each id into alias[id] where that is an earlier id, numbers
// the remaining ids afresh in their order, and returns alias rewritten as
// the new id of each old one. It rebuilds the table if retable is set, and
// empties it otherwise (settle: no string is interned after it).
func (in *Interner) merge(alias []uint32, retable bool) []uint32 {
	n := 0
	in.released = 0 // the strings move down over any that Release emptied
	for id := range in.Strs {
		if a := alias[id]; a != uint32(id) {
			k := alias[a] // a < id: already its new id
			mk, mi := in.meta[k].count, in.meta[id].count
			in.meta[k].count = (mk&^keyBit + mi&^keyBit) | (mk|mi)&keyBit
			alias[id] = k
			continue
		}
		in.Strs[n], in.meta[n] = in.Strs[id], in.meta[id]
		alias[id] = uint32(n)
		n++
	}
	clear(in.Strs[n:])
	in.Strs, in.meta = in.Strs[:n], in.meta[:n]
	in.cache.reset()
	clear(in.keys[:])
	in.Epoch++
	in.room = 0
	if retable {
		in.grow(len(in.slots))
	} else {
		in.nextGen()
	}
	return alias
}

// lookup returns s's provisional id without counting an occurrence.
func (in *Interner) Lookup(s string) (uint32, bool) {
	if len(in.slots) == 0 {
		return 0, false
	}
	id, _, ok := find(in, s, strHash(&in.seed, s))
	return id, ok
}

// InternKey interns a key: keys always live in the table's common area.
// A page has few distinct keys and repeats them in every row, in whatever
// order its rows list them, so a small table of the keys seen, indexed by
// their length and three of their bytes, finds most of them without
// hashing the key or probing the interner's table, which holds every
// string value of the page too and outgrows the first-level cache. Cost:
// one comparison of s with a key of the page, then, on a miss, Intern.
//
// A key whose slot is empty is new to the page's keys, and the address
// cache, which holds strings found in the table again at one address,
// hardly ever knows it: Intern asks the cache only when another key holds
// the slot (two keys that share one take turns there, and find each other
// in the cache), which spares a new key the cache's probe, about 18
// instructions (some 20 new keys a 25-row sparse page).
func (in *Interner) InternKey(s string) uint32 {
	slot := keySlot(s)
	e := in.keys[slot]
	if e != 0 {
		if id := e - 1; in.Strs[id] == s {
			in.meta[id].count++
			return id
		}
	}
	id := in.intern(s, e != 0 && !in.Fresh)
	in.meta[id].count |= keyBit
	in.keys[slot] = id + 1
	return id
}

// LookupKey returns the provisional id of key s if the page has used s as
// a key, without counting an occurrence (the count of a key does not
// change the page: keys always sit in the table's common area). Cost: one
// comparison when the key table of InternKey holds s, else a Lookup.
func (in *Interner) LookupKey(s string) (uint32, bool) {
	if e := in.keys[keySlot(s)]; e != 0 {
		if id := e - 1; in.Strs[id] == s {
			return id, true
		}
	}
	id, ok := in.Lookup(s)
	return id, ok && in.meta[id].count&keyBit != 0
}

// keyCache maps keySlot(s) to the provisional id+1 of key s, or 0. It
// holds only ids that Intern gave, which stay valid until reset or merge
// renumbers them; both empty it.
type keyCache [keyCacheSize]uint32

const keyCacheSize = 256

// keySlot is s's index in a keyCache: a mix of its length and its first,
// middle and last bytes, which tell apart the keys of a typical page.
func keySlot(s string) uint32 {
	n := len(s)
	if n == 0 {
		return 0
	}
	x := uint32(n) | uint32(s[0])<<8 | uint32(s[n>>1])<<16 | uint32(s[n-1])<<24
	return x * 0x9E3779B1 >> 24 // keyCacheSize = 1<<8
}

// len returns the number of distinct strings.
func (in *Interner) Len() int { return len(in.Strs) }
