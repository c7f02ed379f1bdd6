package seal

import (
	"crypto/rand"
	"encoding/base64"
	"strconv"
	"strings"
)

// Key is one secret of a keyring. ID names it in every sealed header, so
// that Open finds the key without trying each one; Secret is the HKDF input
// keying material, 32 uniformly random bytes (see NewKey).
type Key struct {
	ID     uint32
	Secret [32]byte
}

// keyPrefix starts the printable form of a key; the 1 is its version.
const keyPrefix = "rpk1:"

// String writes the printable form of k, "rpk1:<id>:<secret>", where <id> is
// the decimal ID and <secret> the 43 characters of the secret in unpadded
// base64url (RFC 4648 section 5). ParseKey reads it back.
//
// The printable form holds the secret: fmt's %v and %s print it too, so never
// log a Key.
func (k Key) String() string {
	b := make([]byte, 0, len(keyPrefix)+10+1+43)
	b = append(b, keyPrefix...)
	b = strconv.AppendUint(b, uint64(k.ID), 10)
	b = append(b, ':')
	b = base64.RawURLEncoding.AppendEncode(b, k.Secret[:])
	return string(b)
}

// ParseKey reads the printable form that Key.String writes. It accepts
// exactly one form: the "rpk1:" prefix, a decimal ID without sign or leading
// zeros that fits 32 bits, a colon, and 43 characters of unpadded base64url
// that decode to 32 bytes. Anything else, and an all-zero secret, is ErrKey.
func ParseKey(s string) (Key, error) {
	rest, ok := strings.CutPrefix(s, keyPrefix)
	if !ok {
		return Key{}, keyErr(`printable key does not start with "rpk1:"`)
	}
	idText, secretText, ok := strings.Cut(rest, ":")
	if !ok {
		return Key{}, keyErr("printable key has no colon between ID and secret")
	}
	if idText == "" || (len(idText) > 1 && idText[0] == '0') || idText[0] < '0' || idText[0] > '9' {
		return Key{}, keyErr("key ID is not a canonical decimal number")
	}
	id, err := strconv.ParseUint(idText, 10, 32)
	if err != nil {
		return Key{}, keyErr("key ID is not a decimal number below 2^32")
	}
	var k Key
	k.ID = uint32(id)
	if len(secretText) != base64.RawURLEncoding.EncodedLen(len(k.Secret)) {
		return Key{}, keyErr("key secret is not 43 characters of base64url")
	}
	// Strict decoding rejects nonzero trailing bits, so one secret has one
	// printable form.
	n, err := base64.RawURLEncoding.Strict().Decode(k.Secret[:], []byte(secretText))
	if err != nil || n != len(k.Secret) {
		return Key{}, keyErr("key secret is not valid base64url")
	}
	if k.Secret == ([32]byte{}) {
		return Key{}, keyErr("key secret is all zero")
	}
	return k, nil
}

// NewKey returns a key with the given ID and a secret of 32 bytes from
// crypto/rand.
func NewKey(id uint32) Key {
	k := Key{ID: id}
	rand.Read(k.Secret[:])
	return k
}
