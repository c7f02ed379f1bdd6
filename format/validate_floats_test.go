package format

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestFloatValidatorMatchesConsume checks that the float-column validator
// accepts exactly the cells ConsumeFloatCell accepts, and fails at the
// same cell with the same kind of error, on payloads of valid cells with
// random damage.
func TestFloatValidatorMatchesConsume(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 200_000 {
		var b []byte
		n := 1 + rng.IntN(4)
		for range n {
			switch rng.IntN(3) {
			case 0:
				b = appendRawCell(b, rng.Uint64())
			case 1:
				b = appendDecimalCell(b, Decimal{Neg: rng.IntN(2) == 0, Mant: rng.Uint64N(2e17), Exp: rng.IntN(130) - 65})
			default:
				b = append(b, byte(rng.IntN(256)))
			}
		}
		if len(b) > 0 && rng.IntN(2) == 0 {
			b = b[:rng.IntN(len(b))]
		}
		// Reference: ConsumeFloatCell cell by cell.
		wantPos, wantKind := -1, error(nil)
		pos := 0
		for range n {
			_, k := ConsumeFloatCell(b[pos:])
			if k < 0 {
				wantPos, wantKind = pos, ErrCorrupt
				if k == ErrCodeTruncated {
					wantKind = ErrTruncated
				}
				break
			}
			pos += k
		}
		v := validator{r: reader{b: b}}
		v.floats(n)
		switch {
		case wantKind == nil && v.r.err != nil:
			t.Fatalf("% x: validator error %v, ConsumeFloatCell accepts", b, v.r.err)
		case wantKind == nil && v.r.pos != pos:
			t.Fatalf("% x: validator ends at %d, want %d", b, v.r.pos, pos)
		case wantKind != nil && (v.r.err == nil || !errors.Is(v.r.err, wantKind) || v.r.err.Offset != wantPos):
			t.Fatalf("% x: validator error %v, want %v at %d", b, v.r.err, wantKind, wantPos)
		}
	}
}
