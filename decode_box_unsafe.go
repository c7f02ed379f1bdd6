//go:build !purego

package rowpage

import (
	"time"
	"unsafe"
)

// Interface values for generic decoding (cellValue) without an allocation
// each. Converting a string or a large integer to any copies it to the
// heap; a Decode makes many such values (every string and number of a
// map[string]any payload), so instead the interface points at memory the
// call already holds: a string at its cached header in valueDecoder.strs,
// an int64, float64 or time.Time at an element of a shared array of them. None of
// that memory is written again once an interface points at it, which is
// what the runtime assumes of interface data. The cost is retention: a
// kept string value keeps the call's table of string headers alive (16
// bytes per string-table entry up to the largest used), a kept number its
// array of numBoxSlab numbers. The safe twin, built with the purego tag,
// boxes as the language does, each string once per call.

// eface is the layout of an empty interface value.
type eface struct{ typ, data unsafe.Pointer }

// typeWord returns the type word of interface values holding v's type.
func typeWord(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).typ }

var (
	stringWord  = typeWord("")
	int64Word   = typeWord(int64(0))
	float64Word = typeWord(float64(0))
	timeWord    = typeWord(time.Time{})
	listWord    = typeWord([]any(nil))
)

// boxAt returns the interface value of type word typ whose value is at p,
// without copying it.
func boxAt(typ, p unsafe.Pointer) (v any) {
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = typ, p
	return v
}

// numBoxSlab is how many numbers an array of boxed numbers holds.
const numBoxSlab = 64

// boxes holds the arrays that boxed numbers point into.
type boxes struct {
	ints   slab[int64]     // boxed int64s
	floats slab[float64]   // boxed float64s
	texts  slab[string]    // boxed strings made for the call (textAny)
	times  slab[time.Time] // boxed times (timeAny)
	lists  slab[[]any]     // boxed slice headers of arrays (listAny)
}

// strAny returns str(i) as an interface value. With d.cache set it points
// at the cached copy's header, so no string is boxed with an allocation.
func (d *valueDecoder) strAny(i uint32) any {
	s := d.str(i)
	if !d.cache || s == "" || i >= uint32(len(d.strs)) {
		return s // "" boxes without an allocation
	}
	return boxAt(stringWord, unsafe.Pointer(&d.strs[i]))
}

// strBoxed is strAny for an entry already copied, without a call: it
// inlines into the generic decoders' loops, which call strAny only when
// it reports false. (Only a decoder with d.cache copies entries into
// d.strs, so a copied entry means d.cache is set.)
func (d *valueDecoder) strBoxed(i uint32) (v any, ok bool) {
	if i < uint32(len(d.strs)) {
		if p := &d.strs[i]; len(*p) != 0 {
			e := (*eface)(unsafe.Pointer(&v))
			e.typ, e.data = stringWord, unsafe.Pointer(p)
			return v, true
		}
	}
	return nil, false
}

// intAny returns v as an interface value: with d.cache set, v beyond the
// integers the runtime boxes for free is stored in a shared array.
func (d *valueDecoder) intAny(v int64) any {
	if !d.cache || uint64(v) < 256 {
		return v
	}
	p := &d.box.ints.cut(1, numBoxSlab)[0]
	*p = v
	return boxAt(int64Word, unsafe.Pointer(p))
}

// floatAny is intAny for a float64.
func (d *valueDecoder) floatAny(v float64) any {
	if !d.cache {
		return v
	}
	p := &d.box.floats.cut(1, numBoxSlab)[0]
	*p = v
	return boxAt(float64Word, unsafe.Pointer(p))
}

// textAny returns s, a string made for the call (not a cached entry), as
// an interface value: with d.cache set, its header is stored in a shared
// array of them.
func (d *valueDecoder) textAny(s string) any {
	if !d.cache || s == "" {
		return s
	}
	p := &d.box.texts.cut(1, numBoxSlab)[0]
	*p = s
	return boxAt(stringWord, unsafe.Pointer(p))
}

// timeAny is intAny for a time.Time: with d.cache set, t is stored in a
// shared array of times (24 bytes each) instead of a heap object of its
// own.
func (d *valueDecoder) timeAny(t time.Time) any {
	if !d.cache {
		return t
	}
	p := &d.box.times.cut(1, numBoxSlab)[0]
	*p = t
	return boxAt(timeWord, unsafe.Pointer(p))
}

// listAny is intAny for a []any, the value of a generic array: with
// d.cache set, its header (24 bytes) is stored in a shared array of them
// instead of a heap object of its own (convTslice), one allocation per
// numBoxSlab arrays.
func (d *valueDecoder) listAny(l []any) any {
	if !d.cache {
		return l
	}
	p := &d.box.lists.cut(1, numBoxSlab)[0]
	*p = l
	return boxAt(listWord, unsafe.Pointer(p))
}
