package seal

import (
	"bytes"
	"errors"
	"sync"
	"testing"
)

// The memo never opens what Open without it would refuse: another aad, an
// edited body, or a different header all miss or fail, after the entry has
// been opened once and remembered.
func TestMemoChangesNothing(t *testing.T) {
	kr, sealed, aad, plain := sealed3(t)
	if _, err := kr.Open(nil, sealed, aad); err != nil {
		t.Fatal(err)
	}
	if kr.memo.get(sealed, aad) == nil {
		t.Fatal("an opened entry is not remembered")
	}
	mustNotOpen(t, kr, sealed, append(bytes.Clone(aad), 'x'), ErrOpen, "remembered entry, longer aad")
	mustNotOpen(t, kr, sealed, aad[:len(aad)-1], ErrOpen, "remembered entry, shorter aad")
	b := bytes.Clone(sealed)
	b[len(b)/2] ^= 1
	mustNotOpen(t, kr, b, aad, ErrOpen, "remembered header, edited body")
	b = bytes.Clone(sealed)
	b[offPrefix] ^= 1
	mustNotOpen(t, kr, b, aad, ErrOpen, "remembered entry, edited prefix")
	if got, err := kr.Open(nil, sealed, aad); err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("remembered entry opens as %d bytes, %v", len(got), err)
	}
}

// An entry that fails to open is not remembered, so forged entries cannot
// push real ones out.
func TestMemoSkipsFailures(t *testing.T) {
	kr := testKeyring(t, 1)
	sealed, _ := kr.Seal(nil, []byte("x"), []byte("k"))
	sealed[len(sealed)-1] ^= 1
	if _, err := kr.Open(nil, sealed, []byte("k")); !errors.Is(err, ErrOpen) {
		t.Fatal(err)
	}
	if kr.memo.get(sealed, []byte("k")) != nil {
		t.Error("an entry that failed to open is remembered")
	}
}

// Seal and Open run concurrently on one keyring, sharing the memo and the
// per-key pools (run with -race).
func TestConcurrentSealOpen(t *testing.T) {
	kr := testKeyring(t, 1, 2)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			aad := []byte{byte(g)}
			plain := pattern(100 + g*1000)
			sealed, err := kr.Seal(nil, plain, aad)
			if err != nil {
				t.Error(err)
				return
			}
			var dst []byte
			for range 200 {
				if dst, err = kr.Open(dst[:0], sealed, aad); err != nil || !bytes.Equal(dst, plain) {
					t.Errorf("goroutine %d: %v", g, err)
					return
				}
			}
		})
	}
	wg.Wait()
}
