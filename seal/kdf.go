package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"sync"
)

// kdfLabel starts the HKDF info of every data key (SEAL.md, "Key
// derivation"), so that the keys of this format are never those of another.
var kdfLabel = []byte("rowpage seal v1 data key")

// scratch is the per-call state of a seal or an open: a SHA-256 digest for
// HKDF and the buffers that crypto/cipher's interfaces would otherwise make
// escape to the heap. Calls take one from scratchPool, so that HKDF costs no
// allocation.
type scratch struct {
	h     hash.Hash
	pad   [64]byte // an HMAC key, xored with ipad or opad
	inner [32]byte // an HMAC inner hash; then the big-endian aad length
	prk   [32]byte // the HKDF pseudorandom key
	key   [32]byte // the data key
	nonce [12]byte
}

var scratchPool = sync.Pool{New: func() any { return &scratch{h: sha256.New()} }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

// put wipes the secrets of s and returns it to the pool.
func (s *scratch) put() {
	s.h.Reset()
	clear(s.pad[:])
	clear(s.inner[:])
	clear(s.prk[:])
	clear(s.key[:])
	scratchPool.Put(s)
}

// deriveKey sets s.key to the data key of one sealed entry,
//
//	HKDF-SHA256(secret, salt, info = kdfLabel || header || be64(len(aad)) || aad, 32)
//
// with salt the header's 16 salt bytes (RFC 5869; equal to crypto/hkdf.Key,
// which the tests check). The info holds the whole header, so that an edited
// key ID, salt or nonce prefix gives another key. It costs four SHA-256
// blocks plus one per 64 bytes of aad.
func (s *scratch) deriveKey(secret *[32]byte, header, aad []byte) {
	// Extract: PRK = HMAC(salt, secret).
	s.hmacStart(header[offSalt : offSalt+saltSize])
	s.h.Write(secret[:])
	s.hmacEnd(&s.prk, header[offSalt:offSalt+saltSize])
	// Expand, one block: T(1) = HMAC(PRK, info || 0x01).
	s.hmacStart(s.prk[:])
	s.h.Write(kdfLabel)
	s.h.Write(header[:HeaderSize])
	binary.BigEndian.PutUint64(s.inner[:8], uint64(len(aad)))
	s.h.Write(s.inner[:8])
	s.h.Write(aad)
	s.inner[0] = 1
	s.h.Write(s.inner[:1])
	s.hmacEnd(&s.key, s.prk[:])
}

// hmacStart begins HMAC-SHA256 under key (at most 64 bytes): it hashes the
// key xored with ipad; the caller writes the message to s.h.
func (s *scratch) hmacStart(key []byte) {
	s.setPad(key, 0x36)
	s.h.Reset()
	s.h.Write(s.pad[:])
}

// hmacEnd finishes the HMAC that hmacStart began under the same key and
// writes it to out.
func (s *scratch) hmacEnd(out *[32]byte, key []byte) {
	s.h.Sum(s.inner[:0])
	s.setPad(key, 0x5c)
	s.h.Reset()
	s.h.Write(s.pad[:])
	s.h.Write(s.inner[:])
	s.h.Sum(out[:0])
}

func (s *scratch) setPad(key []byte, b byte) {
	for i := range s.pad {
		s.pad[i] = b
	}
	for i, k := range key {
		s.pad[i] ^= k
	}
}

// newAEAD returns AES-256-GCM under s.key and wipes s.key. It costs the AES
// key schedule, the GHASH table and the two allocations that crypto/aes and
// crypto/cipher make for them: their state escapes through the interfaces
// they return, and no exported API re-keys an existing one.
func (s *scratch) newAEAD() (cipher.AEAD, error) {
	block, err := aes.NewCipher(s.key[:])
	clear(s.key[:])
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
