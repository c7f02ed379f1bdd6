//go:build !purego

package pageread

import "unsafe"

// tableString returns string i of t, a view of the page's memory, without
// bounds checks: String checks i < t.count, and then offs, which holds
// count+1 ends in order with the last at len(data) (parseStrings), has
// i+1, and both ends lie within str. The checked form (strtab_purego.go)
// cost four bounds checks and a masked slice, about 20 instructions, and a
// typed read of the analytics rows looks up a dozen strings a row.
//
// An empty string comes back without a pointer, so that none points past
// the end of the page (checkptr rejects such a pointer).
func tableString(t *StringTable, i int) string {
	o := (*[2]uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.offs)), i*4))
	s, e := o[0], o[1]
	if s == e {
		return ""
	}
	// The string is built from its two words, not by unsafe.String,
	// whose test that the pointer plus the length does not wrap cost
	// five instructions a lookup: the span lies within str.
	return *(*string)(unsafe.Pointer(&stringHeader{unsafe.Add(unsafe.Pointer(unsafe.StringData(t.str)), s), int(e - s)}))
}

// stringHeader is the layout of a string: its data pointer and length.
type stringHeader struct {
	data unsafe.Pointer
	len  int
}

// tableBytes is tableString for Bytes: string i of t as a slice of the
// page's memory (length and capacity its length), without bounds checks,
// for an i that Bytes has checked is below t.count. The checked form cost
// as many bounds checks as String's did. An empty string comes back as
// t.data[:0:0], as the checked slice expression gives it (nil only when
// the data are), and points at no byte past the data.
func tableBytes(t *StringTable, i int) []byte {
	o := (*[2]uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.offs)), uintptr(i)*4))
	s, e := o[0], o[1]
	if s == e {
		return t.data[:0:0]
	}
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.data)), uintptr(s))), int(e-s))
}
