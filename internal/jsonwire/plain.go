package jsonwire

import "math/bits"

// A plain byte can be copied into a JSON string as it is in every escaping
// mode and needs no UTF-8 decoding: ASCII from 0x20 to 0x7F except '"',
// '\\', '<', '>' and '&'. Finding the first byte that is not plain is the
// inner loop of string-flag verification, StringFlags and AppendQuoted, so
// it has an SSE2 form on amd64 (plain_amd64.s) and a SWAR form elsewhere.

// plainTable marks the plain bytes.
var plainTable = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = asciiFlags[c] == 0
	}
	return t
}()

// plainPrefixSWAR returns the index of the first byte of s at or after i
// that is not plain, or len(s): eight bytes a turn, then byte by byte.
func plainPrefixSWAR[S ~string | ~[]byte](s S, i int) int {
	for ; i+16 <= len(s); i += 16 {
		w1, w2 := Load64(s, i), Load64(s, i+8)
		if (w1|w2)&SWARHi != 0 || specialLanes(w1)|specialLanes(w2) != 0 {
			break
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if w := Load64(s, i); w&SWARHi != 0 || specialLanes(w) != 0 {
			break
		}
	}
	for ; i < len(s) && plainTable[s[i]]; i++ {
	}
	return i
}

// FirstNotPlain returns the index (0 to 7) of the first byte of w, eight
// bytes read little-endian, that is not plain, or 8 if all are: the first
// lane of stopLanes, which is exact (a carry from a byte from 0x80 only
// reaches the lanes above it). A caller that expects such a byte within a
// few bytes (after a string in a table of short strings that need
// escaping) tests one word this way, in about ten instructions, before
// it calls PlainPrefix.
func FirstNotPlain(w uint64) int { return bits.TrailingZeros64(stopLanes(w)) >> 3 }
