package rowpage

import (
	"reflect"
)

// Small values that Decode allocates many of, cut from shared arrays
// instead of one allocation each: the pointees of *string and *time.Time
// fields and the arrays of []int64 fields (as newStrings does for
// []string fields). Each is its own element or run of elements, with a
// capacity of its length, so writing through one, or appending to one,
// never touches another. The cost is retention: a value kept alone keeps
// its array alive (at most 16 KiB).

// slab hands out runs of new zero Ts cut from shared arrays, each with a
// capacity of its length: one allocation serves many small values. Its
// zero value is ready.
type slab[T any] struct {
	free []T // the spare room of the last array
	size int // the length of the last array
}

// cut returns n new zero Ts (n > 0) with capacity n: on their own above
// most/16, else from the spare room, or from a new array of twice the last
// one's length, 64 to most elements.
func (s *slab[T]) cut(n, most int) []T {
	if n > most/16 {
		return make([]T, n)
	}
	if len(s.free) < n {
		s.size = min(max(2*s.size, 64), most)
		s.free = make([]T, s.size)
	}
	r := s.free[:n:n]
	s.free = s.free[n:]
	return r
}

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
			f.setTimePtr(&d.times.cut(1, timeSlab)[0])
		}
	}
	return f.elem(cp.etyp)
}

// newInt64s returns a new []int64 of length and capacity n, non-nil even
// when n is 0, cut from a shared slab when small, as newStrings does.
func (d *decodeState) newInt64s(n int) []int64 {
	if n == 0 {
		return []int64{}
	}
	return d.ints.cut(n, 2048) // arrays of at most 16 KiB
}
