package format

import "math/bits"

// SetTableFlags sets the flags of every string of a string table being
// written: string i is data[ends[i-1]:ends[i]] (from 0 for i = 0), and its
// two bits go to flags[i/4] as the table stores them (flags must be zero).
//
// Every distinct string of a page passes through here once, which on pages
// of text is, with hashing, the largest cost of encoding; so, like the
// verification that readers make (CheckTableFlags), it sweeps the data once,
// 16 or 32 bytes a turn, stopping only at bytes that are not plain, and
// computes StringFlags in full for each string holding one. ends must be
// ascending and end at len(data).
func SetTableFlags(flags, data []byte, ends []uint32) {
	i, start := 0, 0
	for pos := plainPrefix(data, 0); pos < len(data); pos = plainPrefix(data, pos) {
		end := int(ends[i])
		for end <= pos { // find the string holding pos
			i++
			start, end = end, int(ends[i])
		}
		flags[i>>2] |= StringFlags(data[start:end]) << ((i & 3) * 2)
		pos = end
	}
}

// CheckTableFlags checks the stored flags of every string of a string table
// against its bytes, as a reader that copies strings unescaped must
// (SPEC.md section 3); the arguments are as for SetTableFlags, with ends
// already validated. It returns the index of the first string with wrong
// flags, or -1.
//
// Like SetTableFlags it sweeps the data once, stopping only at bytes that
// are not plain: a string made of plain bytes alone must have flags 0, and
// each string holding another byte gets its flags computed in full. Since a
// string whose flags are non-zero must hold such a byte, counting the
// non-zero stored flags catches one that claims a flag its bytes lack. The
// cost is about that of reading the data once, whatever the number of
// strings.
func CheckTableFlags(flags, data []byte, ends []uint32) int {
	claimed := flaggedCount(flags)
	confirmed := 0
	i, start := 0, 0
	for pos := plainPrefix(data, 0); pos < len(data); pos = plainPrefix(data, pos) {
		end := int(ends[i])
		for end <= pos { // find the string holding pos
			i++
			start, end = end, int(ends[i])
		}
		f := StringFlags(data[start:end])
		if f != tableFlag(flags, i) {
			return firstWrongFlags(flags, data, ends)
		}
		if f != 0 {
			confirmed++
		}
		pos = end
	}
	if confirmed != claimed {
		return firstWrongFlags(flags, data, ends)
	}
	return -1
}

// tableFlag returns string i's two flag bits.
func tableFlag(flags []byte, i int) uint8 { return flags[i>>2] >> ((i & 3) * 2) & 3 }

// flaggedCount returns how many strings have non-zero stored flags. The
// padding bits of the last flags byte are zero (checked before).
func flaggedCount(f []byte) int {
	const pairs = 0x5555555555555555 // the low bit of every 2-bit pair
	n := 0
	for ; len(f) >= 8; f = f[8:] {
		w := load64(f, 0)
		n += bits.OnesCount64((w | w>>1) & pairs)
	}
	for _, b := range f {
		n += bits.OnesCount8((b | b>>1) & 0x55)
	}
	return n
}

// firstWrongFlags finds, string by string, the first string whose stored
// flags differ from its bytes' flags: the slow path that names the culprit
// once CheckTableFlags knows there is one.
func firstWrongFlags(flags, data []byte, ends []uint32) int {
	start := 0
	for i, e := range ends {
		if StringFlags(data[start:e]) != tableFlag(flags, i) {
			return i
		}
		start = int(e)
	}
	return -1
}
