//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestSealByKeyIndex fills maps made in one mapSlabs's arrays (one seed,
// so seal takes the keys' control bytes from its cache), in another's and
// by make (other seeds: sealGroup) as membersBytes does, each key a string-table
// entry by index (indexes past keyHashesCached included, two indexes of
// one text included, keys named twice included, part of the members
// sealed and the rest put as mapAnyBytes does at a raw member), and
// compares each map with the runtime's assignment by reflect.DeepEqual, by
// lookup of every key, by length, and after growing past 8 members.
func TestSealByKeyIndex(t *testing.T) {
	skipWithoutPutAny(t)
	r := rand.New(rand.NewPCG(7, 11))
	// table[i] is entry i's text: random keys, short and long, with some
	// texts at two indexes (a table need not hold each text once).
	table := make([]string, 2*keyHashesCached)
	for i := range table {
		if i > 0 && r.IntN(10) == 0 {
			table[i] = table[r.IntN(i)]
		} else {
			table[i] = strings.Repeat(string(rune('a'+r.IntN(26))), 1+r.IntN(4)*r.IntN(30)) + strconv.Itoa(r.IntN(50))
		}
	}
	for round := range 40 {
		var s, other mapSlabs // other's maps have a seed of their own
		sealed := 0
		for n := range 1000 {
			var m map[string]any
			switch n % 5 {
			case 0:
				m = make(map[string]any, 1+r.IntN(8))
			case 1:
				m = other.inArrays()
			default:
				m = s.inArrays()
			}
			ids := make([]uint32, r.IntN(9))
			pool := 4 + r.IntN(len(table)-4) // some rounds of few keys, many named twice
			for i := range ids {
				if i > 0 && r.IntN(8) == 0 {
					ids[i] = ids[r.IntN(i)]
				} else {
					ids[i] = uint32(r.IntN(pool))
				}
			}
			g := freshGroup(m, len(ids))
			cut := len(ids)
			if g == nil {
				if n%5 != 0 {
					t.Fatalf("round %d, map %d: freshGroup refused a new map", round, n)
				}
				cut = 0
			} else if r.IntN(5) == 0 {
				cut = r.IntN(len(ids) + 1)
			}
			var slotIDs [8]uint32
			ref := map[string]any{}
			for i, id := range ids {
				k := table[id]
				ref[k] = i
				if i < cut {
					g.set(i, k, i)
					slotIDs[i] = id
					continue
				}
				if i == cut && g != nil {
					s.seal(m, g, cut, &slotIDs)
				}
				putAny(m, k, i)
			}
			if g != nil && cut == len(ids) {
				s.seal(m, g, cut, &slotIDs)
				sealed++
			}
			if len(m) != len(ref) || !reflect.DeepEqual(m, ref) {
				t.Fatalf("round %d, map %d (ids %v, cut %d): seal made %v, want %v", round, n, ids, cut, m, ref)
			}
			for k, v := range ref {
				if got, ok := m[k]; !ok || got != v {
					t.Fatalf("round %d, map %d: m[%q] = %v, %v, want %v", round, n, k, got, ok, v)
				}
			}
			for k := range ref { // assigning again finds each key in place
				m[k] = ref[k]
			}
			if len(m) != len(ref) {
				t.Fatalf("round %d, map %d: %d members after assigning again, want %d", round, n, len(m), len(ref))
			}
			for i := range 9 {
				extra := strings.Repeat("y", i+70)
				m[extra], ref[extra] = i, i
			}
			if !reflect.DeepEqual(m, ref) {
				t.Fatalf("round %d, map %d: grown, %v, want %v", round, n, m, ref)
			}
		}
		if sealed < 500 {
			t.Fatalf("round %d: only %d maps sealed whole", round, sealed)
		}
	}
}

// TestSealShapes seals a few sets of keys again and again into new maps of
// one mapSlabs, as the objects of a Decode repeat them, so that seal takes
// most control words from mapSlabs.shapes: sets that differ only past
// their fourth key (one slot of shapes, taken in turn), only in n (the
// same indexes), in order, a set that names a key twice and one that
// holds two indexes of one text (never kept). Each map is compared with
// the runtime's assignment by reflect.DeepEqual and by lookup, and the
// shapes must have served a good part of them (about half: three sets
// share a slot, two are never kept).
func TestSealShapes(t *testing.T) {
	skipWithoutPutAny(t)
	table := []string{"id", "url", "name", "login", "sha", "author", "message", "distinct", "email", "id", "x", "y"}
	sets := [][]uint32{
		{0, 1, 2, 3, 4, 5, 6, 7},
		{0, 1, 2, 3, 4, 5, 6, 8}, // differs past the fourth key only
		{0, 1, 2, 3, 8, 7, 6, 5},
		{4, 0}, {4, 0, 0}, {4}, // the same indexes, another n; a key named twice
		{0, 4}, {1, 2, 3},
		{0, 9}, // two indexes of one text
		{}, {10}, {11, 10},
	}
	r := rand.New(rand.NewPCG(5, 8))
	var s mapSlabs
	var shapes mapShapes
	s.useShapes(&shapes)
	missed := 0
	for round := range 4000 {
		ids := sets[r.IntN(len(sets))]
		n := len(ids)
		m := s.inArrays()
		g := freshGroup(m, n)
		if g == nil {
			t.Fatalf("round %d: freshGroup refused a new map", round)
		}
		var slotIDs [8]uint32
		ref := map[string]any{}
		for i, id := range ids {
			g.set(i, table[id], i)
			slotIDs[i] = id
			ref[table[id]] = i
		}
		e := &s.shapes[shapeSlot(&slotIDs, n)]
		if e.key != uint64(n)|s.gen || e.ids != slotIDs {
			missed++
		}
		s.seal(m, g, n, &slotIDs)
		if len(m) != len(ref) || !reflect.DeepEqual(m, ref) {
			t.Fatalf("round %d (ids %v): seal made %v, want %v", round, ids, m, ref)
		}
		for k, v := range ref {
			if got, ok := m[k]; !ok || got != v {
				t.Fatalf("round %d (ids %v): m[%q] = %v, %v, want %v", round, ids, k, got, ok, v)
			}
		}
	}
	if missed > 2600 {
		t.Fatalf("%d of 4000 maps missed mapSlabs.shapes", missed)
	}
}

