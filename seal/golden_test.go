package seal

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenKey is the key of SEAL.md's worked example: ID 7, secret 00 01 .. 1f.
func goldenKey() Key {
	k := Key{ID: 7}
	for i := range k.Secret {
		k.Secret[i] = byte(i)
	}
	return k
}

// goldenKeyring seals with goldenKey and the example's salt and prefix.
func goldenKeyring(t *testing.T) *Keyring {
	kr, err := NewKeyring(goldenKey())
	if err != nil {
		t.Fatal(err)
	}
	return withRandom(kr, fixedRandom)
}

// writeOrCompare rewrites the golden file under -update, or checks got
// against it.
func writeOrCompare(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-golden +got):\n%s", path, diff)
	}
}

// The worked example of SEAL.md, field by field: sealing with its key, salt
// and prefix gives its bytes, its data key is the one listed, and opening
// its bytes gives its plaintext.
func TestGoldenHello(t *testing.T) {
	kr := goldenKeyring(t)
	aad := []byte("orders?page=1")
	plain := []byte("hello, rowpage")
	sealed, err := kr.Seal(nil, plain, aad)
	if err != nil {
		t.Fatal(err)
	}
	s := kr.keys[0].get()
	s.deriveKey(sealed, aad)
	dataKey := s.key
	kr.keys[0].put(s)

	var b strings.Builder
	line := func(name, value string) { b.WriteString(name + ": " + value + "\n") }
	line("key", goldenKey().String())
	line("aad", string(aad))
	line("plaintext", string(plain))
	line("salt", hex.EncodeToString(fixedRandom[:saltSize]))
	line("prefix", hex.EncodeToString(fixedRandom[saltSize:]))
	line("header", hex.EncodeToString(sealed[:HeaderSize]))
	line("data key", hex.EncodeToString(dataKey[:]))
	line("nonce 0", hex.EncodeToString(append(bytes.Clone(fixedRandom[saltSize:]), 0, 0, 0, 0, 1)))
	line("ciphertext", hex.EncodeToString(sealed[HeaderSize:len(sealed)-TagSize]))
	line("tag", hex.EncodeToString(sealed[len(sealed)-TagSize:]))
	line("sealed", hex.EncodeToString(sealed))
	writeOrCompare(t, "testdata/hello.golden", []byte(b.String()))

	// The other direction: the golden bytes open to the plaintext.
	golden, _ := os.ReadFile("testdata/hello.golden")
	_, sealedHex, _ := strings.Cut(string(golden), "\nsealed: ")
	fromFile, err := hex.DecodeString(strings.TrimSpace(sealedHex))
	if err != nil {
		t.Fatal(err)
	}
	kr2, _ := NewKeyring(goldenKey())
	got, err := kr2.Open(nil, fromFile, aad)
	if err != nil || string(got) != string(plain) {
		t.Errorf("golden entry opens as %q, %v", got, err)
	}
}

// twoSegmentPlain is the plaintext of testdata/two-segments.golden: 65,537
// bytes, byte i being i mod 251, so one full segment and a last of one byte.
func twoSegmentPlain() []byte {
	p := make([]byte, SegmentSize+1)
	for i := range p {
		p[i] = byte(i % 251)
	}
	return p
}

// A two-segment entry, kept whole: seals to the golden bytes, and the golden
// bytes open to the plaintext, through Open and through a Reader.
func TestGoldenTwoSegments(t *testing.T) {
	kr := goldenKeyring(t)
	aad := []byte("orders?page=2")
	plain := twoSegmentPlain()
	sealed, err := kr.Seal(nil, plain, aad)
	if err != nil {
		t.Fatal(err)
	}
	writeOrCompare(t, "testdata/two-segments.golden", sealed)
	golden, err := os.ReadFile("testdata/two-segments.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := kr.Open(nil, golden, aad); err != nil || !bytes.Equal(got, plain) {
		t.Errorf("golden entry does not open to its plaintext: %v", err)
	}
	if got, err := readAllErr(kr, golden, aad); err != nil || !bytes.Equal(got, plain) {
		t.Errorf("golden entry does not read back through a Reader: %v", err)
	}
}
