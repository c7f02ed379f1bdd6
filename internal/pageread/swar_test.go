package pageread

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestGather7 checks gather7 against ConsumeUvarint on varints of every
// length from 1 to 8 bytes (the boundaries 2^(7k)-1 and 2^(7k), and random
// values), with the continuation bits left in and the bytes past the end
// masked off, as the cursors call it.
func TestGather7(t *testing.T) {
	check := func(v uint64) {
		t.Helper()
		b := binary.AppendUvarint(nil, v)
		if len(b) > 8 {
			return
		}
		var buf [8]byte
		copy(buf[:], b)
		if got := gather7(binary.LittleEndian.Uint64(buf[:])); got != v {
			t.Fatalf("gather7(% x) = %d, want %d", b, got, v)
		}
		if w, n := format.ConsumeUvarint(b); w != v || n != len(b) {
			t.Fatalf("ConsumeUvarint(% x) = %d, %d", b, w, n)
		}
	}
	for k := 1; k <= 8; k++ {
		p := uint64(1) << (7 * k)
		check(p - 1)
		check(p)
		check(p + 1)
		check(p / 2)
	}
	check(0)
	rng := rand.New(rand.NewPCG(7, 14))
	for range 100_000 {
		check(rng.Uint64() >> rng.IntN(64))
	}
}

// TestCheckedWordUvarint checks checkedWordUvarint against ConsumeUvarint
// on words holding a varint of every length from 1 to 8 bytes (its last
// byte zero, one or random, so that the non-minimal ones are among them),
// words whose eight bytes all continue (a varint of nine or ten bytes, or
// one cut short), and random words, each with random bytes past the
// varint's end: where ConsumeUvarint reads a varint within the eight bytes
// it must give the same value and length, and n = 0 wherever it does not.
func TestCheckedWordUvarint(t *testing.T) {
	check := func(w uint64) {
		t.Helper()
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], w)
		want, wn := format.ConsumeUvarint(b[:])
		if wn < 0 {
			want, wn = 0, 0
		}
		if v, n := checkedWordUvarint(w); v != want || n != wn {
			t.Fatalf("checkedWordUvarint(% x) = %d, %d; want %d, %d", b, v, n, want, wn)
		}
	}
	rng := rand.New(rand.NewPCG(3, 9))
	for range 20_000 {
		for k := 1; k <= 9; k++ {
			check(varintWord(rng, k))
		}
		check(rng.Uint64())
	}
	check(0)
	check(^uint64(0))
}

// varintWord returns a random word whose first k-1 bytes (of k from 1 to 9)
// have their continuation bit set and, for k up to 8, whose k-th byte ends
// the varint as zero, one or a random value below 0x80 (so that non-minimal
// varints are among them); the bytes past it are random.
func varintWord(rng *rand.Rand, k int) uint64 {
	w := rng.Uint64()
	for i := 0; i < k-1 && i < 8; i++ {
		w |= 0x80 << (8 * i)
	}
	if k <= 8 {
		last := uint64(rng.IntN(0x80))
		switch rng.IntN(3) {
		case 0:
			last = 0
		case 1:
			last = 1
		}
		w = w&^(0xFF<<(8*(k-1))) | last<<(8*(k-1))
	}
	return w
}
