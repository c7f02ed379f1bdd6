package seal

import "encoding/binary"

// The sealed format, which SEAL.md defines byte by byte:
//
//	sealed  = header segment* final
//	header  = magic(4) version(u8) keyID(be32) salt(16) prefix(7)   ; 32 bytes
//	segment = GCM(64 KiB of plaintext) tag(16)                        ; nonce flag 0
//	final   = GCM(0 to 64 KiB of plaintext) tag(16)                   ; nonce flag 1
//	nonce   = prefix(7) counter(be32) flag(u8)
//
// Every segment but the last holds exactly SegmentSize bytes of plaintext.
// The last holds 1 to SegmentSize bytes, or none when the whole plaintext is
// empty, so that one plaintext has one segmentation.
const (
	// SegmentSize is the plaintext size of every segment but the last.
	SegmentSize = 64 << 10
	// HeaderSize is the size of the sealed header.
	HeaderSize = 32
	// TagSize is the size of the GCM tag that ends every segment.
	TagSize = 16

	version     = 1
	saltSize    = 16
	prefixSize  = 7
	randomSize  = saltSize + prefixSize // the header's random bytes
	offKeyID    = 5
	offSalt     = 9
	offPrefix   = offSalt + saltSize
	sealedChunk = SegmentSize + TagSize // a full segment, sealed
	maxSegments = 1 << 32               // the counter is 32 bits
)

// magic starts every sealed entry: 0x89 then ASCII "RPS". Like a page's
// magic ("\x89RPG"), its first byte is not ASCII, and the two never match.
var magic = [4]byte{0x89, 'R', 'P', 'S'}

// segments returns how many segments seal n bytes of plaintext.
func segments(n int) int {
	if n == 0 {
		return 1
	}
	return (n + SegmentSize - 1) / SegmentSize
}

// Overhead returns how many bytes sealing n bytes of plaintext adds: the
// header and one tag per 64 KiB segment, HeaderSize+TagSize for n ≤ 64 KiB.
// A sealed entry of n bytes of plaintext is n+Overhead(n) bytes long.
func Overhead(n int) int {
	return HeaderSize + TagSize*segments(n)
}

// plaintextLen returns the plaintext length of a sealed body (the bytes after
// the header) of n bytes, or -1 if no sealed entry has a body of that length:
// shorter than a tag, a last segment that holds only its tag after a full
// segment, or more segments than the counter can count.
func plaintextLen(n int) int {
	full, last := n/sealedChunk, n%sealedChunk
	switch {
	case last == 0 && full > 0:
		// The last segment is full.
	case last < TagSize, last == TagSize && full > 0:
		return -1
	default:
		full++
	}
	if uint64(full) > maxSegments {
		return -1
	}
	return n - TagSize*full
}

// putNonce writes the nonce of segment i into nonce[7:]: its prefix is
// already in place.
func putNonce(nonce *[12]byte, i uint32, last bool) {
	binary.BigEndian.PutUint32(nonce[prefixSize:], i)
	nonce[11] = 0
	if last {
		nonce[11] = 1
	}
}
