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
