package pageread

import (
	"encoding/binary"
	"math/rand"
	"testing"
)

// TestDecodeEndsMatchesReference checks decodeEnds, whose widths 1 and 2
// read several ends a load, against a byte-by-byte decoding: the same ends,
// and a bound on the spans at least the longest (an end out of order
// counting as a huge span) and, when the ends are in order, below twice it.
func TestDecodeEndsMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 20000; iter++ {
		width := 1 + rng.Intn(4)
		n := rng.Intn(41)
		limit := uint64(1) << (8 * width)
		want := make([]uint32, n)
		e := uint64(0)
		for i := range want {
			switch rng.Intn(12) {
			case 0: // out of order
				e = uint64(rng.Int63n(int64(limit)))
			case 1: // a long string
				e = min(e+uint64(rng.Int63n(int64(limit))), limit-1)
			default:
				e = min(e+uint64(rng.Intn(20)), limit-1)
			}
			want[i] = uint32(e)
		}
		b := make([]byte, n*width)
		for i, x := range want {
			var w [4]byte
			binary.LittleEndian.PutUint32(w[:], x)
			copy(b[i*width:], w[:width])
		}
		offs := make([]uint32, n+1)
		for i := range offs {
			offs[i] = 0xDEADBEEF
		}
		got := decodeEnds(offs, b, n, width)
		if offs[0] != 0 {
			t.Fatalf("width %d n %d: offs[0] = %d", width, n, offs[0])
		}
		longest, prev := uint64(0), 0
		for i, x := range want {
			if offs[i+1] != x {
				t.Fatalf("width %d n %d: end %d = %d, want %d", width, n, i, offs[i+1], x)
			}
			longest = max(longest, uint64(int(x)-prev))
			prev = int(x)
		}
		if got < longest {
			t.Fatalf("width %d n %d: bound %d below the longest span %d", width, n, got, longest)
		}
		if longest < 1<<32 && got >= 2*longest && got != 0 {
			t.Fatalf("width %d n %d: bound %d not below twice the longest span %d", width, n, got, longest)
		}
	}
}
