package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestAppendTaggedIntBytes holds AppendTaggedInt to the tag followed by
// format.AppendVarint's bytes: at every varint length's bounds, both signs,
// the extremes and random values of every bit length, appended to slices
// with and without room.
func TestAppendTaggedIntBytes(t *testing.T) {
	vals := []int64{0, 1, -1, 63, -64, 64, -65, math.MaxInt64, math.MinInt64}
	for n := 1; n < 64; n++ {
		b := int64(1) << n
		vals = append(vals, b-1, b, b+1, -b, -b-1, -b+1)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		vals = append(vals, r.Int64()>>r.IntN(64), -(r.Int64() >> r.IntN(64)))
	}
	for _, v := range vals {
		want := format.AppendVarint(append([]byte("ab"), format.TagInt), v)
		for _, c := range []int{2, 3, 9, 10, 64} {
			dst := append(make([]byte, 0, c), "ab"...)
			if got := AppendTaggedInt(dst, v); !bytes.Equal(got, want) {
				t.Fatalf("AppendTaggedInt(cap %d, %d) = %x, want %x", c, v, got, want)
			}
		}
	}
}

// TestAppendIntAnyColumn checks that a column of tagged values takes an
// integer cell as a tagged integer, and one of integers as a value.
func TestAppendIntAnyColumn(t *testing.T) {
	var c Column
	c.AppendInt(5)
	c.AppendStr(0) // the column becomes one of tagged values
	c.AppendInt(123456)
	c.AppendInt(-7)
	want := append([]byte{format.TagInt, 10, format.TagString, 0}, format.AppendVarint([]byte{format.TagInt}, 123456)...)
	want = format.AppendVarint(append(want, format.TagInt), -7)
	if !bytes.Equal(c.Tagged, want) || c.count != 4 {
		t.Fatalf("tagged %x, count %d; want %x, 4", c.Tagged, c.count, want)
	}
}
