package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"sync"
)

// kdfSalt is the HKDF salt of every key's extract step (SEAL.md, "Key
// derivation"), so that the keys of this format are never those of another.
const kdfSalt = "rowpage seal v1"

// keyState is what a keyring keeps per key: its ID and a pool of the
// per-call state that derives its entries' data keys.
type keyState struct {
	id   uint32
	pool sync.Pool // of *scratch, each with an HMAC under this key's PRK
}

// scratch is the per-call state of a seal or an open: an HMAC-SHA256 under
// the key's HKDF pseudorandom key, and the buffers that crypto/cipher's
// interfaces would otherwise make escape to the heap. Calls take one from
// their key's pool, so that deriving a data key costs no allocation.
type scratch struct {
	mac   hash.Hash
	tail  [8]byte  // the big-endian aad length; then the expand counter
	key   [32]byte // the data key
	nonce [12]byte
}

// newKeyState runs HKDF-Extract on secret once, so that each entry pays only
// for the expand step.
func newKeyState(k Key) *keyState {
	prk, err := hkdf.Extract(sha256.New, k.Secret[:], []byte(kdfSalt))
	if err != nil {
		panic("seal: HKDF-Extract failed: " + err.Error()) // only in FIPS 140-only mode with a short secret, and secrets are 32 bytes
	}
	ks := &keyState{id: k.ID}
	ks.pool.New = func() any {
		s := &scratch{mac: hmac.New(sha256.New, prk)}
		s.mac.Reset() // the first Reset saves the pad states, so later ones cost no SHA-256 block
		return s
	}
	return ks
}

func (ks *keyState) get() *scratch { return ks.pool.Get().(*scratch) }

// put wipes the data key of s and returns s to the pool.
func (ks *keyState) put(s *scratch) {
	clear(s.key[:])
	ks.pool.Put(s)
}

// deriveKey sets s.key to the data key of one sealed entry,
//
//	HKDF-SHA256(secret, salt = kdfSalt, info = header || be64(len(aad)) || aad, 32)
//
// which is crypto/hkdf.Key over those inputs (the tests check it). The info
// holds the whole header, with its random salt, so that each entry has its
// own key and an edited byte of the header gives another one. With the
// extract step done once per key, it costs three SHA-256 blocks plus one per
// 64 bytes of aad.
func (s *scratch) deriveKey(header, aad []byte) {
	s.mac.Reset()
	s.mac.Write(header[:HeaderSize])
	binary.BigEndian.PutUint64(s.tail[:], uint64(len(aad)))
	s.mac.Write(s.tail[:])
	s.mac.Write(aad)
	s.tail[0] = 1 // T(1), the only block of a 32-byte output
	s.mac.Write(s.tail[:1])
	s.mac.Sum(s.key[:0])
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
