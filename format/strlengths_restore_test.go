package format

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestRestoreEndsMatchesSum compares RestoreEnds, which takes two-byte ends
// four at a time, with the sum of the lengths written end by end: every
// count around a multiple of four, random planes whose sums wrap past the
// width, and the bytes before and after the ends left alone.
func TestRestoreEndsMatchesSum(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 5))
	for width := 1; width <= 4; width++ {
		for count := 0; count <= 19; count++ {
			for range 20 {
				head := []byte{0xA1, 0xA2}
				planes := make([]byte, count*width)
				for i := range planes {
					planes[i] = byte(r.Uint32())
				}
				tail := []byte{0xB1, 0xB2, 0xB3}
				table := append(append(append([]byte(nil), head...), planes...), tail...)
				want := append([]byte(nil), table...)
				sum := uint64(0)
				for i := range count {
					l := uint64(0)
					for b := range width {
						l |= uint64(planes[b*count+i]) << (8 * b)
					}
					sum += l
					for b := range width {
						want[len(head)+i*width+b] = byte(sum >> (8 * b))
					}
				}
				RestoreEnds(table, len(head), count, width, make([]byte, count*width))
				if !bytes.Equal(table, want) {
					t.Fatalf("width %d, %d ends: got % x, want % x", width, count, table, want)
				}
			}
		}
	}
}
