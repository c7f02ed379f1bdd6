package format

import (
	"encoding/binary"
	"math/bits"
)

// Varints are protobuf-style LEB128: seven value bits per byte, least
// significant group first, the high bit set on every byte but the last.
//
//	uvarint := { 1xxxxxxx } 0xxxxxxx     at most 10 bytes
//
// A uvarint is canonical when it is the shortest encoding of its value: the
// last byte of a multi-byte uvarint is never 0x00, and the tenth byte, if
// any, is 0x01. Signed values are zigzag-mapped first (0, -1, 1, -2, ... to
// 0, 1, 2, 3, ...) so that small magnitudes stay short.
//
// Inlining (go build -gcflags=-m, Go 1.26, budget 80): AppendUvarint (cost
// 71: one-byte values inline, longer ones call appendUvarintSlow), SizeUvarint
// (12), SizeVarint (28), EncodeZigZag (10), DecodeZigZag (11) and
// ConsumeVarint (79, a wrapper around the ConsumeUvarint call) inline.
// ConsumeUvarint (any call to an out-of-line helper costs 57 of the 80, which
// leaves too little for the bounds check) and AppendVarint (the zigzag step
// tips it over) do not; both are straight-line for one- and two-byte values.

// Error codes: the negative lengths Consume functions return.
const (
	ErrCodeTruncated  int = -1 // the input ended inside the value
	ErrCodeOverflow   int = -2 // a varint longer than 10 bytes or above 2^64-1
	ErrCodeNonMinimal int = -3 // a varint ending in a 0x00 byte: a shorter one exists
	ErrCodeInvalid    int = -4 // well formed, but against a rule (a reserved selector, a non-canonical value)
)

// MaxVarintLen is the longest varint.
const MaxVarintLen = 10

// AppendUvarint appends the canonical uvarint of v. It inlines; values
// below 128 take no call.
func AppendUvarint(dst []byte, v uint64) []byte {
	if v < 1<<7 {
		return append(dst, byte(v))
	}
	return appendUvarintSlow(dst, v)
}

// appendUvarintSlow handles values of two or more bytes. It is kept out of
// line so that AppendUvarint stays within the inlining budget. Each length
// of two to nine bytes is one append of its bytes: the lengths of two to
// five bytes (ids, timestamps) found by comparisons, the longer ones
// through a jump table on the length, so that the 8 and 9 bytes of a
// float's mantissa of 16 or 17 digits cost about 55 instructions, where a
// loop of an append a byte cost about 95.
//
//go:noinline
func appendUvarintSlow(dst []byte, v uint64) []byte {
	switch {
	case v < 1<<14:
		return append(dst, byte(v)|0x80, byte(v>>7))
	case v < 1<<21:
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14))
	case v < 1<<28:
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21))
	case v < 1<<35: // ids and timestamps in seconds, doubled by zigzag
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28))
	}
	switch bits.Len64(v) {
	case 36, 37, 38, 39, 40, 41, 42:
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28)|0x80,
			byte(v>>35))
	case 43, 44, 45, 46, 47, 48, 49:
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28)|0x80,
			byte(v>>35)|0x80, byte(v>>42))
	case 50, 51, 52, 53, 54, 55, 56:
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28)|0x80,
			byte(v>>35)|0x80, byte(v>>42)|0x80, byte(v>>49))
	case 57, 58, 59, 60, 61, 62, 63:
		return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28)|0x80,
			byte(v>>35)|0x80, byte(v>>42)|0x80, byte(v>>49)|0x80, byte(v>>56))
	}
	return append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28)|0x80,
		byte(v>>35)|0x80, byte(v>>42)|0x80, byte(v>>49)|0x80, byte(v>>56)|0x80, byte(v>>63))
}

// ConsumeUvarint decodes the uvarint at the start of b and returns it and
// its length (1 to 10), or 0 and a negative n.
func ConsumeUvarint(b []byte) (v uint64, n int) {
	if len(b) >= 2 {
		if b[0] < 0x80 {
			return uint64(b[0]), 1
		}
		if c := b[1]; c < 0x80 && c != 0 {
			return uint64(b[0]&0x7f) | uint64(c)<<7, 2
		}
	}
	if len(b) >= 8 {
		if v, n := consumeUvarint8(b); n != 0 {
			return v, n
		}
		if len(b) >= MaxVarintLen {
			return consumeUvarintLong(b)
		}
	}
	for i := 0; i < MaxVarintLen; i++ {
		if i >= len(b) {
			return 0, ErrCodeTruncated
		}
		c := b[i]
		if i == MaxVarintLen-1 && c > 1 {
			return 0, ErrCodeOverflow
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			if c == 0 && i > 0 {
				return 0, ErrCodeNonMinimal
			}
			return v, i + 1
		}
	}
	return 0, ErrCodeOverflow // not reached: the 10th byte returns above
}

