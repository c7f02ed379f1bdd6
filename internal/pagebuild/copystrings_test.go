package pagebuild

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCopyStrings compares copyStrings, for every width and strings of 0
// to 40 bytes (each copy path and its edges), with a plain copy and
// offsets written byte by byte, in an order that is not the ids'.
func TestCopyStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var strs []string
	for n := 0; n <= 40; n++ {
		for range 3 {
			var sb strings.Builder
			for range n {
				sb.WriteByte(byte('a' + r.IntN(26)))
			}
			strs = append(strs, sb.String())
		}
	}
	order := make([]uint32, len(strs))
	for i, p := range r.Perm(len(strs)) {
		order[i] = uint32(p)
	}
	for width := 1; width <= 4; width++ {
		var want, data []byte
		wantOffs := make([]uint32, len(order))
		for i, id := range order {
			data = append(data, strs[id]...)
			wantOffs[i] = uint32(len(data))
			var e [4]byte
			binary.LittleEndian.PutUint32(e[:], uint32(len(data))) // its low width bytes
			want = append(want, e[:width]...)
		}
		want = append(want, data...)
		got := bytes.Repeat([]byte{0xEE}, len(want))
		offs := make([]uint32, len(order))
		copyStrings(got, width, strs, order, offs)
		if !bytes.Equal(got, want) {
			t.Fatalf("width %d: table\n%q, want\n%q", width, got, want)
		}
		for i := range offs {
			if offs[i] != wantOffs[i] {
				t.Fatalf("width %d: offs[%d] = %d, want %d", width, i, offs[i], wantOffs[i])
			}
		}
	}
}
