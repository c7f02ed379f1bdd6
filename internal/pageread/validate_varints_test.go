package pageread

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestVarintsMatchesReference checks validator.varints, which takes runs of
// one-byte varints in range from one load (bounds below 127 among them),
// and runs of one- and two-byte ones when every one-byte value is in range
// (twoByteRun, with bounds between 0x80 and 0x4000 that some two-byte
// varints exceed), against a reference that reads each varint with
// ConsumeUvarint: on runs of 0 to 40 varints of one to ten bytes (runs of
// one-byte ones among them, longer than a word), with a bound below 127, at
// 127 and above,
// non-minimal varints, changed bytes and cut payloads, both must accept
// the same runs and end at the same place, or fail at the same offset with
// the same kind of error.
func TestVarintsMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 14))
	maxes := []uint64{0, 5, 126, 127, 128, 200, 300, 1000, 16256, 16383, 16384, 1 << 20, math.MaxUint64}
	runs := 0
	for range 100_000 {
		max := maxes[rng.IntN(len(maxes))]
		n := rng.IntN(41)
		var b []byte
		for range n {
			var x uint64
			switch r := rng.IntN(16); {
			case r < 10:
				x = rng.Uint64N(128)
			case r < 13:
				x = rng.Uint64N(1 << 14)
			case r < 15:
				x = rng.Uint64N(1 << 35)
			default:
				x = rng.Uint64()
			}
			if x > max && rng.IntN(8) != 0 {
				x = max - x%(max/2+1) // mostly in range
			}
			b = appendTimeVarint(b, x, rng) // now and then not minimal
		}
		switch rng.IntN(8) {
		case 0:
			if len(b) > 0 {
				b[rng.IntN(len(b))] = byte(rng.IntN(256))
			}
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		}
		b = append(b, make([]byte, rng.IntN(20))...) // whatever follows the column

		wantPos, wantKind, pos := -1, error(nil), 0
		for range n {
			x, k := format.ConsumeUvarint(b[pos:])
			if k < 0 {
				wantPos, wantKind = pos, varintKind(k)
				break
			}
			if x > max {
				wantPos, wantKind = pos, format.ErrCorrupt
				break
			}
			pos += k
		}
		v := validator{r: reader{b: b}}
		v.varints(n, max, "value")
		switch {
		case wantKind == nil && v.r.err != nil:
			t.Fatalf("% x, %d of at most %d: varints error %v, the reference accepts", b, n, max, v.r.err)
		case wantKind == nil && v.r.pos != pos:
			t.Fatalf("% x, %d of at most %d: varints ends at %d, want %d", b, n, max, v.r.pos, pos)
		case wantKind != nil && (v.r.err == nil || !errors.Is(v.r.err, wantKind) || v.r.err.Offset != wantPos):
			t.Fatalf("% x, %d of at most %d: varints error %v, want %v at %d", b, n, max, v.r.err, wantKind, wantPos)
		}
		if wantKind == nil && max >= 127 && n > 8 {
			runs++
		}
	}
	if runs < 1000 {
		t.Fatalf("only %d good runs of more than eight varints: the test is not testing the one-load runs", runs)
	}
}