// consumeUvarint8 decodes a uvarint of at most 8 bytes from b, which must
// hold at least 8, without a loop: one 64-bit load, the end found from the
// continuation bits, the 7-bit groups gathered with shifts. Timestamps'
// second deltas and large integers are 3 to 5 bytes, which the byte loop
// of ConsumeUvarint took one branch per byte for. It returns n == 0 when the
// varint is longer than 8 bytes, and ErrCodeNonMinimal as ConsumeUvarint
// does.
func consumeUvarint8(b []byte) (uint64, int) {
	w := binary.LittleEndian.Uint64(b)
	stop := ^w & 0x8080808080808080 // the bytes without a continuation bit
	if stop == 0 {
		return 0, 0
	}
	n := bits.TrailingZeros64(stop)>>3 + 1
	if n < 8 {
		w &= 1<<(8*n) - 1
	}
	if n > 1 && w>>(8*(n-1)) == 0 { // a last byte of zero adds nothing
		return 0, ErrCodeNonMinimal
	}
	return gather7(w), n
}

// consumeUvarintLong decodes the varint at the start of b, of at least
// MaxVarintLen bytes, whose first eight bytes all carry the continuation
// bit (consumeUvarint8 found no end in them): 9 or 10 bytes, the values
// from 2^56 on (uint64 ids, hashes, the extremes of int64 after zigzag),
// or a fault, with ConsumeUvarint's results. From one load and two bytes:
// about 30 instructions, where the byte loop took about 150.
func consumeUvarintLong(b []byte) (uint64, int) {
	b = b[:MaxVarintLen]
	v := gather7(binary.LittleEndian.Uint64(b) &^ 0x8080808080808080)
	c := b[8]
	if c < 0x80 {
		if c == 0 {
			return 0, ErrCodeNonMinimal
		}
		return v | uint64(c)<<56, 9
	}
	switch d := b[9]; d {
	case 0:
		return 0, ErrCodeNonMinimal
	case 1:
		return v | uint64(c&0x7f)<<56 | 1<<63, MaxVarintLen
	}
	return 0, ErrCodeOverflow
}

// gather7 joins the 7-bit groups of the varint bytes in w, least
// significant first, whose continuation bits and bytes past its end the
// caller has cleared or masked off. Inlines.
func gather7(w uint64) uint64 {
	return w&0x7f | w>>1&(0x7f<<7) | w>>2&(0x7f<<14) | w>>3&(0x7f<<21) |
		w>>4&(0x7f<<28) | w>>5&(0x7f<<35) | w>>6&(0x7f<<42) | w>>7&(0x7f<<49)
}

// SizeUvarint returns the length AppendUvarint writes for v.
func SizeUvarint(v uint64) int {
	// 9/64 approximates 1/7 closely enough for every bit length 0..64.
	return int(9*uint32(bits.Len64(v))+64) / 64
}

// AppendVarint appends the uvarint of EncodeZigZag(v).
func AppendVarint(dst []byte, v int64) []byte {
	return AppendUvarint(dst, EncodeZigZag(v))
}

// ConsumeVarint is ConsumeUvarint followed by DecodeZigZag.
func ConsumeVarint(b []byte) (int64, int) {
	v, n := ConsumeUvarint(b)
	return int64(v>>1) ^ -int64(v&1), n // DecodeZigZag, spelled out to fit the budget
}

// SizeVarint returns the length AppendVarint writes for v.
func SizeVarint(v int64) int {
	return SizeUvarint(EncodeZigZag(v))
}

// EncodeZigZag maps 0, -1, 1, -2, ... to 0, 1, 2, 3, ...
func EncodeZigZag(v int64) uint64 {
	return uint64(v<<1) ^ uint64(v>>63)
}

// DecodeZigZag is the inverse of EncodeZigZag.
func DecodeZigZag(x uint64) int64 {
	return int64(x>>1) ^ -int64(x&1)
}
