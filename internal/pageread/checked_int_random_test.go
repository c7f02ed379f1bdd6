package pageread

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestIntJSONRandom renders random integers of every length, 1 to 19
// digits and both signs, with the powers of ten, their neighbours and the
// extremes and every value of up to four digits, as an EncInt cell (TakeIntJSON) and as a TagInt member
// (memberIntJSON, from the word after its tag, with room for the fixed
// moves), and compares each with strconv.FormatInt.
func TestIntJSONRandom(t *testing.T) {
	vs := []int64{math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for p := int64(1); p <= 1e18; p *= 10 {
		vs = append(vs, p-1, p, p+1, -p+1, -p, -p-1)
	}
	for v := int64(-10001); v <= 10001; v++ { // every value of up to four digits (Digits4)
		vs = append(vs, v)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		v := int64(r.Uint64() >> r.IntN(64))
		if r.IntN(2) == 0 {
			v = -v
		}
		vs = append(vs, v)
	}
	dst := make([]byte, 0, 64)
	for _, v := range vs {
		want := strconv.FormatInt(v, 10)
		cell := format.AppendUvarint(nil, format.EncodeZigZag(v))
		c := Cursor{enc: format.EncInt, lay: format.EncInt, data: cell, max: math.MaxUint64}
		if got := string(c.TakeIntJSON(dst)); got != want || c.bad || c.pos != len(cell) {
			t.Fatalf("TakeIntJSON(%d) = %q (pos %d, bad %v), want %q", v, got, c.pos, c.bad, want)
		}
		member := append([]byte{format.TagInt}, cell...)
		member = append(member, make([]byte, 8)...) // the word after the tag in the payload
		m := Cursor{data: member}
		if got := string(m.memberIntJSON(dst, word8(member, 1), 0, format.TagInt)); got != want || m.bad || m.pos != len(cell)+1 {
			t.Fatalf("memberIntJSON(%d) = %q (pos %d, bad %v), want %q", v, got, m.pos, m.bad, want)
		}
	}
}
