package rowpage

import (
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// anyMap writes a map[string]any as a tagged object with sorted keys. A
// map whose keys are those of the last map at its place (sortedKeys)
// writes the ids its keys were interned as then, without interning them
// again.
func (w *walker) anyMap(c *pagebuild.Column, nested bool, m map[string]any, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	path := w.path
	if !nested {
		path = cellPath(c)
	}
	nk, vals := w.sortedKeys(m, depth, path)
	if nested { // OpenContainer's nested case, without its call
		c.Tagged = pagebuild.AppendContainer(c.Tagged, format.TagObject, len(nk.keys))
	} else {
		c.OpenContainer(false, format.TagObject, len(nk.keys))
	}
	in := &w.b.In
	if nk.epoch == in.Epoch {
		for i, id := range nk.ids {
			c.Tagged = pagebuild.AppendID(c.Tagged, id)
			// nestedValue written out: its two first cases, most
			// values, then cost no call (about 60 instructions less for
			// a string or a whole number).
			v := vals[i]
			if s, ok := v.(string); ok {
				w.nestedString(c, s)
				continue
			}
			if x, ok := v.(float64); ok && !w.cellFloats {
				if n, ok := pagebuild.FloatInt(x); ok {
					c.AppendNestedFloatInt(n)
					continue
				}
			}
			w.path = childPath(path, i)
			// Containers as anyValue writes them, without its call
			// and type switch; the rest through it.
			var err error
			if x, ok := v.(map[string]any); ok && x != nil {
				err = w.anyMap(c, true, x, depth+1)
			} else if x, ok := v.([]any); ok {
				err = w.anyArray(c, true, x, depth+1)
			} else {
				err = w.anyValue(c, true, v, depth+1)
			}
			if err != nil {
				return err
			}
		}
		w.path = path
		return nil
	}
	// Intern each key just before its value, as the page's string order
	// needs, and keep the ids for the next map at this place if no
	// renumbering (Interner.Epoch) came in between.
	epoch := in.Epoch
	ids := nk.ids[:0]
	for i, k := range nk.keys {
		id := in.InternKey(k)
		ids = append(ids, id)
		c.Tagged = pagebuild.AppendID(c.Tagged, id)
		w.path = childPath(path, i)
		if err := w.nestedValue(c, vals[i], depth+1); err != nil {
			nk.ids = ids
			return err
		}
	}
	nk.ids = ids
	if in.Epoch == epoch {
		nk.epoch = epoch
	}
	w.path = path // for the next element of an enclosing array
	return nil
}

// nestedValue writes v, a value of a map at depth, inside the object being
// written into c: anyValue, with the two types of most values of the maps
// json.Unmarshal makes, string and a float64 holding an integer, written
// here first, without anyValue's type switch and the call of putString or
// putFloat, and a map or an array passed to anyMap or anyArray without
// anyValue's call. The bytes are anyValue's.
func (w *walker) nestedValue(c *pagebuild.Column, v any, depth int) error {
	switch x := v.(type) {
	case string:
		w.nestedString(c, x)
		return nil
	case float64:
		if v, ok := pagebuild.FloatInt(x); ok && !w.cellFloats {
			c.AppendNestedFloatInt(v)
			return nil
		}
	case map[string]any:
		if x != nil {
			return w.anyMap(c, true, x, depth)
		}
	case []any:
		return w.anyArray(c, true, x, depth)
	}
	return w.anyValue(c, true, v, depth)
}

// Nested maps are sorted once per place. A place is a path: the column of
// the cell, then the index of the key at each map on the way down (the
// elements of an array share the array's place). The maps at one place
// (a column's "actor" objects, its "payload.pull_request" objects) usually
// have the same keys, while maps at different places of one depth, which
// alternate within each row (an event's actor, payload and repo), seldom
// do. nestKeyTable holds, for each depth, the sorted keys of the last
// nestKeyWays key sets met at each of a few places, by a hash of the
// place: places that share a slot only cost a sort, as every map did when
// one list per depth was kept. Several, because a place often alternates
// between a few key sets (the payloads of the kinds of an event, an object
// that omits an empty key in some rows), where one would be sorted and
// interned again at each switch. (With two ways, a page of 1,000 events,
// whose payloads come in eight kinds, sorted and interned 564 nested maps,
// 542 of them a key set already met at their place; with four, 308; with
// eight, 22: each set once.)
const nestKeySlots = 32 // a power of two, at most 32 (nestKeyTable.used)

// nestKeyWays is how many key sets each slot keeps. Finding a map's set
// costs a comparison of counts per way filled, and a lookup of a key for
// each way of as many keys that it misses.
const nestKeyWays = 8

// nestKeyTable is one depth's slots of sorted keys. used marks the slots
// filled since the encoder last dropped the caller's strings (release), so
// that a small page clears only the few it used.
type nestKeyTable struct {
	slots [nestKeySlots]nestKeySlot
	used  uint32
}

// nestKeySlot is the key sets of the places that share a slot: n ways
// filled, last the one used last (tried first), next the one the next new
// set replaces once all are filled. Ways do not move, so a hit copies
// nothing.
type nestKeySlot struct {
	ways          [nestKeyWays]nestKeys
	n, last, next uint8
}

// nestKeys is the sorted keys of the last map at a place, and the
// provisional ids they were interned as on the page, valid while the
// interner's Epoch is epoch (0: not valid).
type nestKeys struct {
	keys  []string
	ids   []uint32
	epoch uint64
	slots keyPlaces // where the last small map of keys held them (valuesOfKeys)
}

// release drops the keys of the slots used since the last release, and
// their ids.
func (t *nestKeyTable) release() {
	for u := t.used; u != 0; u &= u - 1 {
		sl := &t.slots[bits.TrailingZeros32(u)]
		for j := range sl.ways[:sl.n] {
			nk := &sl.ways[j]
			zeroSmall(nk.keys[:cap(nk.keys)])
			nk.keys = nk.keys[:0] // cleared keys are no longer distinct
			nk.epoch = 0
			nk.slots.forgetIndex() // the group's places hold no key
		}
		sl.n, sl.last, sl.next = 0, 0, 0
	}
	t.used = 0
}

// cellPath is the place of a cell's value: its column.
func cellPath(c *pagebuild.Column) uint32 { return (c.Name + 1) * 0x9E3779B1 }

// childPath is the place of the value of a map's i-th key (sorted) at path.
func childPath(path uint32, i int) uint32 { return (path ^ uint32(i+1)) * 0x9E3779B1 }

// sortedKeys returns the way of m's place (path) at depth that holds m's
// keys in sorted order, and m's values in the same order, in the scratch
// of depth. When m has the keys of one of the last nestKeyWays key sets
// sorted at its place's slot, it returns that way with m's values, looked
// up once each, without iterating m or sorting (for a map of a few keys,
// the iterator's start alone costs more than the lookups); the way's ids
// then still hold. Otherwise a way, the oldest once all are filled, gets
// m's keys and no valid ids, read from m's group or tables where the map
// layout is known (entriesOf), else by iterating m. Either way the
// returned way is tried first next time.
func (w *walker) sortedKeys(m map[string]any, depth int, path uint32) (*nestKeys, []any) {
	for len(w.nestKeys) <= depth {
		w.nestKeys = append(w.nestKeys, new(nestKeyTable))
		w.nestVals = append(w.nestVals, nil)
	}
	t := w.nestKeys[depth]
	i := path >> (32 - 5) // nestKeySlots = 1<<5
	sl := &t.slots[i]
	last := int(sl.last)
	// A way whose keys m has: a test of counts, then of each key
	// (valuesOfKeys, whose call comes straight from here: a function of
	// the two, sameKeys, was a call more for every nested map).
	scratch := &w.nestVals[depth]
	if nk := &sl.ways[last]; len(nk.keys) == len(m) {
		if vals, ok := valuesOfKeys(m, nk.keys, scratch, &nk.slots); ok {
			return nk, vals
		}
	}
	for j := range sl.ways[:sl.n] {
		if nk := &sl.ways[j]; j != last && len(nk.keys) == len(m) {
			if vals, ok := valuesOfKeys(m, nk.keys, scratch, &nk.slots); ok {
				sl.last = uint8(j)
				return nk, vals
			}
		}
	}
	j := sl.n
	if j < nestKeyWays {
		sl.n++
	} else {
		j = sl.next
		sl.next = (j + 1) % nestKeyWays
	}
	sl.last = j
	nk := &sl.ways[j]
	vals := w.nestVals[depth][:0]
	t.used |= 1 << i
	keys, vals := entriesOf(m, nk.keys[:0], vals)
	if !slices.IsSorted(keys) {
		sortKeyValues(keys, vals, m)
	}
	nk.keys, nk.epoch = keys, 0
	nk.slots.forgetIndex() // a group's places are checked before use
	w.nestVals[depth] = vals
	return nk, vals
}

// zeroSmall sets every element of s to T's zero value, dropping what it
// referenced. Up to 8 elements it stores them one by one, a few
// instructions each, where clear calls runtime.memclrHasPointers, some 50
// instructions however short s is; longer slices go to clear.
func zeroSmall[T any](s []T) {
	if len(s) > 8 {
		clear(s)
		return
	}
	var zero T
	for i := 0; i < len(s); i++ { // not a range loop: the compiler turns that into clear
		s[i] = zero
	}
}
