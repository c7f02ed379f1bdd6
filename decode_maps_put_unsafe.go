//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/bits"
	"unsafe"
)

// Members put into small generic maps without the runtime's assignment.
// A map[string]any of at most 8 members keeps them in one group (see
// decode_maps_unsafe.go): a control word of one byte a slot (0x80 empty,
// else the low 7 bits of the key's hash) and the slots. The runtime's
// mapassign_faststr hashes the key, looks in the group for it and takes
// the first empty slot: about 135 instructions a member, some 46,000 of an
// Unmarshal of 25 rows of the events dataset. putAny hashes the key with
// the runtime's own string hash (the map type's hasher) and the map's
// seed, and, when no slot's control byte matches (so the key cannot be
// there), writes the slot and its control byte itself; in any other case
// (a possible match, a full group, a map of more than one group) it
// assigns as the runtime does. checkPutAny tests it once against the
// runtime's lookups, reflect's, deletion and growth before the first use.

// strhash is the runtime's hash of a string (runtime.strhash, which the
// runtime keeps open to linkname), the hasher of map types with string
// keys.
//
//go:linkname strhash runtime.strhash
//go:noescape
func strhash(p unsafe.Pointer, h uintptr) uintptr

// ctrlLSB and ctrlMSB are the lowest and highest bits of each control byte.
const (
	ctrlLSB = 0x0101010101010101
	ctrlMSB = 0x8080808080808080
)

// putAnyOK reports whether putAny's direct writes agree with the runtime:
// set once, at start.
var putAnyOK = mapSlabsOK && checkPutAny()

// putAny sets m[key] = v.
func putAny(m map[string]any, key string, v any) {
	if !putAnyOK || !putSmall(m, key, v) {
		m[key] = v
	}
}

// putSmall writes key and v into a free slot of m's group and reports
// true when m is a map of one group with a free slot and no slot's
// control byte matches key's hash (so key is not in m); otherwise it
// changes nothing and reports false.
func putSmall(m map[string]any, key string, v any) bool {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if h == nil || h.dirPtr == nil || h.dirLen != 0 || h.used >= 8 || h.writing != 0 {
		return false
	}
	g := (*anyMapGroup)(h.dirPtr)
	h2 := uint64(strhash(unsafe.Pointer(&key), h.seed) & 0x7F)
	ctrl := g.ctrl
	x := ctrl ^ ctrlLSB*h2
	if (x-ctrlLSB)&^x&ctrlMSB != 0 { // a slot that may hold key (the runtime's matchH2)
		return false
	}
	free := ctrl & ctrlMSB // empty slots (a one-group map has no deleted ones)
	if free == 0 {
		return false
	}
	i := uint(bits.TrailingZeros64(free)) &^ 7 // the free slot's control bit
	g.slots[i>>3] = anyMapSlot{key: key, val: v}
	g.ctrl = ctrl&^(0xFF<<i) | h2<<i
	h.used++
	return true
}

// checkPutAny fills maps made in arrays (mapSlabs) and by make with
// putSmall, keys short and long (the runtime hashes keys of 64 bytes or
// more and matches control bytes to find them; shorter ones it compares),
// and sees every key found, a key put twice refused and kept once by the
// runtime's assignment (which finds it by its control byte), deletion
// (which finds the key by its control byte) and a ninth member (the map
// grows to a table, rehashing every key) work, and iteration sees each
// member once.
func checkPutAny() bool {
	long := string(make([]byte, 70))
	keys := []string{"a", "bb", long + "x", "ccc", long + "y", "", "d", "e"}
	var s mapSlabs
	for round := range 2 {
		m := s.inArrays()
		if round == 1 {
			m = make(map[string]any)
			m["z"] = -1
			delete(m, "z")
		}
		for i, k := range keys {
			if !putSmall(m, k, i) { // refused when another key's control byte matches
				m[k] = i
			}
			if putSmall(m, k, i) { // a second time: refused (its control byte matches)
				return false
			}
			m[k] = i // the runtime's assignment, which finds the first by its control byte
		}
		if len(m) != len(keys) || !putHolds(m, keys) {
			return false
		}
		delete(m, "bb")
		if _, ok := m["bb"]; ok || len(m) != len(keys)-1 {
			return false
		}
		if !putSmall(m, "bb", 1) {
			m["bb"] = 1
		}
		if putSmall(m, "f", 8) { // a ninth: refused, no free slot
			return false
		}
		m["f"] = 8 // the runtime grows the map to a table
		if len(m) != len(keys)+1 || m["f"] != 8 || !putHolds(m, keys) {
			return false
		}
	}
	return true
}

