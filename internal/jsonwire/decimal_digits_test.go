package jsonwire

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// decimalDigits gives the digits of every mantissa a decimal float cell
// holds (below 1e17), then 24 '0's: at each digit count's bounds, and at
// random.
func TestDecimalDigits(t *testing.T) {
	var ms []uint64
	p := uint64(1)
	for k := 1; k <= 17; k++ {
		ms = append(ms, p, p+1, 2*p-1, 9*p, 10*p-1) // 10^(k-1) ... 10^k-1
		p *= 10
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		ms = append(ms, r.Uint64N(1e17)>>r.UintN(57))
	}
	zeros := strings.Repeat("0", 24)
	for _, m := range ms {
		want := strconv.FormatUint(m, 10)
		k := decimalLen(m)
		if k != len(want) {
			t.Fatalf("decimalLen(%d) = %d, want %d", m, k, len(want))
		}
		var d [decimalDigitsLen]byte
		got := decimalDigits(&d, m, k)
		if len(got) < k+24 || string(got[:k]) != want || string(got[k:k+24]) != zeros {
			t.Fatalf("decimalDigits(%d) = %q, want %q then 24 zeros", m, got, want)
		}
	}
}
