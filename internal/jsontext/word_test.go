package jsontext

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestWordAt checks wordAt and putWordAt, which load and store through
// pointers without bounds checks (word_unsafe.go), against
// encoding/binary at every position of random texts, slices of a larger
// buffer so that their data does not start at an allocation's start.
func TestWordAt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	buf := make([]byte, 96)
	for range 200 {
		for k := range buf {
			buf[k] = byte(r.Uint32())
		}
		off := r.IntN(16)
		in := buf[off : off+8+r.IntN(64)]
		for i := 0; len(in)-i >= 8; i++ {
			if got, want := wordAt(in, i), binary.LittleEndian.Uint64(in[i:]); got != want {
				t.Fatalf("wordAt(in, %d) = %#x, want %#x", i, got, want)
			}
		}
		w := r.Uint64()
		b := in[:r.IntN(len(in)-7)]
		l := r.IntN(len(b) + 1)
		want := append([]byte(nil), in...)
		binary.LittleEndian.PutUint64(want[l:], w)
		putWordAt(b, l, w)
		if string(in) != string(want) {
			t.Fatalf("putWordAt(b, %d, %#x) wrote %x, want %x", l, w, in, want)
		}
	}
}
