package jsonwire

import "math/bits"

// PlainPrefixNear is PlainPrefix for a caller that expects the next byte
// that is not plain within a few bytes of i, as string-flag verification
// does between the short strings of a table: it tests the word at i in
// line (stopLanes, about a dozen instructions) and calls PlainPrefix, with
// its kernel's set-up, only past a word of plain bytes. It returns the
// index of the first byte of s at or after i that is not plain, or
// len(s).
func PlainPrefixNear(s []byte, i int) int {
	if i+8 <= len(s) {
		if m := stopLanes(Load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	return PlainPrefix(s, i)
}
