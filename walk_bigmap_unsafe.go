//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Members of a map[string]any of more than 8 members (a row of a list
// endpoint) read from its tables, laid out as below, instead of a runtime
// lookup per key: a lookup hashes the key with the runtime's hash and
// probes the table, about 120 instructions a key of a row of 15; reading
// each full slot and placing its key by a small table of the wanted keys
// (keyPlaces.index, hashed by a few of the key's bytes) costs about 35.
// Used only while bigMapsOK holds: the layout was checked against maps of
// make's at start. Reading a map that another goroutine writes is a race
// here as it is for a lookup.

// mapTable is the layout of the runtime's table (internal/runtime/maps.
// table of Go 1.26): the directory of a map of more than 8 members points
// at these, a table once for each of its consecutive entries.
type mapTable struct {
	used       uint16
	capacity   uint16
	growthLeft uint16
	localDepth uint8
	index      int
	groups     unsafe.Pointer // [lengthMask+1]anyMapGroup
	lengthMask uint64
}

// bigMapsOK reports whether maps of make's of 9 to 1,000 members, some
// deleted and some put back, read through mapTable give exactly their
// members: set once, at start.
var bigMapsOK = checkBigMaps()

func checkBigMaps() bool {
	if !mapSlabsOK {
		return false
	}
	for _, n := range []int{9, 15, 40, 300, 1000} {
		m := make(map[string]any)
		if n%2 == 0 {
			m = make(map[string]any, n)
		}
		for i := range n {
			m["key"+strconv.Itoa(i)] = i
		}
		for i := 0; i < n; i += 7 { // tombstones, and members moved
			delete(m, "key"+strconv.Itoa(i))
		}
		for i := 0; i < n; i += 14 {
			m["key"+strconv.Itoa(i)] = -i
		}
		if !bigMapReads(m) {
			return false
		}
	}
	return true
}

// bigMapReads reports whether reading m's tables finds exactly m's
// members, checking each table's sizes before reading its groups.
func bigMapReads(m map[string]any) bool {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if h == nil || h.dirLen < 1 || h.dirLen > 1<<16 || h.dirLen&(h.dirLen-1) != 0 || h.used != uint64(len(m)) {
		return false
	}
	seen := 0
	var last *mapTable
	for _, t := range unsafe.Slice((**mapTable)(h.dirPtr), h.dirLen) {
		if t == last {
			continue
		}
		last = t
		if t == nil || t.lengthMask >= 1<<13 || uint64(t.capacity) != (t.lengthMask+1)*8 || t.used > t.capacity {
			return false
		}
		full := 0
		for _, g := range unsafe.Slice((*anyMapGroup)(t.groups), t.lengthMask+1) {
			for f := ^g.ctrl & groupEmpty; f != 0; f &= f - 1 {
				sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
				if v, ok := m[sl.key]; !ok || v != sl.val {
					return false
				}
				full++
			}
		}
		if full != int(t.used) {
			return false
		}
		seen += full
	}
	return seen == len(m)
}

// bigValuesOfKeys returns m's values for keys, in order, in *scratch, or
// false if m lacks one of them, as valuesOfKeys does, for a map of more
// than 8 members; done is false, and nothing read, for another map or
// where the layout is not known. It walks m's tables once, placing each
// member's key by p's index of keys (built on first use).
func bigValuesOfKeys(m map[string]any, keys []string, scratch *[]any, p *keyPlaces) (vals []any, ok, done bool) {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if !bigMapsOK || h == nil || h.dirLen == 0 {
		return nil, false, false
	}
	if h.used != uint64(len(keys)) {
		return nil, false, true
	}
	if len(p.index) == 0 && !p.indexKeys(keys) {
		return nil, false, false
	}
	vals = pagebuild.Grow(*scratch, len(keys))
	*scratch = vals
	// The loop reads the index, the keys and the values' array by
	// pointer, with no bounds checks: an index entry is 0 (no key) or a
	// key's index+1, below len(keys) <= len(vals). It holds fewer values
	// in registers, which as a loop of slices it spilled and reloaded
	// for every member.
	index, mask := unsafe.Pointer(unsafe.SliceData(p.index)), uint64(len(p.index)-1)
	kp, vp, n := unsafe.Pointer(unsafe.SliceData(keys)), unsafe.Pointer(unsafe.SliceData(vals)), uintptr(len(keys))
	found := 0
	var last *mapTable
	for _, t := range unsafe.Slice((**mapTable)(h.dirPtr), h.dirLen) {
		if t == last {
			continue // a table has consecutive entries
		}
		last = t
		for gi := range t.lengthMask + 1 {
			g := (*anyMapGroup)(unsafe.Add(t.groups, uintptr(gi)*unsafe.Sizeof(anyMapGroup{})))
			f := ^g.ctrl & groupEmpty
			found += bits.OnesCount64(f)
			for ; f != 0; f &= f - 1 {
				sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
				k := sl.key
				for i := keyMix(k) >> 40; ; i++ {
					e := uintptr(*(*uint8)(unsafe.Add(index, i&mask))) - 1
					if e >= n {
						return nil, false, true // no key of keys: m has another
					}
					if sameKeyAt(*(*string)(unsafe.Add(kp, e*unsafe.Sizeof(""))), k) {
						*(*any)(unsafe.Add(vp, e*unsafe.Sizeof(any(nil)))) = sl.val
						break
					}
				}
			}
		}
	}
	// As many members as keys, each a distinct key of keys: m has exactly
	// keys.
	return vals, found == len(keys), true
}

// bigEntries appends the keys and values of m to keys and vals, from its
// tables, if m is a map of more than 8 members, without the iterator's
// start (about 250 instructions with its random draw) and step (about 40
// a member); ok is false, and nothing appended, for another map or where
// the layout is not known. The order is the tables'.
func bigEntries(m map[string]any, keys []string, vals []any) ([]string, []any, bool) {
	h := *(**mapHeader)(unsafe.Pointer(&m))
	if !bigMapsOK || h == nil || h.dirLen == 0 {
		return keys, vals, false
	}
	var last *mapTable
	for _, t := range unsafe.Slice((**mapTable)(h.dirPtr), h.dirLen) {
		if t == last {
			continue // a table has consecutive entries
		}
		last = t
		for gi := range t.lengthMask + 1 {
			g := (*anyMapGroup)(unsafe.Add(t.groups, uintptr(gi)*unsafe.Sizeof(anyMapGroup{})))
			for f := ^g.ctrl & groupEmpty; f != 0; f &= f - 1 {
				sl := &g.slots[bits.TrailingZeros64(f)>>3&7]
				keys = append(keys, sl.key)
				vals = append(vals, sl.val)
			}
		}
	}
	return keys, vals, true
}
