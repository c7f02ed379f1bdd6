package rowpage

import (
	"reflect"
	"sync"
)

// Nested struct plans. A cell that holds an object decoded into a struct
// field (a nested struct, a pointer to one, an element of a slice of
// them) goes through objectInto. It used to find and set each field by
// reflect; a nestedPlan instead resolves each key of the page once per
// struct type and call (encoding/json's field matching, case folding
// included), and writes the value with the same setters as the top-level
// plans (setField): straight into struct memory for the kinds they know,
// by the reflect path for the rest. The result is the same; the cost per
// field is a short scan of the keys seen so far and one setter.

// nestedPlan is the plan of one struct type for the objects of this page.
type nestedPlan struct {
	sp   structPlan  // typ only: what setField needs for paths through pointers
	keys []nestedKey // each key seen so far (up to nestedKeyScan), with its plan
	cols []colPlan
	fs   *structFields
	// direct holds, for each key below nestedDirect that a field takes,
	// the plan's slot in cols plus one; 0 for the others, which field
	// finds as before. Keys are string-table indexes, and the keys of a
	// page's objects sit at the start of its table (its common area), so
	// nearly every member finds its plan with one load (known).
	direct [nestedDirect]uint16
}

// nestedDirect is how many keys, by string-table index, a nested plan
// resolves through its direct table: 256 bytes per struct type met in a
// call.
const nestedDirect = 128

// nestedKey is a key of a nested plan: its string index, and its plan in
// cols, or -1 when no field takes it.
type nestedKey struct {
	k    uint32
	slot int32
}

// nestedKeyScan is how many keys a plan scans before it looks keys up in
// a map instead; objects with more distinct keys than that are rare.
const nestedKeyScan = 32

// nestedPlanFor returns the plan of struct type t, built on first use in
// this Decode call, with room for as many keys and plans as t has
// fields. Its memory comes from a plan an earlier call released (see
// releaseNested) when that one has room, else from three allocations,
// where growing them key by key took two or three per key.
func (d *decodeState) nestedPlanFor(t reflect.Type) *nestedPlan {
	for _, p := range d.nested {
		if p.sp.typ == t {
			return p
		}
	}
	fs := cachedFields(t)
	n := len(fs.list)
	p, _ := nestedPlans.Get().(*nestedPlan)
	if p == nil {
		p = new(nestedPlan)
	}
	p.sp, p.fs = structPlan{typ: t}, fs
	if cap(p.keys) < min(n, nestedKeyScan) {
		p.keys = make([]nestedKey, 0, min(n, nestedKeyScan))
	}
	if cap(p.cols) < n {
		p.cols = make([]colPlan, 0, n)
	}
	d.nested = append(d.nested, p)
	return p
}

// nestedPlans holds the nested plans of finished Decode calls, cleared,
// for later calls to fill: a call that decodes objects into structs
// otherwise spends about 1,500 instructions per struct type allocating
// and zeroing its plan (the direct table alone is 256 bytes).
var nestedPlans sync.Pool

// releaseNested gives the call's nested plans to nestedPlans, cleared.
// Call it only when nothing will read them again: at the end of Decode,
// whose plans (the column plans that point to them included) are the
// call's own. Cost: clearing each plan's direct table and the plans it
// found.
func (d *decodeState) releaseNested() {
	for i, p := range d.nested {
		clear(p.direct[:])
		clear(p.cols) // the types and nested plans they point to
		p.sp, p.fs, p.keys, p.cols = structPlan{}, nil, p.keys[:0], p.cols[:0]
		nestedPlans.Put(p)
		d.nested[i] = nil
	}
	d.nested = d.nested[:0]
}

// known returns the plan of the field that key k (a string index) sets
// when the direct table has it, else nil (then call field): one load. It
// inlines.
func (p *nestedPlan) known(k uint32) *colPlan {
	if k < nestedDirect && p.direct[k] != 0 {
		return &p.cols[p.direct[k]-1]
	}
	return nil
}

// field returns the plan of the field that key k (a string index) sets,
// or nil when the struct has no such field. A later call may grow cols
// (an object of the same type nested inside the value being set); the
// plan returned stays correct, since plans never change once appended.
// A key seen before is found by a short scan of the keys or in
// d.nestedKeys, a new one by encoding/json's field matching (and, when a
// field takes it, entered in the direct table if it fits, for known).
func (p *nestedPlan) field(d *decodeState, k uint32) *colPlan {
	if len(p.keys) <= nestedKeyScan {
		for _, key := range p.keys {
			if key.k == k {
				return p.at(key.slot)
			}
		}
	} else if s, ok := d.nestedKeys[nestedMapKey{p, k}]; ok {
		return p.at(s)
	}
	slot := int32(-1)
	if cp, ok := p.fs.lookupPlan(d.l.Strings.Bytes(int(k))); ok {
		if cellPathsOnly {
			cp = cellPathPlan(cp)
		}
		slot = int32(len(p.cols))
		p.cols = append(p.cols, cp)
	}
	if k < nestedDirect && slot >= 0 && slot < 1<<16-1 {
		p.direct[k] = uint16(slot + 1)
	}
	if len(p.keys) < nestedKeyScan {
		p.keys = append(p.keys, nestedKey{k, slot})
	} else {
		if d.nestedKeys == nil {
			d.nestedKeys = make(map[nestedMapKey]int32)
		}
		d.nestedKeys[nestedMapKey{p, k}] = slot
		if len(p.keys) == nestedKeyScan {
			p.keys = append(p.keys, nestedKey{}) // past the scan from now on
		}
	}
	return p.at(slot)
}

func (p *nestedPlan) at(slot int32) *colPlan {
	if slot < 0 {
		return nil
	}
	return &p.cols[slot]
}

// nestedMapKey names a key of one nested plan, for plans with many keys.
type nestedMapKey struct {
	p *nestedPlan
	k uint32
}

// elemKind returns scalarKind(t), or setStruct for a struct type without
// decoding methods, cached per type for all calls (scalarKind asks
// reflect for four method sets): a load from elemKinds, where a map made
// per call cost about 700 instructions for the first slice of a call.
func (d *decodeState) elemKind(t reflect.Type) setKind {
	if k, ok := elemKinds.Load(t); ok {
		return k.(setKind)
	}
	k := scalarKind(t)
	if k == setGeneric && t.Kind() == reflect.Struct && !hasDecodeMethods(t) {
		k = setStruct
	}
	elemKinds.Store(t, k)
	return k
}

// elemKinds maps a slice's element type to its elemKind.
var elemKinds sync.Map
