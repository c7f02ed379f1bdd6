package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestAppendTaggedRoomPastEnd checks that appendTagged writes a column
// the same whether its capacity holds room past its end, which
// remapTagged's loop and the integers' 8-byte loads then read through
// (wide), or not: on random columns of arrays, objects and scalars, each
// ending with every kind of value, with the room filled with bytes that
// would each misread as part of a value (0xFF: a varint's continuation,
// 0x00: a terminator, random bytes).
func TestAppendTaggedRoomPastEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	remap := make([]uint32, 40000)
	for i := range remap {
		remap[i] = uint32(r.IntN(len(remap)))
	}
	for i := 0; i < 3000; i++ {
		var col []byte
		for range 1 + r.IntN(8) {
			budget := 1 + r.IntN(40)
			depth := 0 // an array or object
			if r.IntN(3) == 0 {
				depth, budget = 1, 1 // a scalar
			}
			col = randTagged(col, r, depth, depth+1+r.IntN(3*remapDepth), &budget)
		}
		tight := col[:len(col):len(col)]
		var reps repeatTable
		var f1 bool
		want := appendTagged([]byte("kept"), tight, remap, false, &f1, &reps)
		for _, fill := range []int{0xFF, 0x00, -1} {
			for _, room := range []int{remapView, remapView + 5, 64} {
				buf := make([]byte, len(col)+room)
				copy(buf, col)
				for j := len(col); j < len(buf); j++ {
					if buf[j] = byte(fill); fill < 0 {
						buf[j] = byte(r.Uint32())
					}
				}
				var reps repeatTable
				var f2 bool
				got := appendTagged([]byte("kept"), buf[:len(col)], remap, false, &f2, &reps)
				if !bytes.Equal(got, want) || f1 != f2 {
					t.Fatalf("column %x, room %d of %#x:\n got %x, %v\nwant %x, %v", col, room, fill, got, f2, want, f1)
				}
			}
		}
	}
}
