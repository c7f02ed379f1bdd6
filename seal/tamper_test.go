package seal

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// sealed3 returns an entry of three segments and a bit (3*64 KiB + 5 bytes
// of plaintext) with its keyring, aad and plaintext.
func sealed3(t *testing.T) (kr *Keyring, sealed, aad, plain []byte) {
	t.Helper()
	kr = testKeyring(t, 1)
	aad = []byte("orders?page=1")
	plain = pattern(3*SegmentSize + 5)
	sealed, err := kr.Seal(nil, plain, aad)
	if err != nil {
		t.Fatal(err)
	}
	return kr, sealed, aad, plain
}

// mustNotOpen checks that Open rejects sealed with want and returns dst
// untouched.
func mustNotOpen(t *testing.T, kr *Keyring, sealed, aad []byte, want error, what string) {
	t.Helper()
	dst := []byte("dst")
	got, err := kr.Open(dst, sealed, aad)
	if !errors.Is(err, want) {
		t.Errorf("%s: Open err = %v, want %v", what, err, want)
	}
	if !bytes.Equal(got, []byte("dst")) {
		t.Errorf("%s: Open returned %d bytes, want dst untouched", what, len(got))
	}
}

// segmentAt returns the sealed bytes of segment i.
func segmentAt(sealed []byte, i int) []byte {
	start := HeaderSize + i*sealedChunk
	return sealed[start:min(len(sealed), start+sealedChunk)]
}

func TestOpenOtherAAD(t *testing.T) {
	kr, sealed, aad, _ := sealed3(t)
	mustNotOpen(t, kr, sealed, append(aad, 'x'), ErrOpen, "longer aad")
	mustNotOpen(t, kr, sealed, aad[:len(aad)-1], ErrOpen, "shorter aad")
	mustNotOpen(t, kr, sealed, nil, ErrOpen, "no aad")
	small, _ := kr.Seal(nil, []byte("x"), nil)
	if _, err := kr.Open(nil, small, []byte{}); err != nil {
		t.Errorf("nil and empty aad are one aad, but Open: %v", err)
	}
}

// A key with the same ID but another secret does not open the entry.
func TestOpenOtherKey(t *testing.T) {
	_, sealed, aad, _ := sealed3(t)
	other := testKey(1)
	other.Secret[0] ^= 1
	kr, _ := NewKeyring(other)
	mustNotOpen(t, kr, sealed, aad, ErrOpen, "other secret")
}

func TestOpenUnknownKey(t *testing.T) {
	_, sealed, aad, _ := sealed3(t)
	mustNotOpen(t, testKeyring(t, 2, 3), sealed, aad, ErrUnknownKey, "keyring without key 1")
}

// Rotation: an entry sealed by the old primary opens under a keyring whose
// primary is new and which holds the old key as an older one; new entries
// carry the new ID.
func TestRotation(t *testing.T) {
	old := testKeyring(t, 1)
	sealed, _ := old.Seal(nil, []byte("before"), []byte("k"))
	rotated := testKeyring(t, 2, 1)
	if got, err := rotated.Open(nil, sealed, []byte("k")); err != nil || string(got) != "before" {
		t.Fatalf("rotated keyring opens old entry: %q, %v", got, err)
	}
	fresh, _ := rotated.Seal(nil, []byte("after"), []byte("k"))
	if id := uint32(fresh[5])<<24 | uint32(fresh[6])<<16 | uint32(fresh[7])<<8 | uint32(fresh[8]); id != 2 {
		t.Errorf("new entry names key %d, want 2", id)
	}
	mustNotOpen(t, old, fresh, []byte("k"), ErrUnknownKey, "old keyring, new entry")
	mustNotOpen(t, testKeyring(t, 2), sealed, []byte("k"), ErrUnknownKey, "old key dropped")
}

// Every cut is detected: inside the header, at each segment boundary, one
// byte either side of it and in the middle of each segment.
func TestOpenTruncated(t *testing.T) {
	kr, sealed, aad, _ := sealed3(t)
	var cuts []int
	for n := range HeaderSize + TagSize + 1 {
		cuts = append(cuts, n)
	}
	for i := 1; i <= 4; i++ {
		b := HeaderSize + i*sealedChunk
		cuts = append(cuts, b-1, b, b+1, b-sealedChunk/2, b-TagSize, b-TagSize-1)
	}
	cuts = append(cuts, len(sealed)-1)
	for _, n := range cuts {
		if n >= len(sealed) {
			continue
		}
		mustNotOpen(t, kr, sealed[:n], aad, ErrOpen, "cut to "+itoa(n)+" bytes")
	}
	// A small entry, cut anywhere.
	small, _ := kr.Seal(nil, []byte("a small plaintext"), aad)
	for n := range len(small) {
		mustNotOpen(t, kr, small[:n], aad, ErrOpen, "small entry cut to "+itoa(n)+" bytes")
	}
}