// TestSealShapesCalls seals the same key indexes in call after call, as
// Unmarshal calls do with one scratch's shapes, where each call's table
// holds other texts at those indexes (and its maps another seed): a
// control word kept by an earlier call must not serve a later one.
func TestSealShapesCalls(t *testing.T) {
	skipWithoutPutAny(t)
	var shapes mapShapes
	sets := [][]uint32{{0, 1, 2}, {3, 4}, {0, 1, 2, 3, 4, 5, 6, 7}, {7}}
	for call := range 300 {
		table := make([]string, 8)
		for i := range table {
			table[i] = "k" + strconv.Itoa(call) + "_" + strconv.Itoa(i)
		}
		var s mapSlabs
		s.useShapes(&shapes)
		for range 3 {
			for _, ids := range sets {
				m := s.inArrays()
				g := freshGroup(m, len(ids))
				var slotIDs [8]uint32
				ref := map[string]any{}
				for i, id := range ids {
					g.set(i, table[id], i)
					slotIDs[i] = id
					ref[table[id]] = i
				}
				s.seal(m, g, len(ids), &slotIDs)
				for k, v := range ref {
					if got, ok := m[k]; !ok || got != v {
						t.Fatalf("call %d (ids %v): m[%q] = %v, %v, want %v", call, ids, k, got, ok, v)
					}
				}
				if !reflect.DeepEqual(m, ref) {
					t.Fatalf("call %d (ids %v): seal made %v, want %v", call, ids, m, ref)
				}
			}
		}
	}
}

// TestCachedCtrl checks cachedCtrl and hashCtrl against the control
// bytes taken one by one and a comparison of every pair of them: random
// tables of cached bytes (some entries not cached yet, some indexes past
// keyHashesCached), few distinct bytes (pairs), maps of 0 to 8 keys.
func TestCachedCtrl(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var s mapSlabs
		s.seed = uintptr(1 + r.Uint64())
		for id := range s.h2 {
			if r.IntN(8) != 0 {
				b := uint8(r.IntN(128))
				if r.IntN(3) == 0 {
					b = uint8(r.IntN(3)) // few values: pairs
				}
				s.h2[id] = 0x80 | b
			}
		}
		var g anyMapGroup
		var ids [8]uint32
		n := r.IntN(9)
		for j := range n {
			ids[j] = uint32(r.IntN(keyHashesCached + 16))
			g.slots[j].key = "k" + strconv.Itoa(int(ids[j]))
		}
		var want uint64
		wantOK, wantDup := true, false
		for j := range n {
			id := ids[j]
			if id >= keyHashesCached || s.h2[id] == 0 {
				wantOK = false
				continue
			}
			want |= uint64(s.h2[id]&0x7F) << (8 * j)
			for i := range j {
				if ids[i] < keyHashesCached && s.h2[ids[i]] == s.h2[id] {
					wantDup = true
				}
			}
		}
		ctrl, dup, ok := s.cachedCtrl(n, &ids)
		if ok != wantOK || ok && (ctrl != want || dup != wantDup) {
			t.Fatalf("cachedCtrl(%d, %v) = %#x, %v, %v, want %#x, %v, %v", n, ids[:n], ctrl, dup, ok, want, wantDup, wantOK)
		}
		// hashCtrl hashes the missing ones into s.h2; then cachedCtrl
		// agrees with it wherever every key can be cached.
		hctrl, hdup := s.hashCtrl(&g, n, &ids)
		var all uint64
		allDup := false
		for j := range n {
			b := uint64(s.h2[ids[j]%keyHashesCached])
			if ids[j] >= keyHashesCached {
				b = 0x80 | uint64(strhash(unsafe.Pointer(&g.slots[j].key), s.seed)&0x7F)
			}
			all |= (b & 0x7F) << (8 * j)
			for i := range j {
				if all>>(8*i)&0xFF == b&0x7F {
					allDup = true
				}
			}
		}
		if hctrl != all || hdup != allDup {
			t.Fatalf("hashCtrl(%d, %v) = %#x, %v, want %#x, %v", n, ids[:n], hctrl, hdup, all, allDup)
		}
		if ctrl, dup, ok := s.cachedCtrl(n, &ids); wantOK || ok {
			if !ok || ctrl != hctrl || dup != hdup {
				t.Fatalf("cachedCtrl after hashCtrl = %#x, %v, %v, want %#x, %v, true", ctrl, dup, ok, hctrl, hdup)
			}
		}
	}
}

// skipWithoutPutAny skips a test of sealed groups where putAny's direct
// writes are off (32-bit platforms, whose map layouts the unsafe code does
// not describe): freshGroup then refuses every map by design.
func skipWithoutPutAny(t *testing.T) {
	t.Helper()
	if !putAnyOK {
		t.Skip("putAny's direct writes are off on this platform: freshGroup returns no group")
	}
}
