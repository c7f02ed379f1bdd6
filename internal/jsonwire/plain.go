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
	return plainTail(s, i)
}

// plainTail returns the index of the first byte of s at or after i that
// is not plain, or len(s), for the bytes PlainPrefix leaves after its
// blocks (fewer than 16) or a short run: a word at a time, the first such
// byte found by the word's lowest flagged lane, and the last bytes, fewer
// than eight, by a load of s's last word with the lanes before i made
// plain. Only strings shorter than eight bytes are walked a byte at a time.
// A tail of 8 to 15 bytes costs two word tests instead of up to fifteen
// table lookups.
func plainTail[S ~string | ~[]byte](s S, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := plainStops(Load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i >= len(s) {
		return i
	}
	if j := len(s) - 8; j >= 0 {
		// i > j. The lanes below i are set to 'a' before the test: a
		// byte there that is not plain (where a caller starts after one)
		// could carry into lane i.
		below := uint64(1)<<(8*uint(i-j)) - 1
		m := plainStops(Load64(s, j)&^below | swarLo*'a'&below)
		if m == 0 {
			return len(s)
		}
		return j + bits.TrailingZeros64(m)>>3
	}
	for ; i < len(s) && plainTable[s[i]]; i++ {
	}
	return i
}

// plainStops returns w with the high bit of each lane set that holds a
// byte that is not plain, exact up to and including the lowest such lane:
// a byte of 0x80 or more sets its own, and specialLanes' additions, which
// may carry out of such a lane, carry only into lanes above it. Inlines.
func plainStops(w uint64) uint64 { return (w | specialLanes(w)) & SWARHi }
