//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/bits"
	"unsafe"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Members of a small map[string]any (at most 8: one group, no directory)
// read from its group, laid out as decode_maps_unsafe.go describes,
// instead of a runtime lookup per key or an iterator. A lookup hashes the
// key and scans the group's control bytes, about 125 instructions for a
// key of a map of an event; reading the group's full slots and finding
// each key in the list costs about 40: a comparison of lengths per key
// tried, and for a match a comparison of addresses (a literal key of a
// hand-built map is the very string) or of two words (a key of at most 16
// bytes) or memequal. Used only while mapSlabsOK holds: the layouts were
// checked against the runtime's at start. Reading a map that another
// goroutine writes is a race here as it is for a lookup.

// smallGroup returns the group of m if m is a small map of n members,
// else nil: a test of its header, small enough to be inlined, so that a
// larger map (a row of more than 8 keys) pays no call for it.
func smallGroup(m map[string]any, n int) unsafe.Pointer {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if !mapSlabsOK || h == nil || h.dirLen != 0 || h.used != uint64(n) {
		return nil
	}
	return h.dirPtr
}

// groupValuesOfKeys returns the values for keys, in order, in *scratch,
// of the small map whose group is group (smallGroup) and which has
// len(keys) members, or false if it lacks one of the keys, as
// valuesOfKeys does. It reads no more than the group's 8 slots. When the
// map's full slots are those of p and each holds the key p says, one
// comparison a key finds them (sameKeyAt); otherwise each slot's key is
// searched for in keys, and p learns where they were.
func groupValuesOfKeys(group unsafe.Pointer, keys []string, scratch *[]any, p *keyPlaces) ([]any, bool) {
	g := (*anyMapGroup)(group)
	vals := pagebuild.Grow(*scratch, len(keys))
	*scratch = vals
	// The full slots have the top bit of their control byte clear.
	full := ^g.ctrl & groupEmpty
	if full == p.full {
		f := sameAddressSlots(g, full, keys, vals, p)
		// A key with the bytes but not the address p's list holds (the
		// keys of a decoded map, each a string of its own) is compared
		// here, as are the slots after it.
		for ; f != 0; f &= f - 1 {
			j := bits.TrailingZeros64(f) >> 3 & 7
			sl := &g.slots[j]
			i := int(p.key[j])
			if i >= len(keys) || !sameKeyAt(keys[i], sl.key) {
				break
			}
			vals[i] = sl.val
		}
		if f == 0 {
			// Each full slot held the key p gave it, a distinct
			// index of keys (learnt below) for each: as many slots as
			// keys, so m has exactly keys.
			return vals, true
		}
		if f == full && len(keys) >= rotateMin && rotatedValues(g, keys, vals, p) {
			return vals, true
		}
	}
	var learnt struct {
		full uint64
		key  [8]uint8
	}
	for f := full; f != 0; f &= f - 1 {
		j := bits.TrailingZeros64(f) >> 3 & 7
		sl := &g.slots[j]
		k := sl.key
		// The index of k in keys, searched here (a call of a function
		// too large to inline cost about 10 instructions a key) with
		// sameKeyAt, which inlines: a key that is the very string of k (a
		// literal key) is found without reading bytes, and one of at most
		// 16 bytes (most keys) by comparing two words, not by a call of
		// memequal.
		i := 0
		for ; i < len(keys); i++ {
			if sameKeyAt(keys[i], k) {
				break
			}
		}
		if i == len(keys) {
			return nil, false // m has a key not in keys: it lacks one of them
		}
		vals[i] = sl.val
		learnt.key[j] = uint8(i)
	}
	// As many full slots as keys, each key distinct, each slot's key found:
	// m has exactly keys.
	learnt.full = full
	p.full, p.key = learnt.full, learnt.key
	return vals, true
}

