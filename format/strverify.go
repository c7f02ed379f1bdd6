package format

import "math/bits"

// verifyFlags checks every string's stored flags against its bytes, as a
// reader that copies strings unescaped must (SPEC.md section 3). It sweeps
// the string data once, sixteen bytes a turn, stopping only at bytes that
// are not plain: a string made of plain bytes alone must have flags 0, and
// each string holding another byte gets its flags computed in full. Since a
// string whose flags are non-zero must hold such a byte, counting the
// non-zero stored flags catches one that claims a flag its bytes lack. The
// cost is about that of reading the data once, whatever the number of
// strings. It returns the index of the first string with wrong flags, or -1.
// The ends must already be validated.
func (t *StringTable) verifyFlags() int {
	data := t.data
	claimed := t.flaggedCount()
	confirmed := 0
	i, start := 0, 0
	for pos := plainPrefix(data, 0); pos < len(data); pos = plainPrefix(data, pos) {
		end := t.end(i)
		for end <= pos { // find the string holding pos
			i++
			start, end = end, t.end(i)
		}
		f := StringFlags(data[start:end])
		if f != t.Flags(i) {
			return t.firstWrongFlags()
		}
		if f != 0 {
			confirmed++
		}
		pos = end
	}
	if confirmed != claimed {
		return t.firstWrongFlags()
	}
	return -1
}

// flaggedCount returns how many strings have non-zero stored flags. The
// padding bits of the last flags byte are zero (checked before).
func (t *StringTable) flaggedCount() int {
	const pairs = 0x5555555555555555 // the low bit of every 2-bit pair
	n := 0
	f := t.flags
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
// once verifyFlags knows there is one.
func (t *StringTable) firstWrongFlags() int {
	for i := 0; i < t.count; i++ {
		if StringFlags(t.Bytes(i)) != t.Flags(i) {
			return i
		}
	}
	return -1
}