// putHolds reports whether m holds keys[i] = i for each i, found by index
// (by hash for the long keys), and iteration meets no key twice.
func putHolds(m map[string]any, keys []string) bool {
	for i, k := range keys {
		if v, ok := m[k]; !ok || v != i {
			return false
		}
	}
	seen := map[string]bool{}
	for k := range m {
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// Members written into a new small map in one pass. An object's members
// are decoded one after another into a map that newMapAny has just made
// (empty, one group), so, rather than a putAny call each (about 120
// instructions: the call, the map's tests, the hash, the slot and the
// control word), the loop writes member j straight into slot j
// (anyMapGroup.set) and sealGroup then hashes the keys and writes the
// control word and count once: about 95 instructions a member, 30 of
// them the hash, where putAny took about 120 (events dataset).

// freshGroup returns m's group when m is an empty map of one group with
// room for n members (as newMapAny makes one for up to 8) and putAny's
// direct writes are on; the caller sets member j into slot j with set and
// then calls sealGroup(m, g, n). Otherwise it returns nil, and members go
// through putAny. Until sealGroup, m is empty to the runtime: nothing
// else may read or write it.
func freshGroup(m map[string]any, n int) *anyMapGroup {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if !putAnyOK || n > len(anyMapGroup{}.slots) || h == nil || h.dirPtr == nil ||
		h.dirLen != 0 || h.used != 0 || h.writing != 0 {
		return nil
	}
	if g := (*anyMapGroup)(h.dirPtr); g.ctrl == groupEmpty {
		return g
	}
	return nil
}

// set writes member j, key and v, into slot j of g, a group from
// freshGroup, not yet sealed.
func (g *anyMapGroup) set(j int, key string, v any) {
	g.slots[j&7] = anyMapSlot{key: key, val: v}
}

// sealGroup makes the first n slots of g, m's group from freshGroup, m's
// members: it hashes each key with m's seed (as the runtime's assignment
// does) into its control byte and sets m's count. A key equal to an
// earlier one (an object that names a member twice, whose last value
// wins, as in encoding/json) sends the n members through the runtime's
// assignment in order instead; keys whose hashes only share the 7 bits of
// a control byte are fine, as in any map.
func sealGroup(m map[string]any, g *anyMapGroup, n int) {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	seed := h.seed
	var ctrl uint64 // the control bytes of slots 0 to j-1, zero above
	for j := range n & 15 {
		h2 := uint64(strhash(unsafe.Pointer(&g.slots[j&7].key), seed) & 0x7F)
		sh := uint(j*8) & 63
		x := ctrl ^ ctrlLSB*h2
		// A slot before j that may hold the key (the runtime's matchH2;
		// the zero bytes from j on, masked, would match an h2 of 0).
		if (x-ctrlLSB)&^x&ctrlMSB&(1<<sh-1) != 0 && keyBefore(g, j) {
			assignGroup(m, g, n)
			return
		}
		ctrl |= h2 << sh
	}
	g.ctrl = ctrl | groupEmpty&^(1<<(8*uint(n))-1) // slots from n on empty
	h.used = uint64(n)
}

// keyBefore reports whether slot j's key is in one of the slots before it.
func keyBefore(g *anyMapGroup, j int) bool {
	for i := range j {
		if g.slots[i].key == g.slots[j].key {
			return true
		}
	}
	return false
}

// assignGroup takes the n members out of g, m's unsealed group, and sets
// them in m in order with the runtime's assignment, which keeps the last
// value of a key named twice.
func assignGroup(m map[string]any, g *anyMapGroup, n int) {
	var s [len(anyMapGroup{}.slots)]anyMapSlot
	copy(s[:n], g.slots[:n])
	clear(g.slots[:n]) // m is still empty to the runtime: control word empty, count 0
	for _, e := range s[:n] {
		m[e.key] = e.val
	}
}

// Keys hashed once a call. The maps a Decode makes in its arrays share
// one seed (mapSlabs.inArrays), and their keys come from the string table,
// a few entries named in object after object (25 rows of the events
// dataset seal about 320 keys of a few dozen entries), so a key's control
// byte, kept by its table index in mapSlabs.h2, serves every map of the
// call: seal looks it up where sealGroup calls the runtime's hash for
// each key (about 28 instructions a key, and the spills around the call).
// Unmarshal of 25 events rows: about 200,650 instructions, 196,350 so.

// seal is sealGroup for members whose keys are the string-table entries
// ids[0] to ids[n-1]: for a map made in s's arrays (of s's seed) it takes
// the control word from s.shapes when it sealed these n keys before (see
// below); else it takes each key's control byte from s.h2 (cachedCtrl, a
// loop without calls), hashing the entries met for the first time
// (hashCtrl), and compares keys (sealDup) only when two keys share a
// control byte. Any other map it seals with sealGroup.
func (s *mapSlabs) seal(m map[string]any, g *anyMapGroup, n int, ids *[8]uint32) {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if h.seed != s.seed || s.seed == 0 || n > len(ids) {
		sealGroup(m, g, n)
		return
	}
	key := uint64(n) | s.gen
	var e *ctrlShape
	if s.shapes != nil {
		if e = &s.shapes[shapeSlot(ids, n)]; e.key == key && sameIDs(&e.ids, ids) {
			g.ctrl = e.ctrl | groupEmpty&^(1<<(8*uint(n))-1)
			h.used = uint64(n)
			return
		}
	}
	ctrl, dup, ok := s.cachedCtrl(n, ids)
	if !ok {
		ctrl, dup = s.hashCtrl(g, n, ids)
	}
	if dup && sealDup(m, g, n, ctrl) {
		return // a key named twice: not kept, as it takes the runtime's path
	}
	if e != nil {
		e.ids, e.key, e.ctrl = *ids, key, ctrl
	}
	g.ctrl = ctrl | groupEmpty&^(1<<(8*uint(n))-1) // slots from n on empty
	h.used = uint64(n)
}

// A map's control word by its keys. The objects of a Decode repeat a few
// sets of keys in one order (the commits of a push event, their authors,
// the users of pull requests), so seal keeps the control word of the last
// n keys ids[0] to ids[n-1] it sealed without a key named twice in
// mapSlabs.shapes, by a hash of the first four keys and n (shapeSlot), and
// takes it from there when all n keys match: about 20 instructions a map,
// where cachedCtrl takes about 26 a key and sealDup about 300 a map whose
// keys share a control byte (one map in ten).

// shapesCached is how many control words mapSlabs.shapes holds.
const shapesCached = 32

// ctrlShape is a control word of mapSlabs.shapes: the n keys by
// string-table index (as seal's ids, entries from n on as they were), n
// and the call's generation in key (n | mapSlabs.gen), and the control
// bytes they make, without their top bits.
type ctrlShape struct {
	ids  [8]uint32
	key  uint64
	ctrl uint64
}

// shapeSlot returns the index in mapSlabs.shapes of the keys ids[0] to
// ids[n-1]: a multiplicative hash of the first four and n. It inlines.
func shapeSlot(ids *[8]uint32, n int) uint {
	w := uint64(ids[0]) | uint64(ids[1])<<32
	v := uint64(ids[2]) | uint64(ids[3])<<32
	return uint(((w+uint64(n))*0x9E3779B97F4A7C15^v*0xC2B2AE3D27D4EB4F)>>(64-5)) & (shapesCached - 1)
}

// sameIDs reports whether a and b hold the same eight indexes, read as
// four words: where a == b calls memequal for its 32 bytes. It inlines.
func sameIDs(a, b *[8]uint32) bool {
	x, y := (*[4]uint64)(unsafe.Pointer(a)), (*[4]uint64)(unsafe.Pointer(b))
	return (x[0]^y[0])|(x[1]^y[1])|(x[2]^y[2])|(x[3]^y[3]) == 0
}

// cachedCtrl returns the control bytes, without their top bit, of the n
// keys ids[0] to ids[n-1] (in bytes 0 to n-1 of ctrl) when s.h2 holds
// every one (ok), and whether two of them are equal (dup). It makes no
// call, so its state stays in registers: about 16 instructions a key, where
// a loop with keyHash's call in it took about 32 (spills around the call,
// and a pass over the control word a map for dup).
func (s *mapSlabs) cachedCtrl(n int, ids *[8]uint32) (ctrl uint64, dup, ok bool) {
	var lo, hi, twice uint64 // the control bytes met (low 6 bits as a bit of lo or hi, by bit 6), and any met twice
	for j := n - 1; j >= 0; j-- {
		id := ids[j&7]
		if id >= keyHashesCached {
			return 0, false, false
		}
		b := uint64(s.h2[id])
		if b == 0 {
			return 0, false, false
		}
		bit := uint64(1) << (b & 63)
		if b&64 != 0 {
			twice |= hi & bit
			hi |= bit
		} else {
			twice |= lo & bit
			lo |= bit
		}
		ctrl = ctrl<<8 | b&0x7F
	}
	return ctrl, twice != 0, true
}

// hashCtrl is cachedCtrl for keys some of which s.h2 does not hold: it
// hashes those (keyHash, which keeps the byte in s.h2 when it can) and
// returns ctrl and dup as cachedCtrl does.
//
//go:noinline
func (s *mapSlabs) hashCtrl(g *anyMapGroup, n int, ids *[8]uint32) (ctrl uint64, dup bool) {
	var seen [2]uint64 // the control bytes met, as in cachedCtrl
	twice := uint64(0)
	for j := n - 1; j >= 0; j-- {
		id := ids[j&7]
		b := uint64(0)
		if id < keyHashesCached {
			b = uint64(s.h2[id])
		}
		if b == 0 {
			b = s.keyHash(g, j, id)
		}
		w, bit := &seen[b>>6&1], uint64(1)<<(b&63)
		twice |= *w & bit
		*w |= bit
		ctrl = ctrl<<8 | b&0x7F
	}
	return ctrl, twice != 0
}

// sealDup is seal's path for members two of whose keys share a control
// byte (ctrl, n bytes): when some key equals an earlier one it sets the
// members with the runtime's assignment (assignGroup) and reports true;
// otherwise it changes nothing and reports false. It compares slot j's key
// only with the earlier keys of its control byte (sameKeyBefore), where
// keyBefore compared it with every earlier one.
//
//go:noinline
func sealDup(m map[string]any, g *anyMapGroup, n int, ctrl uint64) bool {
	for j := 1; j < n; j++ {
		sh := uint(j*8) & 63
		x := ctrl ^ ctrlLSB*(ctrl>>sh&0x7F)
		if match := (x - ctrlLSB) &^ x & ctrlMSB & (1<<sh - 1); match != 0 && sameKeyBefore(g, j, match) {
			assignGroup(m, g, n)
			return true
		}
	}
	return false
}

// sameKeyBefore reports whether slot j's key is in one of the slots before
// it that match marks (the top bit of byte i for slot i; a mark above a
// true one may be false, as the zero-byte test's borrow leaves it).
func sameKeyBefore(g *anyMapGroup, j int, match uint64) bool {
	for ; match != 0; match &= match - 1 {
		if i := bits.TrailingZeros64(match) >> 3; g.slots[i&7].key == g.slots[j&7].key {
			return true
		}
	}
	return false
}

// keyHash returns the control byte (0x80 | the hash's low 7 bits) of slot
// j's key, string-table entry id, with s's seed, and keeps it in s.h2 when
// id is below keyHashesCached.
//
//go:noinline
func (s *mapSlabs) keyHash(g *anyMapGroup, j int, id uint32) uint64 {
	b := 0x80 | uint64(strhash(unsafe.Pointer(&g.slots[j&7].key), s.seed)&0x7F)
	if id < keyHashesCached {
		s.h2[id] = uint8(b)
	}
	return b
}
