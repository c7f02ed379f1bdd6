package rowpage

import "reflect"

// typeCache remembers, for the types a walker met last, their typeInfo and
// struct fields, which infoOf and cachedFields keep in sync.Maps: a
// sync.Map load hashes the type as an interface and walks a trie, about
// 150 instructions, and the walker asks for every value it reflects on (a
// nested struct's every field), so for rows of structs with nested values
// the loads were 7% of building the page. A slot is the type's address,
// hashed, in a table of typeCacheSlots: finding a type there costs the
// hash, one comparison and a load, and a type of another slot just takes
// the slot over. The cache holds no caller values (types and what is
// derived from them are immutable and shared), so it is kept from one
// page to the next.
type typeCache struct {
	slots [typeCacheSlots]typeSlot
}

// typeSlot is one type's entry: its typeInfo, and its struct fields once
// asked for (nil before).
type typeSlot struct {
	t  reflect.Type
	ti *typeInfo
	sf *structFields
}

// typeCacheSlots is the number of slots, a power of two: a page's rows
// reflect on a few dozen types at most.
const typeCacheSlots = 64

// slot returns t's slot, filling it on a miss.
func (c *typeCache) slot(t reflect.Type) *typeSlot {
	p := typeAddr(t)
	s := &c.slots[(p>>4^p>>10)&(typeCacheSlots-1)]
	if s.t != t {
		*s = typeSlot{t: t, ti: infoOf(t)}
	}
	return s
}

// info returns infoOf(t), from the walker's cache.
func (w *walker) info(t reflect.Type) *typeInfo { return w.types.slot(t).ti }

// structFields returns cachedFields(t), from the walker's cache.
func (w *walker) structFields(t reflect.Type) *structFields {
	s := w.types.slot(t)
	if s.sf == nil {
		s.sf = cachedFields(t)
	}
	return s.sf
}
