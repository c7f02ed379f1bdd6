//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/bits"
	"unsafe"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// slotSet returns the set of columns (bit ci for column ci) of the keys of
// map row m, and puts the value of each in cv[ci], if keyCols holds every
// key of m for page; ok is false otherwise (a key with no column, or
// one that keyCols has not met or cannot hold), and setRow then walks m's
// entries (entriesSet). It reads the keys and values from m's group or
// tables where the map layout is known (mapSlabsOK, bigMapsOK) and finds
// each key's column in the same loop: what setRow did on the entries
// that rowEntries had copied out first, at about 20 instructions a key
// for the copy. A map of an unknown layout gives false.
func slotSet(m map[string]any, kc *keyCols, page uint64, cv *[maxSetCols]any) (set uint64, ok bool) {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if !mapSlabsOK || h == nil {
		return 0, false
	}
	if h.dirLen == 0 {
		if h.dirPtr == nil {
			return 0, false
		}
		return groupSet((*anyMapGroup)(h.dirPtr), 0, kc, page, cv)
	}
	if !bigMapsOK {
		return 0, false
	}
	var last *mapTable
	for _, t := range unsafe.Slice((**mapTable)(h.dirPtr), h.dirLen) {
		if t == last {
			continue // a table has consecutive entries
		}
		last = t
		for gi := range t.lengthMask + 1 {
			g := (*anyMapGroup)(unsafe.Add(t.groups, uintptr(gi)*unsafe.Sizeof(anyMapGroup{})))
			if set, ok = groupSet(g, set, kc, page, cv); !ok {
				return 0, false
			}
		}
	}
	return set, true
}

// groupSet adds to set the columns of the keys in the full slots of group
// g, as slotSet does, or returns false at the first key keyCols does not
// hold for page. The loop calls nothing (keyCols.get written out, as in
// setRow).
func groupSet(g *anyMapGroup, set uint64, kc *keyCols, page uint64, cv *[maxSetCols]any) (uint64, bool) {
	for f := ^g.ctrl & groupEmpty; f != 0; f &= f - 1 {
		sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
		k := sl.key
		var ka, kb uint64
		switch n := len(k); {
		case n >= 8:
			ka, kb = pagebuild.Load64(k, 0), pagebuild.Load64(k, n-8)
		case n >= 4:
			ka, kb = uint64(pagebuild.Load32(k, 0)), uint64(pagebuild.Load32(k, n-4))
		case n > 0:
			ka = uint64(k[0]) | uint64(k[n>>1])<<8 | uint64(k[n-1])<<16
		}
		x := keyColsMix(ka, kb, len(k))
		e := &kc[x>>(64-8)]
		if !e.holds(ka, kb, len(k), page) {
			if e = &kc[x>>(64-16)&(keyColsSize-1)]; !e.holds(ka, kb, len(k), page) {
				return 0, false
			}
		}
		ci := uint(e.ci) & (maxSetCols - 1)
		set |= 1 << ci
		cv[ci] = sl.val
	}
	return set, true
}
