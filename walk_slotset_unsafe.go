//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/bits"
	"unsafe"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// slotSet returns the set of columns (bit ci for column ci) of the keys of
// map row m, and puts the value of each in cv[ci], for setRow; a key with
// no column it notes (addFresh) and appends its value to vals, which it
// returns. ok is false only where it cannot read m (a map of an unknown
// layout, or a nil one), and setRow then walks m's entries (entriesSet).
// It reads the keys and values from m's group or tables where the map
// layout is known (mapSlabsOK, bigMapsOK) and finds each key's column in
// the same loop (groupSet), keyCols holding most; a key keyCols lacks
// (a new key, or one of more than 16 bytes) takes keyMiss, and groupSet
// goes on from the slot after it. A row with a new key was read again
// from its entries (entriesOf, about 400 instructions for a sparse row)
// and its keys looked up again up to the new one. The groups of a small
// map (one) and of a map of one table (a row of 9 to 896 keys) are read
// here, in one loop; a map of several tables goes to tablesSet.
func (w *walker) slotSet(m map[string]any, cv *[maxSetCols]any, vals []any) (set uint64, _ []any, ok bool) {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if !mapSlabsOK || h == nil {
		return 0, vals, false
	}
	// h.dirPtr is a group only where there is no directory: converting
	// it to a group pointer otherwise would straddle the directory's
	// allocation (checkptr, under -race, rejects that).
	var g *anyMapGroup
	n := uint64(1)
	switch {
	case h.dirLen == 0:
		g = (*anyMapGroup)(h.dirPtr)
	case !bigMapsOK:
		return 0, vals, false
	case h.dirLen != 1:
		set, vals = w.tablesSet(unsafe.Slice((**mapTable)(h.dirPtr), h.dirLen), cv, vals)
		return set, vals, true
	default:
		t := *(**mapTable)(h.dirPtr)
		g, n = (*anyMapGroup)(t.groups), t.lengthMask+1
	}
	if g == nil {
		return 0, vals, false
	}
	pageTag := keyColTag(w.b.Page, 0)
	for {
		for f := ^g.ctrl & groupEmpty; ; f &= f - 1 {
			if set, f = groupSet(g, f, set, &w.keyCols, pageTag, cv); f == 0 {
				break
			}
			sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
			set, vals = w.keyMiss(sl.key, sl.val, set, cv, vals)
		}
		if n--; n == 0 {
			return set, vals, true
		}
		g = (*anyMapGroup)(unsafe.Add(unsafe.Pointer(g), unsafe.Sizeof(anyMapGroup{})))
	}
}

// tablesSet is slotSet for a map of several tables, dir its directory.
func (w *walker) tablesSet(dir []*mapTable, cv *[maxSetCols]any, vals []any) (set uint64, _ []any) {
	var last *mapTable
	for _, t := range dir {
		if t == last {
			continue // a table has consecutive entries
		}
		last = t
		for gi := range t.lengthMask + 1 {
			g := (*anyMapGroup)(unsafe.Add(t.groups, uintptr(gi)*unsafe.Sizeof(anyMapGroup{})))
			set, vals = w.groupCols(g, set, cv, vals)
		}
	}
	return set, vals
}

// groupCols adds to set the columns of the keys in the full slots of
// group g, with their values in cv, as slotSet does: groupSet for the
// keys keyCols holds, keyMiss for each that it lacks.
func (w *walker) groupCols(g *anyMapGroup, set uint64, cv *[maxSetCols]any, vals []any) (uint64, []any) {
	pageTag := keyColTag(w.b.Page, 0)
	for f := ^g.ctrl & groupEmpty; ; f &= f - 1 {
		if set, f = groupSet(g, f, set, &w.keyCols, pageTag, cv); f == 0 {
			return set, vals
		}
		sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
		set, vals = w.keyMiss(sl.key, sl.val, set, cv, vals)
	}
}

// groupSet adds to set the columns of the keys in the full slots f of
// group g (their control bytes' top bits: f is ^ctrl & groupEmpty or
// what is left of it), as slotSet does, until a key keyCols does not hold
// for the page of pageTag (keyColTag(page, 0)): it returns the slots from
// that key's on, or 0 once every key is added. The loop calls nothing
// (keyCols.get written out, as in entriesSet, and keyLoads with it, the
// test of keys of more than 16 bytes inside its first case: keyLoads
// inlined with the test before it cost 2.9 instructions a key more,
// 489 on a 25-row sparse page).
func groupSet(g *anyMapGroup, f, set uint64, kc *keyCols, pageTag uint64, cv *[maxSetCols]any) (uint64, uint64) {
	_, _, _ = g.ctrl, kc[0], cv[0] // the pointers' nil checks, once rather than a key
	for ; f != 0; f &= f - 1 {
		sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
		k := sl.key
		var ka, kb uint64
		switch n := len(k); {
		case n >= 8:
			if n > 16 {
				return set, f // keyCols holds none; its length would spill into tag
			}
			ka, kb = pagebuild.Load64(k, 0), pagebuild.Load64(k, n-8)
		case n >= 4:
			ka, kb = uint64(pagebuild.Load32(k, 0)), uint64(pagebuild.Load32(k, n-4))
		case n > 0:
			ka = uint64(k[0]) | uint64(k[n>>1])<<8 | uint64(k[n-1])<<16
		}
		x, tag := keyColsMix(ka, kb, len(k)), pageTag|uint64(len(k))
		e := &kc[x>>(64-8)]
		if !e.holds(ka, kb, tag) {
			if e = &kc[x>>(64-16)&(keyColsSize-1)]; !e.holds(ka, kb, tag) {
				return set, f
			}
		}
		ci := uint(e.ci) & (maxSetCols - 1)
		set |= 1 << ci
		cv[ci] = sl.val
	}
	return set, 0
}
