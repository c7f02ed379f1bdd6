package seal

import (
	"bytes"
	"errors"
	"testing"
)

// fuzzAAD is the aad of every entry the fuzz targets seal.
var fuzzAAD = []byte("rowpage:v1:orders?page=1")

// fuzzSeeds returns the real sealed entries FuzzOpen starts from, keyed by
// their bytes: the only inputs that may open.
func fuzzSeeds(f *testing.F, kr *Keyring) map[string]bool {
	seeds := map[string]bool{}
	for _, n := range []int{0, 1, 14, 100, SegmentSize + 3} {
		sealed, err := kr.Seal(nil, pattern(n), fuzzAAD)
		if err != nil {
			f.Fatal(err)
		}
		seeds[string(sealed)] = true
		f.Add(sealed)
	}
	return seeds
}

// FuzzOpen mutates real sealed entries and checks that Open never panics,
// rejects every entry that is not one it sealed, grows dst by no more than
// the input's length, allocates a bounded number of times, and leaves no
// plaintext in dst's spare capacity when it fails.
func FuzzOpen(f *testing.F) {
	kr := withRandom(testKeyring(f, 1, 2), fixedRandom)
	seeds := fuzzSeeds(f, kr)
	const canary = 0xAA
	f.Fuzz(func(t *testing.T, sealed []byte) {
		spare := make([]byte, len(sealed)+8)
		for i := range spare {
			spare[i] = canary
		}
		dst := spare[:0]
		got, err := kr.Open(dst, sealed, fuzzAAD)
		if err == nil {
			if !seeds[string(sealed)] {
				t.Fatalf("Open accepted %d bytes that were never sealed", len(sealed))
			}
			if len(got) > len(sealed)-HeaderSize-TagSize || &got[:1][0] != &spare[0] {
				t.Fatalf("Open grew dst by %d bytes for %d bytes of input, or moved it", len(got), len(sealed))
			}
			return
		}
		if !errors.Is(err, ErrOpen) && !errors.Is(err, ErrUnknownKey) {
			t.Fatalf("Open error %v is neither ErrOpen nor ErrUnknownKey", err)
		}
		if len(got) != 0 {
			t.Fatalf("failed Open returned %d bytes", len(got))
		}
		for i, b := range spare {
			if b != canary && b != 0 {
				t.Fatalf("failed Open left byte %#x at offset %d of dst's spare capacity", b, i)
			}
		}
		// Open allocates the data key's AES-GCM state (2) and, on error, the
		// error and its message; never in proportion to the input, as dst
		// has room.
		if raceEnabled {
			return
		}
		if allocs := testing.AllocsPerRun(1, func() { kr.Open(spare[:0], sealed, fuzzAAD) }); allocs > 5 {
			t.Fatalf("Open of %d bytes allocated %v times", len(sealed), allocs)
		}
	})
}

// FuzzSealOpen checks that any plaintext and aad round-trip, that the sealed
// size is the documented one, and that a Writer produces the same bytes.
func FuzzSealOpen(f *testing.F) {
	kr := withRandom(testKeyring(f, 1), fixedRandom)
	f.Add([]byte(""), []byte(""))
	f.Add([]byte("hello, rowpage"), []byte("orders?page=1"))
	f.Fuzz(func(t *testing.T, plain, aad []byte) {
		sealed, err := kr.Seal(nil, plain, aad)
		if err != nil {
			t.Fatal(err)
		}
		if len(sealed) != len(plain)+Overhead(len(plain)) {
			t.Fatalf("sealed %d bytes into %d, want %d", len(plain), len(sealed), len(plain)+Overhead(len(plain)))
		}
		got, err := kr.Open(nil, sealed, aad)
		if err != nil || !bytes.Equal(got, plain) {
			t.Fatalf("round trip: %v", err)
		}
		var buf bytes.Buffer
		w, _ := kr.NewWriter(&buf, aad)
		w.Write(plain)
		w.Close()
		if !bytes.Equal(buf.Bytes(), sealed) {
			t.Fatal("Writer output differs from Seal")
		}
		if _, err := kr.Open(nil, sealed, append(aad, 0)); !errors.Is(err, ErrOpen) {
			t.Fatalf("other aad: %v", err)
		}
	})
}
