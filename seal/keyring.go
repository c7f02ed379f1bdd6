package seal

import (
	"crypto/rand"
	"io"
	"strconv"
)

// Keyring holds the keys that seal and open entries: the primary key, which
// Seal uses, and older keys that Open still accepts, so that keys rotate
// without a flush (see NewKeyring). Its keys are fixed, and it is safe for
// concurrent use; it also remembers the AES-GCM state of the entries it
// opened last, about 180 KB when full, so that hot entries open cheaply.
type Keyring struct {
	keys []*keyState // keys[0] is the primary; IDs are distinct
	memo *memo       // the AES-GCM state of recently opened entries

	// random fills each header's salt and nonce prefix: crypto/rand's
	// Reader unless a test injects fixed bytes.
	random io.Reader
}

// NewKeyring returns a keyring that seals with primary and opens entries
// sealed with primary or any of older. It copies the keys.
//
// Rotation is three deployments: add the new key as an older key everywhere,
// make it the primary (the old primary becomes older), and drop the old key
// once entries sealed with it have expired; Open reports those as
// ErrUnknownKey, which a cache treats as a miss.
//
// Two keys with one ID, or a key whose secret is all zero, are ErrKey.
func NewKeyring(primary Key, older ...Key) (*Keyring, error) {
	all := append([]Key{primary}, older...)
	keys := make([]*keyState, len(all))
	for i, k := range all {
		if k.Secret == ([32]byte{}) {
			return nil, keyErr("key " + strconv.FormatUint(uint64(k.ID), 10) + " has an all-zero secret")
		}
		for _, prev := range keys[:i] {
			if prev.id == k.ID {
				return nil, keyErr("two keys have ID " + strconv.FormatUint(uint64(k.ID), 10))
			}
		}
		keys[i] = newKeyState(k)
	}
	return &Keyring{keys: keys, memo: new(memo), random: rand.Reader}, nil
}

// PrimaryID returns the ID of the key that Seal uses.
func (kr *Keyring) PrimaryID() uint32 { return kr.keys[0].id }

// key returns the key with the given ID, or nil. It scans the keys in
// order: a keyring holds a few, so a scan is faster than a map.
func (kr *Keyring) key(id uint32) *keyState {
	for _, ks := range kr.keys {
		if ks.id == id {
			return ks
		}
	}
	return nil
}
