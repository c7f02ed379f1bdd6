package jsonwire

import "math/bits"

// ASCIIFlags returns StringFlags(s) and true when every byte of s is ASCII,
// and false when one is not (the caller then asks StringFlags). It reads s
// eight bytes a turn, the last word overlapping the one before it, finds
// the word's bytes that are not plain with specialLanes, and looks up the
// flags of those alone: for the short strings that hold a quote or a
// control byte (permission strings such as read("user:1"), text with a
// newline), it costs a little over half of what StringFlags does, which
// restarts its sweep after every byte that is not plain. It stops at the
// first word holding a byte from 0x80. No allocation.
func ASCIIFlags[S ~string | ~[]byte](s S) (uint8, bool) {
	n := len(s)
	var flags uint8
	if n < 8 {
		for i := 0; i < n; i++ {
			c := s[i]
			if c >= 0x80 {
				return 0, false
			}
			flags |= asciiFlags[c]
		}
		return flags, true
	}
	for i := 0; ; {
		w := Load64(s, i)
		if w&SWARHi != 0 {
			return 0, false
		}
		for sp := specialLanes(w); sp != 0; sp &= sp - 1 {
			// The lane's high bit is bit 8k+7 of byte k; the mask
			// tells the compiler the index is within the table.
			flags |= asciiFlags[byte(w>>(bits.TrailingZeros64(sp)&^7))&0x7F]
		}
		if i+8 >= n {
			break
		}
		i = min(i+8, n-8)
	}
	return flags, true
}
