package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestAppendRefs compares appendRefs with an AppendUvarint of each index,
// remap[id], after a prefix in dst: indexes of one, two and three bytes
// and more, the first large one at every place of the column, and dst
// with and without room.
func TestAppendRefs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	remap := make([]uint32, 64)
	for i := range remap {
		switch i % 4 {
		case 0:
			remap[i] = uint32(r.IntN(0x80))
		case 1:
			remap[i] = 0x80 + uint32(r.IntN(1<<14-0x80))
		case 2:
			remap[i] = 1<<14 + uint32(r.IntN(1<<21))
		default:
			remap[i] = uint32(r.Uint32())
		}
	}
	remap[0], remap[1], remap[2] = 0x7F, 0x80, 1<<14-1
	for n := 0; n <= 40; n++ {
		for _, large := range []bool{false, true} {
			ids := make([]uint32, n)
			for i := range ids {
				if large {
					ids[i] = uint32(r.IntN(len(remap)))
				} else {
					ids[i] = uint32(4 * r.IntN(len(remap)/4))
					if i%3 == 1 {
						ids[i]++ // two bytes
					}
				}
			}
			want := []byte("prefix")
			for _, id := range ids {
				want = format.AppendUvarint(want, uint64(remap[id]))
			}
			for _, c := range []int{6, 200} {
				dst := append(make([]byte, 0, c), "prefix"...)
				if got := appendRefs(dst, ids, remap); !bytes.Equal(got, want) {
					t.Fatalf("ids %v, cap %d: %x, want %x", ids, c, got, want)
				}
			}
		}
	}
}
