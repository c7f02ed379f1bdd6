package jsontext

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestAppendTaggedUvarintIsTagAndVarint appends values of every bit
// length, their neighbours and random ones, and compares each with
// format.TagInt and encoding/binary's varint.
func TestAppendTaggedUvarintIsTagAndVarint(t *testing.T) {
	vals := []uint64{0, 1, ^uint64(0)}
	for n := 1; n < 64; n++ {
		vals = append(vals, 1<<n-1, 1<<n, 1<<n+1)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		vals = append(vals, r.Uint64()>>r.IntN(64))
	}
	for _, u := range vals {
		got := appendTaggedUvarint([]byte{'x'}, u)
		want := binary.AppendUvarint([]byte{'x', format.TagInt}, u)
		if string(got) != string(want) {
			t.Fatalf("%d: appendTaggedUvarint appends % x, want % x", u, got, want)
		}
	}
}

// TestSpreadGroupsOneGroupAByte compares spreadGroups with a group at a
// time for values of every bit length below 49.
func TestSpreadGroupsOneGroupAByte(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 49; n++ {
		for range 200 {
			u := r.Uint64() & (1<<n - 1)
			var want uint64
			for g := range 7 {
				want |= (u >> (7 * g) & 0x7F) << (8 * g)
			}
			if got := spreadGroups(u); got != want {
				t.Fatalf("spreadGroups(%#x) = %#x, want %#x", u, got, want)
			}
		}
	}
}
