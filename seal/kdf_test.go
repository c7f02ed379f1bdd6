package seal

import (
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The pooled HKDF is RFC 5869 HKDF-SHA256: it equals crypto/hkdf over the
// inputs SEAL.md names, for aad of every length up to a few SHA-256 blocks.
func TestDeriveKeyIsHKDF(t *testing.T) {
	key := testKey(9)
	ks := newKeyState(key)
	header := make([]byte, HeaderSize)
	for i := range header {
		header[i] = byte(i * 29)
	}
	for n := range 200 {
		aad := pattern(n)
		info := append([]byte(nil), header...)
		info = binary.BigEndian.AppendUint64(info, uint64(n))
		info = append(info, aad...)
		want, err := hkdf.Key(sha256.New, key.Secret[:], []byte("rowpage seal v1"), string(info), 32)
		if err != nil {
			t.Fatal(err)
		}
		s := ks.get()
		s.deriveKey(header, aad)
		got := s.key
		ks.put(s)
		if diff := cmp.Diff(want, got[:]); diff != "" {
			t.Fatalf("aad of %d bytes: data key differs from crypto/hkdf (-want +got):\n%s", n, diff)
		}
	}
}
