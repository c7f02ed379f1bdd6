package jsonwire

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
