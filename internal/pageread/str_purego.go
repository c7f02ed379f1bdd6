//go:build purego

package pageread

// bytesString copies b into a string: the safe twin of the unsafe view, one
// allocation per page instead of one per string.
func bytesString(b []byte) string { return string(b) }

// strEntry returns the start and end in t.data of string k and its flags
// byte (the flags of strings k&^3 to k|3, two bits each): the checked twin
// of the unsafe lookup, for a k the caller has checked is below t.count.
func strEntry(t *StringTable, k int) (s, e int, flags byte) {
	o := t.offs[k : k+2 : k+2]
	return int(o[0]), int(o[1]), t.flags[k>>2]
}

// fitOf returns the fit of string k (see fitFor): the checked twin.
func fitOf(t *StringTable, k int) uint32 { return t.fits[k] }

// fitData returns the 32 bytes of string data from the start a fit f
// holds: the checked twin.
func fitData(t *StringTable, f uint32) *[32]byte {
	s := int(f >> fitShift)
	return (*[32]byte)(t.data[s : s+32])
}

// data32 returns the 32 bytes of t.data from s: the checked twin.
func data32(t *StringTable, s int) *[32]byte { return (*[32]byte)(t.data[s : s+32]) }

// strFlags returns the flags byte of string k (strEntry's): the checked
// twin.
func strFlags(t *StringTable, k uint) byte { return t.flags[k>>2] }

// strEnds returns the start and end of string k (strEntry's): the checked
// twin.
func strEnds(t *StringTable, k uint) (s, e int) {
	o := t.offs[k : k+2 : k+2]
	return int(o[0]), int(o[1])
}
