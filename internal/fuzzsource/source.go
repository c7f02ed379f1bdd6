package fuzzsource

import "encoding/binary"

// Source hands out the bytes of a fuzz input in order. Once they run out
// it hands out zeros and empty strings, so that every input, the empty one
// included, makes a value. The zero Source has no bytes.
type Source struct {
	rest []byte // the bytes not yet handed out
}

// New returns a Source that hands out b from its start. It does not copy b.
func New(b []byte) Source { return Source{rest: b} }

// Byte returns the next byte, or 0 once the bytes have run out.
func (s *Source) Byte() byte {
	if len(s.rest) == 0 {
		return 0
	}
	c := s.rest[0]
	s.rest = s.rest[1:]
	return c
}

// U64 returns the next 8 bytes as a little-endian uint64. When fewer than 8
// remain it takes them all, as the low bytes, and the high bytes are 0.
func (s *Source) U64() uint64 {
	var buf [8]byte
	n := copy(buf[:], s.rest)
	s.rest = s.rest[n:]
	return binary.LittleEndian.Uint64(buf[:])
}

// Take returns the next n bytes, or all that remain when fewer do (none
// when n is not positive). The result aliases the input.
func (s *Source) Take(n int) []byte {
	n = max(0, min(n, len(s.rest)))
	b := s.rest[:n:n]
	s.rest = s.rest[n:]
	return b
}
