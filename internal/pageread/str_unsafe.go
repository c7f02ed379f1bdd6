//go:build !purego

package pageread

import "unsafe"

// bytesString views b as a string without copying. The caller promises not
// to modify b while the string is in use; pages are immutable once opened.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// strEntry returns the start and end in t.data of string k and its flags
// byte (the flags of strings k&^3 to k|3, two bits each), without bounds
// checks: the renderers' loops look a string up for every key and string
// member, and the two checks of offs and flags were a fifth of a lookup.
// The caller must have checked k < t.count (a checked cursor's index
// against Cursor.max): then offs, which holds count+1 ends, has k+1, and
// flags, which holds (count+3)/4 bytes, has k>>2 (parseStrings).
func strEntry(t *StringTable, k int) (s, e int, flags byte) {
	o := (*[2]uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.offs)), uintptr(k)*4))
	f := *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.flags)), uintptr(k)>>2))
	return int(o[0]), int(o[1]), f
}

// fitOf returns the fit of string k (see fitFor): 0 until set. The caller
// must have checked k < t.count, as for strEntry; fits holds count words.
func fitOf(t *StringTable, k int) uint32 {
	return *(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.fits)), uintptr(k)*4))
}

// fitData returns the 32 bytes of string data from the start a fit f
// holds, which fitFor checked are within t.data.
func fitData(t *StringTable, f uint32) *[32]byte {
	return (*[32]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.data)), uintptr(f>>fitShift)))
}

// data32 returns the 32 bytes of t.data from s, which the caller has
// checked are within it (s+32 at most len(t.data), s not negative).
func data32(t *StringTable, s int) *[32]byte {
	return (*[32]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.data)), uintptr(s)))
}

// strFlags returns the flags byte of string k, as strEntry does, for a k
// the caller has checked is below t.count.
func strFlags(t *StringTable, k uint) byte {
	return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.flags)), k>>2))
}

// strEnds returns the start and end of string k, as strEntry does, for a
// k the caller has checked is below t.count.
func strEnds(t *StringTable, k uint) (s, e int) {
	o := (*[2]uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.offs)), k*4))
	return int(o[0]), int(o[1])
}