// sameAddressSlots reads into vals the values of the full slots f of g
// whose keys are, in p's list keys, the very strings (same address and
// length) p says, as a map built with literal keys holds them, and
// returns the slots left from the first that is not: none when all are.
// It calls nothing, so that its loop keeps its values in registers: about
// 31 instructions a key, where groupValuesOfKeys's loop, which may call
// sameBytes, reloaded some from the stack for every key (36). vals has at
// least len(keys) elements.
func sameAddressSlots(g *anyMapGroup, f uint64, keys []string, vals []any, p *keyPlaces) uint64 {
	vals = vals[:len(keys)]
	for ; f != 0; f &= f - 1 {
		j := bits.TrailingZeros64(f) >> 3 & 7
		sl := &g.slots[j]
		i := int(p.key[j])
		if i >= len(keys) {
			break
		}
		x := keys[i]
		if len(x) != len(sl.key) || unsafe.StringData(x) != unsafe.StringData(sl.key) {
			break
		}
		vals[i] = sl.val
	}
	return f
}

// rotatedValues is groupValuesOfKeys's way for a map whose members fill
// its first len(keys) slots, as p learnt them, in the same cyclic order
// but begun at another slot: the maps that code fills by ranging over
// another map (a range over a small map starts at a random slot), whose
// slots p would otherwise learn anew for nearly every map. It finds the
// slot p gave the key of slot 0 (a comparison per slot tried), then
// reads each slot's value into vals where p, turned by as many slots,
// says its key is, one comparison a key, as the first loop does; it
// reports false, with vals partly written, at the first key that is not
// there. Cost for a map of 5 keys about 150 instructions, where learning
// its slots cost about 250; groupValuesOfKeys asks it only for maps of
// rotateMin keys or more, whose slots cost more to learn than to turn.
func rotatedValues(g *anyMapGroup, keys []string, vals []any, p *keyPlaces) bool {
	n := len(keys)
	if n < 2 || n > 8 || p.full != groupEmpty>>(64-8*n) {
		return false
	}
	k0 := g.slots[0].key
	r := 1 // slot 0 holds another key than p says (the caller's first loop)
	for ; r < n; r++ {
		if i := int(p.key[r]); i < n && sameKeyAt(keys[i], k0) {
			break
		}
	}
	if r == n {
		return false
	}
	for j := range n {
		q := j + r
		if q >= n {
			q -= n
		}
		sl := &g.slots[j&7]
		i := int(p.key[q&7])
		if i >= n || !sameKeyAt(keys[i], sl.key) {
			return false
		}
		vals[i] = sl.val
	}
	return true
}

// rotateMin is the fewest keys for which groupValuesOfKeys tries
// rotatedValues: for two or three (a point's lat and lon, a parent's id
// and kind) learning the slots anew costs about what the call and the
// search for the turn do.
const rotateMin = 4

// sameKeyAt reports whether x, a key of the list, is k, a map's key: the
// same address and length (a literal key) or the same bytes (sameBytes).
func sameKeyAt(x, k string) bool {
	return len(x) == len(k) && (unsafe.StringData(x) == unsafe.StringData(k) || sameBytes(x, k))
}

// sameBytes reports whether x and k, of the same length, hold the same
// bytes: two loads from each for a string of at most 16 bytes.
func sameBytes(x, k string) bool {
	switch n := len(k); {
	case n > 16:
		return x == k
	case n >= 8:
		return pagebuild.Load64(x, 0) == pagebuild.Load64(k, 0) && pagebuild.Load64(x, n-8) == pagebuild.Load64(k, n-8)
	case n >= 4:
		return pagebuild.Load32(x, 0) == pagebuild.Load32(k, 0) && pagebuild.Load32(x, n-4) == pagebuild.Load32(k, n-4)
	case n > 0: // 1 to 3 bytes: the first, middle and last are all of them
		return x[0] == k[0] && x[n>>1] == k[n>>1] && x[n-1] == k[n-1]
	}
	return true
}

// smallEntries appends the keys and values of m to keys and vals, from
// its group, if m is a small map, without the iterator's start (about 250
// instructions with its random draw) and step per member; ok is false,
// and nothing appended, for another map. The order is the group's.
func smallEntries(m map[string]any, keys []string, vals []any) ([]string, []any, bool) {
	if !mapSlabsOK {
		return keys, vals, false
	}
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if h == nil || h.dirLen != 0 || h.dirPtr == nil {
		return keys, vals, false
	}
	g := (*anyMapGroup)(h.dirPtr)
	for full := ^g.ctrl & groupEmpty; full != 0; full &= full - 1 {
		sl := &g.slots[bits.TrailingZeros64(full)>>3&7]
		keys = append(keys, sl.key)
		vals = append(vals, sl.val)
	}
	return keys, vals, true
}
