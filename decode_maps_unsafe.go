//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/rand/v2"
	"unsafe"
)

// Small generic maps (map[string]any of at most 8 members, the objects of
// a map[string]any payload) without two allocations each. make allocates
// the map's header (48 bytes), and the first assignment its one group of
// 8 slots (264 bytes); makemap draws a hash seed: about 500 instructions a
// map, 17% of an Unmarshal of the events dataset. Here the header and
// group come from arrays the Decode call shares, set up as the runtime's
// makemap sets up a small map in a header and group the compiler placed
// on the stack (group marked empty, random seed). The layouts below are
// the runtime's of Go 1.26 (internal/runtime/maps.Map and the group of a
// map[string]any), so the file builds for Go 1.26 only, and mapSlabsOK
// checks them once against the map type and a map of make's before the
// first use; elsewhere decode_maps_other.go makes maps with make. The
// cost is retention: a map kept alone keeps its array alive (at most
// mapSlabMost maps, about 20 KiB). A map that grows past 8 members moves
// to memory of its own, as any map does, leaving its group behind.

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
	typ       [48]byte // abi.Type (on 64-bit platforms)
	key, elem unsafe.Pointer
	group     unsafe.Pointer
	hasher    unsafe.Pointer
	groupSize uintptr
	slotSize  uintptr
	elemOff   uintptr
}

// mapAnyWord is the type word of map[string]any.
var mapAnyWord = typeWord(map[string]any(nil))

// mapSlabsOK reports whether the runtime's map type agrees with the
// layouts above, and a map made in them works: set once, at start.
var mapSlabsOK = checkMapSlabs()

// checkMapSlabs checks the map type's group and slot sizes against
// anyMapGroup and anyMapSlot, and the header of maps from make against
// mapHeader, then makes a map in a header and group of its own and sees
// it hold, find, count and iterate what it is given.
func checkMapSlabs() bool {
	mt := (*mapTypeHead)(mapAnyWord)
	if unsafe.Sizeof(uintptr(0)) != 8 { // abi.Type is 48 bytes on 64-bit platforms only
		return false
	}
	if mt.groupSize != unsafe.Sizeof(anyMapGroup{}) ||
		mt.slotSize != unsafe.Sizeof(anyMapSlot{}) || mt.elemOff != unsafe.Offsetof(anyMapSlot{}.val) ||
		*(*uintptr)(mt.group) != unsafe.Sizeof(anyMapGroup{}) { // Group.Size_
		return false
	}
	// A map of make's: a small one's header counts its members and points
	// at its group; one of 9 members points at a directory of tables.
	made := make(map[string]any, 3)
	made["a"], made["b"] = 1, 2
	h := *(**mapHeader)(unsafe.Pointer(&made))
	if h.used != 2 || h.dirPtr == nil || h.dirLen != 0 || h.globalDepth != 0 || h.globalShift != 0 {
		return false
	}
	for i := range 7 {
		made[string(rune('c'+i))] = i
	}
	if h.used != 9 || h.dirLen < 1 {
		return false
	}
	var s mapSlabs
	m := s.inArrays()
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

// mapSlabMost is how many maps the arrays of mapSlabs hold at most: 64
// are about 20 KiB.
const mapSlabMost = 64

// smallAnyMap is the memory of a map[string]any of at most 8 members: its
// header and its group.
type smallAnyMap struct {
	head  mapHeader
	group anyMapGroup
}

// mapSlabs holds the arrays that small generic maps are made in.
type mapSlabs struct {
	free []smallAnyMap // the spare maps of the last array
	size int           // the length of the last array
	seed uintptr       // the hash seed of every map made here, drawn with the first; 0 until then
	// h2 holds, by string-table index, the control byte of that entry as
	// a key of a map of seed (0x80 | the hash's low 7 bits), 0 until
	// hashed: the keys of a Decode's maps are few and repeat from object
	// to object, so seal hashes each once a call (see seal).
	h2 [keyHashesCached]uint8
	// shapes holds the control words of the key sets seal met last (see
	// seal), nil where the caller gives none (useShapes); those of this
	// call have key gen in their key, as they serve the maps of one
	// Decode's string table, like h2.
	shapes *[shapesCached]ctrlShape
	gen    uint64
}

// mapShapes is the memory of mapSlabs.shapes, kept in an Unmarshal call's
// scratch from call to call: 1.5 KiB that a decodeState of its own would
// allocate and clear each call (about 1,000 instructions of allocation
// where the runtime has no span at hand). A call's entries are told from
// those of earlier calls by gen, so it is never cleared.
type mapShapes struct {
	gen uint64 // the last call's, times 16
	tab [shapesCached]ctrlShape
}

// useShapes makes t s's shapes, for a new call: a new generation.
func (s *mapSlabs) useShapes(t *mapShapes) {
	t.gen += 16 // above n, which takes the key's low 4 bits
	s.shapes, s.gen = &t.tab, t.gen
}

// keyHashesCached is how many string-table indexes mapSlabs.h2 holds.
const keyHashesCached = 256

// newMap returns a new map[string]any with room for n members: for n up
// to 8, made in the next element of the arrays, a new array of twice the
// last one's length (8 to mapSlabMost) when it is used up.
func (s *mapSlabs) newMap(n int) map[string]any {
	if n > len(anyMapGroup{}.slots) || !mapSlabsOK {
		return make(map[string]any, n)
	}
	return s.inArrays()
}

// inArrays is newMap for up to 8 members, without its tests. It does what
// the runtime's makemap does for such a map in a header and group of the
// caller's (as the compiler passes it for a map on the stack): it marks
// the group's slots empty and gives the map a random hash seed, here one
// drawn for the first map and shared by all the maps made here (one
// Decode call's), so that a key's hash serves every map of the call (see
// seal). The seed keeps an input from choosing keys that collide, as
// makemap's does: it is random and no input sees it; the runtime does
// not need the seeds of two maps to differ.
func (s *mapSlabs) inArrays() map[string]any {
	if len(s.free) == 0 {
		s.size = min(max(2*s.size, 8), mapSlabMost)
		s.free = make([]smallAnyMap, s.size)
		if s.seed == 0 {
			s.seed = uintptr(rand.Uint64() | 1)
		}
	}
	m := &s.free[0]
	s.free = s.free[1:]
	m.group.ctrl = groupEmpty
	m.head.dirPtr = unsafe.Pointer(&m.group)
	m.head.seed = s.seed
	p := &m.head
	return *(*map[string]any)(unsafe.Pointer(&p))
}
