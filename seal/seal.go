package seal

import (
	"errors"
	"io"
	"slices"
)

// errTooLarge reports a plaintext of more segments than the 32-bit counter
// counts (256 TiB).
var errTooLarge = errors.New("seal: plaintext too large: more than 2^32 segments")

// Seal appends to dst the sealed form of plaintext under the primary key,
// bound to aad: Open with the same aad opens it, and Open with any other aad
// fails. In a cache, aad is the entry's full store key, so that an entry moved
// to another key does not open. dst and plaintext must not overlap.
//
// Seal appends exactly len(plaintext)+Overhead(len(plaintext)) bytes. It
// reads 23 bytes from crypto/rand, derives the entry's data key with
// HKDF-SHA256, and encrypts with AES-256-GCM at several GB/s on CPUs with
// AES-NI. Into a dst with room, it costs two small allocations of constant
// size (the AES and GCM state of the data key; see the package doc), whatever the
// plaintext's size.
func (kr *Keyring) Seal(dst, plaintext, aad []byte) ([]byte, error) {
	n := len(plaintext)
	nseg := segments(n)
	if uint64(nseg) > maxSegments {
		return dst, errTooLarge
	}
	start := len(dst)
	out := slices.Grow(dst, n+Overhead(n))
	out, err := kr.appendHeader(out)
	if err != nil {
		return dst, err
	}
	ks := kr.keys[0]
	s := ks.get()
	defer ks.put(s)
	header := out[start:]
	s.deriveKey(header, aad)
	copy(s.nonce[:prefixSize], header[offPrefix:])
	g, err := s.newAEAD()
	if err != nil {
		return dst, err
	}
	for i := range nseg {
		seg := plaintext[i*SegmentSize : min(n, (i+1)*SegmentSize)]
		putNonce(&s.nonce, uint32(i), i == nseg-1)
		out = g.Seal(out, s.nonce[:], seg, nil)
	}
	return out, nil
}

// appendHeader appends a header for the primary key with fresh random salt
// and nonce prefix.
func (kr *Keyring) appendHeader(dst []byte) ([]byte, error) {
	id := kr.keys[0].id
	dst = append(dst, magic[0], magic[1], magic[2], magic[3], version,
		byte(id>>24), byte(id>>16), byte(id>>8), byte(id))
	start := len(dst)
	dst = append(dst, make([]byte, randomSize)...)
	if _, err := io.ReadFull(kr.random, dst[start:]); err != nil {
		return dst[:start-offSalt], err
	}
	return dst, nil
}
