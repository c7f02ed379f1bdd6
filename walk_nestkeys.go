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
	c.OpenContainer(nested, format.TagObject, len(nk.keys))
	in := &w.b.In
	if nk.epoch == in.Epoch {
		for i, id := range nk.ids {
			c.Tagged = pagebuild.AppendID(c.Tagged, id)
			w.path = childPath(path, i)
			if err := w.anyValue(c, true, vals[i], depth+1); err != nil {
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
		if err := w.anyValue(c, true, vals[i], depth+1); err != nil {
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

// Nested maps are sorted once per place. A place is a path: the column of
// the cell, then the index of the key at each map on the way down (the
// elements of an array share the array's place). The maps at one place
// (a column's "actor" objects, its "payload.pull_request" objects) usually
// have the same keys, while maps at different places of one depth, which
// alternate within each row (an event's actor, payload and repo), seldom
// do. nestKeyTable holds, for each depth, the sorted keys of the last two
// key sets met at each of a few places, by a hash of the place: places
// that share a slot only cost a sort, as every map did when one list per
// depth was kept. Two, because a place often alternates between two key
// sets (the payloads of two kinds of event, an object that omits an empty
// key in some rows), where one would be sorted and interned again at each
// switch.
const nestKeySlots = 32 // a power of two, at most 32 (nestKeyTable.used)

// nestKeyTable is one depth's slots of sorted keys, each slot two ways,
// the one used last first. used marks the slots filled since the encoder
// last dropped the caller's strings (release), so that a small page
// clears only the few it used.
type nestKeyTable struct {
	slots [nestKeySlots][2]nestKeys
	used  uint32
}

// nestKeys is the sorted keys of the last map at a place, and the
// provisional ids they were interned as on the page, valid while the
// interner's Epoch is epoch (0: not valid).
type nestKeys struct {
	keys  []string
	ids   []uint32
	epoch uint64
}

// release drops the keys of the slots used since the last release, and
// their ids.
func (t *nestKeyTable) release() {
	for u := t.used; u != 0; u &= u - 1 {
		ways := &t.slots[bits.TrailingZeros32(u)]
		for j := range ways {
			nk := &ways[j]
			clear(nk.keys[:cap(nk.keys)])
			nk.keys = nk.keys[:0] // cleared keys are no longer distinct
			nk.epoch = 0
		}
	}
	t.used = 0
}

// cellPath is the place of a cell's value: its column.
func cellPath(c *pagebuild.Column) uint32 { return (c.Name + 1) * 0x9E3779B1 }

// childPath is the place of the value of a map's i-th key (sorted) at path.
func childPath(path uint32, i int) uint32 { return (path ^ uint32(i+1)) * 0x9E3779B1 }

// sortedKeys returns the way of m's place (path) at depth that holds m's
// keys in sorted order, and m's values in the same order, in the scratch
// of depth. When m has the keys of one of the last two key sets sorted at
// its place, it returns that way with m's values, looked up once each,
// without iterating m or sorting (for a map of a few keys, the iterator's
// start alone costs more than the lookups); the way's ids then still hold.
// Otherwise the way used less recently gets m's keys and no valid ids.
// Either way the returned way becomes the slot's first.
func (w *walker) sortedKeys(m map[string]any, depth int, path uint32) (*nestKeys, []any) {
	for len(w.nestKeys) <= depth {
		w.nestKeys = append(w.nestKeys, new(nestKeyTable))
		w.nestVals = append(w.nestVals, nil)
	}
	t := w.nestKeys[depth]
	i := path >> (32 - 5) // nestKeySlots = 1<<5
	ways := &t.slots[i]
	if vals, ok := w.sameKeys(m, ways[0].keys, depth); ok {
		return &ways[0], vals
	}
	if vals, ok := w.sameKeys(m, ways[1].keys, depth); ok {
		ways[0], ways[1] = ways[1], ways[0]
		return &ways[0], vals
	}
	ways[0], ways[1] = ways[1], ways[0] // the older way takes m's keys, in its buffers
	nk := &ways[0]
	vals := w.nestVals[depth][:0]
	t.used |= 1 << i
	keys := nk.keys[:0]
	for k, v := range m {
		keys = append(keys, k)
		vals = append(vals, v)
	}
	if !slices.IsSorted(keys) {
		sortKeyValues(keys, vals, m)
	}
	nk.keys, nk.epoch = keys, 0
	w.nestVals[depth] = vals
	return nk, vals
}

// sameKeys returns m's values for keys, in the scratch of depth, if m has
// exactly those keys (keys are distinct, a map's, so finding each in m,
// of as many keys, means m has exactly those). Cost: a lookup of each key
// until one is missing, none when the counts differ.
func (w *walker) sameKeys(m map[string]any, keys []string, depth int) ([]any, bool) {
	if len(keys) != len(m) {
		return nil, false
	}
	return valuesOfKeys(m, keys, &w.nestVals[depth])
}
