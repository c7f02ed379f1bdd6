package seal

import (
	"fmt"
	"strconv"
	"testing"
)

// testKey returns a key whose secret is derived from id, so that tests are
// reproducible.
func testKey(id uint32) Key {
	k := Key{ID: id}
	for i := range k.Secret {
		k.Secret[i] = byte(id) + byte(i)*7 + 1
	}
	return k
}

// testKeyring returns a keyring of primary and older built from testKey.
func testKeyring(t testing.TB, primary uint32, older ...uint32) *Keyring {
	t.Helper()
	keys := make([]Key, len(older))
	for i, id := range older {
		keys[i] = testKey(id)
	}
	kr, err := NewKeyring(testKey(primary), keys...)
	if err != nil {
		t.Fatal(err)
	}
	return kr
}

// withRandom returns a copy of kr whose headers take their salt and nonce
// prefix from random, repeated: the same bytes for every Seal.
func withRandom(kr *Keyring, random []byte) *Keyring {
	c := *kr
	c.random = &repeatReader{b: random}
	return &c
}

// repeatReader yields b, then b again, forever.
type repeatReader struct {
	b   []byte
	off int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.b[r.off]
		r.off = (r.off + 1) % len(r.b)
	}
	return len(p), nil
}

// pattern returns n bytes that differ from segment to segment, so that a
// swapped segment cannot decrypt to the same plaintext.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*131 + i/SegmentSize*17 + 3)
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }

func fmtInts(s []int) string { return fmt.Sprint(s) }
