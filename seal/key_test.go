package seal

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A key's printable form reads back as the same key.
func TestKeyStringRoundTrip(t *testing.T) {
	for _, k := range []Key{testKey(0), testKey(7), testKey(1 << 31), {ID: 4294967295, Secret: [32]byte{31: 1}}, NewKey(12)} {
		s := k.String()
		got, err := ParseKey(s)
		if err != nil {
			t.Fatalf("ParseKey(%q): %v", s, err)
		}
		if diff := cmp.Diff(k, got); diff != "" {
			t.Errorf("ParseKey(%q) (-want +got):\n%s", s, diff)
		}
	}
}

// The printable form is "rpk1:<decimal ID>:<unpadded base64url secret>".
func TestKeyStringForm(t *testing.T) {
	k := Key{ID: 42}
	for i := range k.Secret {
		k.Secret[i] = byte(i)
	}
	const want = "rpk1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
	if got := k.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// ParseKey accepts one form per key and reports ErrKey for everything else.
func TestParseKeyRejects(t *testing.T) {
	good := "rpk1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
	for _, s := range []string{
		"",
		"rpk1:",
		"rpk2:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"RPK1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1:42AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1::AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1:042:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1:+42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1:-1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1:4294967296:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
		"rpk1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
		"rpk1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh",
		"rpk1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+",
		"rpk1:42:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9", // nonzero trailing bits
		"rpk1:42:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", // all-zero secret
		good + " ",
		" " + good,
		strings.Replace(good, ":", ":x", 1),
	} {
		if k, err := ParseKey(s); !errors.Is(err, ErrKey) {
			t.Errorf("ParseKey(%q) = %v, %v; want ErrKey", s, k, err)
		}
	}
	if _, err := ParseKey(good); err != nil {
		t.Errorf("ParseKey(%q): %v", good, err)
	}
}

// A keyring refuses two keys with one ID and all-zero secrets.
func TestNewKeyringRejects(t *testing.T) {
	if _, err := NewKeyring(testKey(1), testKey(2), testKey(1)); !errors.Is(err, ErrKey) {
		t.Errorf("duplicate ID: err = %v, want ErrKey", err)
	}
	if _, err := NewKeyring(Key{ID: 1}); !errors.Is(err, ErrKey) {
		t.Errorf("zero primary secret: err = %v, want ErrKey", err)
	}
	if _, err := NewKeyring(testKey(1), Key{ID: 2}); !errors.Is(err, ErrKey) {
		t.Errorf("zero older secret: err = %v, want ErrKey", err)
	}
	kr, err := NewKeyring(testKey(3), testKey(1), testKey(2))
	if err != nil {
		t.Fatal(err)
	}
	if kr.PrimaryID() != 3 {
		t.Errorf("PrimaryID() = %d, want 3", kr.PrimaryID())
	}
}

// Error messages start with the package name and say where.
func TestErrorMessage(t *testing.T) {
	_, err := ParseKey("nope")
	if got := err.Error(); !strings.HasPrefix(got, "seal: invalid key: ") {
		t.Errorf("message %q does not start with \"seal: invalid key: \"", got)
	}
	e := openErr(32, "segment 0 fails authentication")
	if got, want := e.Error(), "seal: cannot open sealed entry: segment 0 fails authentication at byte 32"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}
