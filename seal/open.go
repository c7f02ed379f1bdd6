package seal

import (
	"encoding/binary"
	"slices"
	"strconv"
)

// Open appends to dst the plaintext of sealed, which Seal or a Writer made
// with aad under a key of kr. dst and sealed must not overlap.
//
// It finds the key by the ID in the header, never by trying keys: an ID that
// kr does not hold is ErrUnknownKey. Every other failure is ErrOpen: bytes
// that are not a sealed entry, another aad or key, and any change, cut,
// reordering or addition of the sealed bytes. On error Open returns dst as it
// was and wipes what it wrote past len(dst), so no plaintext escapes.
//
// Open checks the header and the length before any decryption, then
// verifies and decrypts each 64 KiB segment in turn. It grows dst by at most
// len(sealed)-48 bytes. The keyring remembers the AES-GCM state of the last
// entries it opened (see memo), so that into a dst with room, opening an
// entry again costs no allocation and no key derivation; the first open of
// an entry costs four small allocations (the state, and its memo slot),
// whatever the size.
func (kr *Keyring) Open(dst, sealed, aad []byte) ([]byte, error) {
	ks, n, err := kr.check(sealed)
	if err != nil {
		return dst, err
	}
	s := ks.get()
	defer ks.put(s)
	g := kr.memo.get(sealed, aad)
	remember := g == nil
	if remember {
		s.deriveKey(sealed, aad)
		if g, err = s.newAEAD(); err != nil {
			return dst, err
		}
	}
	copy(s.nonce[:prefixSize], sealed[offPrefix:HeaderSize])
	start := len(dst)
	out := slices.Grow(dst, n)
	body := sealed[HeaderSize:]
	nseg := segments(n)
	for i := range nseg {
		seg := body[i*sealedChunk : min(len(body), (i+1)*sealedChunk)]
		putNonce(&s.nonce, uint32(i), i == nseg-1)
		opened, err := g.Open(out, s.nonce[:], seg, nil)
		if err != nil {
			clear(out[start : start+n])
			return dst, openErr(HeaderSize+i*sealedChunk,
				"segment "+strconv.Itoa(i)+" fails authentication")
		}
		out = opened
	}
	if remember { // only entries that opened, so forgeries cannot evict them
		kr.memo.put(sealed, aad, g)
	}
	return out, nil
}

// check reads the header of sealed and checks its length: it returns the
// key the header names and the plaintext's length.
func (kr *Keyring) check(sealed []byte) (ks *keyState, n int, err error) {
	if len(sealed) < HeaderSize {
		return nil, 0, openErr(len(sealed), "shorter than a sealed header")
	}
	if ks, err = kr.checkHeader(sealed); err != nil {
		return nil, 0, err
	}
	if n = plaintextLen(len(sealed) - HeaderSize); n < 0 {
		return nil, 0, openErr(len(sealed), "cut or extended: no sealed entry is "+strconv.Itoa(len(sealed))+" bytes long")
	}
	return ks, n, nil
}

// checkHeader checks the magic and version of a header of HeaderSize bytes
// and returns the key it names.
func (kr *Keyring) checkHeader(header []byte) (*keyState, error) {
	if [4]byte(header) != magic {
		return nil, openErr(0, "not a sealed entry: wrong magic")
	}
	if header[4] != version {
		return nil, openErr(4, "unsupported version "+strconv.Itoa(int(header[4])))
	}
	id := binary.BigEndian.Uint32(header[offKeyID:])
	ks := kr.key(id)
	if ks == nil {
		return nil, &Error{Err: ErrUnknownKey, Msg: "key " + strconv.FormatUint(uint64(id), 10), Offset: offKeyID}
	}
	return ks, nil
}
