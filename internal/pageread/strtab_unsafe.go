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
	o := (*[2]uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.offs)), uintptr(i)*4))
	s, e := o[0], o[1]
	if s == e {
		return ""
	}
	return unsafe.String((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(t.str)), uintptr(s))), int(e-s))
}
