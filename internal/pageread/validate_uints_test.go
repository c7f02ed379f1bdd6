package pageread

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestUintsMatchesByteWise checks that the EncUint validator accepts
// exactly the payloads that reading each cell with reader.uvarint accepts,
// ends at the same byte, and reports the same error (kind, message and
// offset), on payloads of uvarints of every length, mostly nine and ten
// bytes, with damage where the one-load paths decide: the eighth to tenth
// bytes set to 0x00, 0x01, 0x02, 0x7F, 0x80 or 0xFF, a last byte zeroed,
// random bytes, and a payload cut short.
func TestUintsMatchesByteWise(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 14))
	edges := []byte{0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF}
	for range 300_000 {
		var b []byte
		n := 1 + rng.IntN(5)
		for range n {
			var v uint64
			switch rng.IntN(4) {
			case 0, 1: // ten bytes
				v = 1<<63 | rng.Uint64()
			case 2: // nine bytes
				v = 1<<56 | rng.Uint64N(1<<63-1<<56)
			default: // one to nine bytes
				v = rng.Uint64() >> rng.IntN(64)
			}
			at := len(b)
			b = format.AppendUvarint(b, v)
			switch rng.IntN(6) {
			case 0: // an edge byte at the eighth to tenth place of this varint
				if i := at + 7 + rng.IntN(3); i < len(b) {
					b[i] = edges[rng.IntN(len(edges))]
				}
			case 1: // its last byte zeroed (not minimal but for one byte)
				b[len(b)-1] = 0
			case 2: // a random byte anywhere in it
				b[at+rng.IntN(len(b)-at)] = byte(rng.Uint32())
			}
		}
		if rng.IntN(4) == 0 {
			b = b[:rng.IntN(len(b)+1)]
		}
		if rng.IntN(4) == 0 { // bytes after the column's cells
			b = append(b, byte(rng.Uint32()), 1, 0x80)
		}
		ref := validator{r: reader{b: b}}
		big := false
		for i := 0; i < n && ref.r.err == nil; i++ {
			big = ref.r.uvarint("unsigned integer") > math.MaxInt64 || big
		}
		if ref.r.err == nil && !big {
			ref.fail(format.ErrCorrupt, "uint column holds no value above MaxInt64")
		}
		got := validator{r: reader{b: b}}
		got.column(format.EncUint, n)
		switch re, ge := ref.r.err, got.r.err; {
		case (re == nil) != (ge == nil):
			t.Fatalf("% x (%d cells): error %v, byte-wise %v", b, n, ge, re)
		case re == nil && got.r.pos != ref.r.pos:
			t.Fatalf("% x (%d cells): ends at %d, byte-wise %d", b, n, got.r.pos, ref.r.pos)
		case re != nil && (ge.Err != re.Err || ge.Msg != re.Msg || ge.Offset != re.Offset):
			t.Fatalf("% x (%d cells): error %v, byte-wise %v", b, n, ge, re)
		}
	}
}
