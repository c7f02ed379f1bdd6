//go:build !purego

package rowpage

import "unsafe"

// colFields addresses one field, at a direct path, in each of the structs
// of a rowSlots: what byColumns writes a column's cells into. Where the
// elements are the structs themselves it holds the first row's field and
// steps by the element size, so that a row's field costs a multiply and an
// add instead of rowSlots.at's loads and test and field's add (about seven
// instructions a cell on baas-25).
type colFields struct {
	p    unsafe.Pointer // row 0's field; row 0's pointer when ptr
	step uintptr        // the element size
	off  uintptr        // the field's offset, used when ptr
	ptr  bool           // the elements are pointers to the structs
}

// column returns the fields at fp, a direct path, of the first n rows of s.
func (s *rowSlots) column(fp *fieldPath, n int) colFields {
	if s.ptr || n == 0 { // (no address past an empty slice's memory)
		return colFields{p: s.base, step: s.size, off: fp.offset, ptr: s.ptr}
	}
	return colFields{p: unsafe.Add(s.base, fp.offset), step: s.size}
}

// at returns row i's field.
func (c *colFields) at(i int) fieldRef {
	p := unsafe.Add(c.p, uintptr(i)*c.step)
	if c.ptr {
		p = unsafe.Add(*(*unsafe.Pointer)(p), c.off)
	}
	return fieldRef{p}
}
