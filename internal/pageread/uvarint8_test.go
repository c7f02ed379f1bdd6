package pageread

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestUvarint8 checks uvarint8 against ConsumeUvarint on words whose first
// byte continues (uvarint8's domain) holding a varint of every length from
// 2 to 8 bytes, its last byte zero, one or random (so that the non-minimal
// ones are among them), at every boundary 2^(7k)-1 and 2^(7k), words whose
// eight bytes all continue, and random words, with random bytes past the
// varint's end: where ConsumeUvarint reads a varint within the eight bytes
// it must give the same value and length, and n = 0 wherever it does not.
func TestUvarint8(t *testing.T) {
	check := func(w uint64) {
		t.Helper()
		if w&0x80 == 0 {
			return
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], w)
		want, wn := format.ConsumeUvarint(b[:])
		if wn < 0 {
			want, wn = 0, 0
		}
		if v, n := uvarint8(w); v != want || n != wn {
			t.Fatalf("uvarint8(% x) = %d, %d; want %d, %d", b, v, n, want, wn)
		}
	}
	rng := rand.New(rand.NewPCG(5, 11))
	for k := 1; k <= 9; k++ {
		p := uint64(1) << (7 * k)
		for _, v := range []uint64{p - 1, p, p + 1, p / 2, p | p>>1} {
			var b [16]byte
			n := binary.PutUvarint(b[:], v)
			for tail := range 4 {
				for i := n; i < 8; i++ {
					b[i] = byte(rng.Uint32()) | byte(tail&1)<<7
				}
				check(binary.LittleEndian.Uint64(b[:8]))
			}
		}
	}
	for range 50_000 {
		for k := 2; k <= 9; k++ {
			check(varintWord(rng, k))
		}
		check(rng.Uint64() | 0x80)
	}
	check(^uint64(0))
	check(0x80)
}
