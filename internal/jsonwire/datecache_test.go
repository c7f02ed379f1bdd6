package jsonwire

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

func TestDateCacheMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var c DateCache
	local := int64(1_700_000_000)
	for i := 0; i < 200000; i++ {
		switch rng.IntN(4) {
		case 0:
			local = rng.Int64N(format.TimeMaxLocal-format.TimeMinLocal) + format.TimeMinLocal
		default:
			local += rng.Int64N(40000) - 5000
			local = max(format.TimeMinLocal, min(format.TimeMaxLocal, local))
		}
		digits := uint8(rng.IntN(10))
		ts := format.Timestamp{Local: local, Digits: digits, Frac: uint32(rng.Int64N(int64(pow10u32[digits]))), Offset: int32(rng.IntN(2*86399+1) - 86399)}
		want := AppendTimestampJSON(nil, ts)
		got := c.AppendTimestampJSON(nil, ts)
		if string(got) != string(want) {
			t.Fatalf("%+v: got %s, want %s", ts, got, want)
		}
	}
}
