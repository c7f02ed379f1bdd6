package rowpage

import (
	"reflect"
	"time"
)

// Small values that Decode allocates many of, cut from shared arrays
// instead of one allocation each: the pointees of *string and *time.Time
// fields and the arrays of []int64 fields (as newStrings does for
// []string fields). Each is its own element or run of elements, with a
// capacity of its length, so writing through one, or appending to one,
// never touches another. The cost is retention: a value kept alone keeps
// its array alive (at most 16 KiB).

// ptrSlab says where the pointee of a nil pointer field (setPtr) comes
// from.
type ptrSlab uint8

const (
	slabNone   ptrSlab = iota // its own allocation (fieldRef.elem)
	slabString                // *string: an element of the []string slab (newStrings)
	slabTime                  // *time.Time: an element of decodeState.times
)

// slabOf returns where the pointees of a pointer to t come from.
func slabOf(t reflect.Type) ptrSlab {
	switch t {
	case stringType:
		return slabString
	case timeType:
		return slabTime
	}
	return slabNone
}

// timeSlab is how many time.Time values (24 bytes each) a slab holds.
const timeSlab = 64

// pointee returns the pointee of f, the pointer field that cp describes
// (setPtr), after allocating it when the pointer is nil, as json.Unmarshal
// does before it looks at the value.
func (d *decodeState) pointee(cp *colPlan, f fieldRef) fieldRef {
	switch cp.slab {
	case slabString:
		if f.isNil() {
			s := d.newStrings(1)
			f.setStringPtr(&s[0])
		}
	case slabTime:
		if f.isNil() {
			if len(d.times) == 0 {
				d.times = make([]time.Time, timeSlab)
			}
			f.setTimePtr(&d.times[0])
			d.times = d.times[1:]
		}
	}
	return f.elem(cp.etyp)
}

// newInt64s returns a new []int64 of length and capacity n, non-nil even
// when n is 0, cut from a shared slab when small, as newStrings does.
func (d *decodeState) newInt64s(n int) []int64 {
	const maxSlab = 2048 // 16 KiB
	if n == 0 {
		return []int64{}
	}
	if n > maxSlab/16 {
		return make([]int64, n)
	}
	if len(d.ints) < n {
		d.intsSize = min(max(2*d.intsSize, 64), maxSlab)
		d.ints = make([]int64, d.intsSize)
	}
	s := d.ints[:n:n]
	d.ints = d.ints[n:]
	return s
}
