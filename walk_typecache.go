package rowpage

import (
	"reflect"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

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

// typeSlot is one type's entry: its typeInfo, its struct fields once
// asked for (nil before), and what the walker decides once per type from
// them (see fill).
type typeSlot struct {
	addr uintptr // typeAddr(t)
	t    reflect.Type
	ti   *typeInfo
	sf   *structFields
	// allFields: a struct every field of which is always written (no
	// omitempty or omitzero, no embedded pointer on the way), so that
	// structValue writes them without a first pass to pick them.
	allFields bool
	// scalarElem: for a slice or array type whose elements encoding/json
	// writes by their kind alone (no MarshalJSON or MarshalText, not
	// json.Number), that bool, number or string kind; else Invalid.
	// array writes such elements in a loop of its own.
	scalarElem reflect.Kind
	// plan: for a struct of allFields, its encPlan once structValue has
	// asked for it (objectPlan), else nil.
	plan *encPlan
	// keys: for a struct written by planObject, the string id+1 of each
	// field's key while the interner's ids hold (its Epoch is keysEpoch),
	// or 0 until the page writes it.
	keys      []uint32
	keysEpoch uint64
}

// typeCacheSlots is the number of slots, a power of two: a page's rows
// reflect on a few dozen types at most.
const typeCacheSlots = 64

// slot returns t's slot, filling it on a miss. The slot is found and
// checked by the address of t's descriptor, one per type, which costs a
// comparison of two words where comparing the reflect.Type interfaces
// called the runtime.
func (c *typeCache) slot(t reflect.Type) *typeSlot {
	p := typeAddr(t)
	s := &c.slots[(p>>4^p>>10)&(typeCacheSlots-1)]
	if s.addr != p || s.t == nil {
		// A type that takes the slot over keeps the key ids' array (not
		// its ids: its length no longer matches, so objectKeys clears it),
		// so that two types sharing a slot do not allocate per row.
		*s = typeSlot{addr: p, t: t, ti: infoOf(t), scalarElem: scalarElemOf(t), keys: s.keys[:0]}
	}
	return s
}

// scalarElemOf returns typeSlot.scalarElem for t.
func scalarElemOf(t reflect.Type) reflect.Kind {
	if k := t.Kind(); k != reflect.Slice && k != reflect.Array {
		return reflect.Invalid
	}
	e := t.Elem()
	switch k := e.Kind(); k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		if encPlain(e) {
			return k
		}
	}
	return reflect.Invalid // uint8 too: a []byte is base64, and an array of them a byte slice's cousin
}

// info returns infoOf(t), from the walker's cache.
func (w *walker) info(t reflect.Type) *typeInfo { return w.types.slot(t).ti }

// structFields returns cachedFields(t), from the walker's cache.
func (w *walker) structFields(t reflect.Type) *structFields { return w.structSlot(t).sf }

// structSlot returns the slot of struct type t with its fields filled in.
func (w *walker) structSlot(t reflect.Type) *typeSlot {
	s := w.types.slot(t)
	if s.sf == nil {
		s.sf = cachedFields(t)
		s.allFields = true
		for i := range s.sf.list {
			f := &s.sf.list[i]
			s.allFields = s.allFields && f.direct && !f.omitEmpty && !f.omitZero
		}
	}
	return s
}

// objectPlan returns the encPlan of s's struct type, from s once asked
// for: encPlanOf's sync.Map load costs more than writing a small struct.
func (w *walker) objectPlan(s *typeSlot) *encPlan {
	if s.plan == nil {
		s.plan = encPlanOf(s.t)
	}
	return s.plan
}

// objectKeys returns s.keys, emptied if the interner's ids have changed
// since they were taken (a new page, or a merge of deferred strings that
// renumbered them: Interner.Epoch): the ids of the keys planObject has
// written on this page, each interned when first written, so that the
// string table keeps the order of first appearance.
func (w *walker) objectKeys(s *typeSlot, n int) []uint32 {
	if e := w.b.In.Epoch; s.keysEpoch != e || len(s.keys) != n {
		s.keysEpoch = e
		s.keys = pagebuild.Grow(s.keys, n)
		clear(s.keys)
	}
	return s.keys
}
