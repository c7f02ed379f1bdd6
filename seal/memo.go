package seal

import (
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"sync/atomic"
)

// memoSlots is how many opened entries' AES-GCM states a keyring keeps:
// about 1.4 KB each, some 180 KB per keyring when full.
const memoSlots = 128

// memo remembers the AES-GCM state of entries Open has opened, so that
// opening one again (a cache hit on a hot entry) costs neither HKDF nor a
// key schedule, and no allocation. The data key is a function of the key,
// the header and the aad alone, and the header names the key, so a slot
// whose header and aad equal the entry's holds exactly the state Open would
// derive. The salt picks the slot, and a newer entry replaces an older one.
//
// It is safe for concurrent use: slots are swapped whole, and the states
// are only read (crypto/cipher's GCM keeps no state between calls).
type memo struct {
	slots [memoSlots]atomic.Pointer[memoEntry]
}

type memoEntry struct {
	header [HeaderSize]byte
	aad    []byte
	aead   cipher.AEAD
}

func memoSlot(header []byte) int {
	return int(binary.LittleEndian.Uint32(header[offSalt:]) % memoSlots)
}

// get returns the state remembered for header and aad, or nil.
func (m *memo) get(header, aad []byte) cipher.AEAD {
	e := m.slots[memoSlot(header)].Load()
	if e == nil || [HeaderSize]byte(header[:HeaderSize]) != e.header || !bytes.Equal(aad, e.aad) {
		return nil
	}
	return e.aead
}

// put remembers aead for header and aad. It copies aad: two allocations.
func (m *memo) put(header, aad []byte, aead cipher.AEAD) {
	e := &memoEntry{header: [HeaderSize]byte(header[:HeaderSize]), aad: bytes.Clone(aad), aead: aead}
	if e.aad == nil {
		e.aad = []byte{}
	}
	m.slots[memoSlot(header)].Store(e)
}
