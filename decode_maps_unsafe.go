//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"unsafe"
)

// Small generic maps (map[string]any of at most 8 members, the objects of
// a map[string]any payload) without two allocations each. make allocates
// the map's header (48 bytes), and the first assignment its one group of
// 8 slots (264 bytes): about 450 instructions a map, 14% of an Unmarshal
// of the events dataset. Here both come from arrays the Decode
// call shares, and the runtime's makemap (which packages may reach by
// linkname, go.dev/issue/67401) sets the map up in them, as it does the
// header and group the compiler places on the stack for a map that does
// not escape. The layouts below are the runtime's of Go 1.26
// (internal/runtime/maps.Map and the group of a map[string]any), so the
// file builds for Go 1.26 only, and mapSlabsOK checks them once against
// the map type before the first use; elsewhere decode_maps_other.go makes
// maps with make. The cost is retention: a map kept alone keeps its
// arrays alive (at most mapSlabMost headers and groups, about 20 KiB). A
// map that grows past 8 members moves to memory of its own, as any map
// does, leaving its group behind.

// mapHeader is the layout of the runtime's map header (maps.Map).
type mapHeader struct {
	used              uint64
	seed              uintptr
	dirPtr            unsafe.Pointer
	dirLen            int
	globalDepth       uint8
	globalShift       uint8
	writing           uint8
	tombstonePossible bool
	clearSeq          uint64
}

// anyMapSlot is one slot of a map[string]any group: a key and its value.
type anyMapSlot struct {
	key string
	val any
}

// anyMapGroup is the layout of a map[string]any's group: a control word
// (one byte a slot) and 8 slots.
type anyMapGroup struct {
	ctrl  uint64
	slots [8]anyMapSlot
}

// groupEmpty is the control word of a group whose slots are all empty.
const groupEmpty = 0x8080808080808080

// mapTypeHead is the layout of the start of the runtime's map type
// (abi.MapType) past its abi.Type, for mapSlabsOK's check.
type mapTypeHead struct {
	typ       [48]byte // abi.Type
	key, elem unsafe.Pointer
	group     unsafe.Pointer
	hasher    unsafe.Pointer
	groupSize uintptr
	slotSize  uintptr
	elemOff   uintptr
}

//go:linkname makemap runtime.makemap
func makemap(t unsafe.Pointer, hint int, m *mapHeader) unsafe.Pointer

// mapAnyWord is the type word of map[string]any.
var mapAnyWord = typeWord(map[string]any(nil))

// mapSlabsOK reports whether the runtime's map type agrees with the
// layouts above, and a map made in them works: set once, at start.
var mapSlabsOK = checkMapSlabs()

// checkMapSlabs checks the map type's group and slot sizes against
// anyMapGroup and anyMapSlot, then makes a map in a header and group of
// its own and sees it hold, find, count and iterate what it is given.
func checkMapSlabs() bool {
	mt := (*mapTypeHead)(mapAnyWord)
	if unsafe.Sizeof(mapTypeHead{}.typ) != 48 || mt.groupSize != unsafe.Sizeof(anyMapGroup{}) ||
		mt.slotSize != unsafe.Sizeof(anyMapSlot{}) || mt.elemOff != unsafe.Offsetof(anyMapSlot{}.val) ||
		*(*uintptr)(mt.group) != unsafe.Sizeof(anyMapGroup{}) { // Group.Size_
		return false
	}
	var s mapSlabs
	m := s.inArrays(3)
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for i, k := range keys {
		m[k] = i
	}
	if len(m) != len(keys) || (*mapHeader)(*(*unsafe.Pointer)(unsafe.Pointer(&m))).dirLen != 0 {
		return false
	}
	for i, k := range keys {
		if v, ok := m[k]; !ok || v != i {
			return false
		}
	}
	seen := 0
	for k, v := range m {
		if keys[v.(int)] != k {
			return false
		}
		seen++
	}
	return seen == len(keys)
}

// mapSlabMost is how many headers and groups the arrays of mapSlabs hold
// at most: 64 groups are about 17 KiB.
const mapSlabMost = 64

// mapSlabs holds the arrays that small generic maps are made in.
type mapSlabs struct {
	heads  []mapHeader   // the spare headers of the last array
	groups []anyMapGroup // the spare groups of the last array
	size   int           // the length of the last arrays
}

// newMap returns a new map[string]any with room for n members: for n up
// to 8, made in the next header and group of the arrays, new arrays of
// twice the last ones' length (8 to mapSlabMost) when they are used up.
func (s *mapSlabs) newMap(n int) map[string]any {
	if n > len(anyMapGroup{}.slots) || !mapSlabsOK {
		return make(map[string]any, n)
	}
	return s.inArrays(n)
}

// inArrays is newMap for n up to 8, without its tests.
func (s *mapSlabs) inArrays(n int) map[string]any {
	if len(s.groups) == 0 {
		s.size = min(max(2*s.size, 8), mapSlabMost)
		s.heads, s.groups = make([]mapHeader, s.size), make([]anyMapGroup, s.size)
	}
	h, g := &s.heads[0], &s.groups[0]
	s.heads, s.groups = s.heads[1:], s.groups[1:]
	g.ctrl = groupEmpty
	h.dirPtr = unsafe.Pointer(g)
	m := makemap(mapAnyWord, n, h) // sets the seed; finds the group in place
	return *(*map[string]any)(unsafe.Pointer(&m))
}
