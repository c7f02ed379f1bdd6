//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/bits"
	"unsafe"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Values of a small map[string]any (at most 8 members: one group, no
// directory) read from its group, as decode_maps_unsafe.go lays the map
// out, instead of a runtime lookup per key. A lookup hashes the key and
// scans the group's control bytes, about 125 instructions for a key of a
// map of an event; reading the group's full slots and finding each key in
// the list costs a comparison of lengths per key tried and one of bytes
// (memequal, which returns at once for a key that is the very string, as
// a literal key of a hand-built map is) per match. Used only while
// mapSlabsOK holds: the layouts were checked against the runtime's at
// start.

// smallValuesOfKeys returns m's values for keys, in order, in *scratch, or
// false if m lacks one of them, as valuesOfKeys does; handled is false
// (and the result nothing) when m is not a small map, and the caller looks
// the keys up. It reads no more than the group's 8 slots.
func smallValuesOfKeys(m map[string]any, keys []string, scratch *[]any) (vals []any, ok, handled bool) {
	if !mapSlabsOK {
		return nil, false, false
	}
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if h == nil || h.dirLen != 0 || h.dirPtr == nil || h.used != uint64(len(keys)) {
		return nil, false, false
	}
	g := (*anyMapGroup)(h.dirPtr)
	vals = pagebuild.Grow(*scratch, len(keys))
	*scratch = vals
	// The full slots have the top bit of their control byte clear.
	for full := ^g.ctrl & groupEmpty; full != 0; full &= full - 1 {
		sl := &g.slots[bits.TrailingZeros64(full)>>3&7]
		i := smallKeyIndex(keys, sl.key)
		if i < 0 {
			return nil, false, true // m has a key not in keys: it lacks one of them
		}
		vals[i] = sl.val
	}
	// As many full slots as keys, each key distinct, each slot's key found:
	// m has exactly keys.
	return vals, true, true
}

// smallKeyIndex returns the index of k in keys, or -1. A key that is the
// very string of k (a literal key) is found without comparing bytes.
func smallKeyIndex(keys []string, k string) int {
	for i, x := range keys {
		if len(x) == len(k) && (unsafe.StringData(x) == unsafe.StringData(k) || x == k) {
			return i
		}
	}
	return -1
}