// Swapping, reordering, dropping or repeating whole segments is detected.
func TestOpenReordered(t *testing.T) {
	kr, sealed, aad, _ := sealed3(t)
	header := sealed[:HeaderSize]
	for _, order := range [][]int{{1, 0, 2, 3}, {0, 2, 1, 3}, {0, 1, 3, 2}, {3, 2, 1, 0}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}, {0, 0, 2, 3}, {0, 1, 2, 2, 3}, {0, 1, 2}} {
		b := slices.Clone(header)
		for _, i := range order {
			b = append(b, segmentAt(sealed, i)...)
		}
		mustNotOpen(t, kr, b, aad, ErrOpen, "segments in order "+fmtInts(order))
	}
}

// A segment of another entry under the same key and aad does not fit: each
// entry has its own salt, so its own data key.
func TestOpenSegmentFromOtherEntry(t *testing.T) {
	kr, sealed, aad, plain := sealed3(t)
	other, _ := kr.Seal(nil, plain, aad)
	b := slices.Clone(sealed)
	copy(b[HeaderSize+sealedChunk:], segmentAt(other, 1))
	mustNotOpen(t, kr, b, aad, ErrOpen, "segment 1 from another entry")
	b = slices.Clone(other)
	copy(b, sealed[:HeaderSize])
	mustNotOpen(t, kr, b, aad, ErrOpen, "header from another entry")
}

// Bytes appended after the last segment are detected, whatever they are.
func TestOpenAppended(t *testing.T) {
	kr, sealed, aad, _ := sealed3(t)
	for _, extra := range [][]byte{{0}, make([]byte, TagSize), make([]byte, sealedChunk), segmentAt(sealed, 3), sealed[HeaderSize:]} {
		mustNotOpen(t, kr, append(slices.Clone(sealed), extra...), aad, ErrOpen, "appended "+itoa(len(extra))+" bytes")
	}
	small, _ := kr.Seal(nil, nil, aad)
	mustNotOpen(t, kr, append(small, 0), aad, ErrOpen, "empty entry with a byte appended")
}

// Every flipped bit of the header is detected, as ErrOpen or, where it
// changes the key ID to one the keyring lacks, ErrUnknownKey; and so is a
// flipped bit in each segment's ciphertext and tag.
func TestOpenFlippedBits(t *testing.T) {
	kr := testKeyring(t, 1, 1^1<<3) // some flips of the ID name a key the keyring has
	aad := []byte("k")
	sealed, _ := kr.Seal(nil, pattern(2*SegmentSize+9), aad)
	check := func(off int, bit uint) {
		b := slices.Clone(sealed)
		b[off] ^= 1 << bit
		_, err := kr.Open(nil, b, aad)
		if !errors.Is(err, ErrOpen) && !errors.Is(err, ErrUnknownKey) {
			t.Errorf("bit %d of byte %d flipped: err = %v", bit, off, err)
		}
	}
	for off := range HeaderSize {
		for bit := range uint(8) {
			check(off, bit)
		}
	}
	for i := range 3 {
		start := HeaderSize + i*sealedChunk
		end := min(len(sealed), start+sealedChunk)
		for _, off := range []int{start, start + 1, (start + end) / 2, end - TagSize - 1, end - TagSize, end - 1} {
			check(off, uint(off%8))
		}
	}
}

// A failing Open leaves no plaintext anywhere in dst, not even in its spare
// capacity, though the first segments decrypted before the last one failed.
func TestOpenLeavesNoPlaintext(t *testing.T) {
	kr, sealed, aad, plain := sealed3(t)
	sealed[len(sealed)-1] ^= 1
	dst := make([]byte, 3, 4*SegmentSize)
	copy(dst, "dst")
	got, err := kr.Open(dst, sealed, aad)
	if !errors.Is(err, ErrOpen) {
		t.Fatalf("err = %v, want ErrOpen", err)
	}
	if string(got) != "dst" || &got[0] != &dst[0] {
		t.Fatalf("Open returned %q, want dst as it was", got)
	}
	spare := dst[3:cap(dst)]
	if i := bytes.IndexFunc(spare, func(r rune) bool { return r != 0 }); i >= 0 {
		t.Errorf("spare capacity holds nonzero bytes from offset %d (plaintext starts %x)", i, plain[:4])
	}
}
