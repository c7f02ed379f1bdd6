package jsontext

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// isSpecial is specialBytes for one byte: the bytes that end str's short
// path.
var isSpecial = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// TestSpecialBytesEveryByteEveryLane puts each of the 256 byte values in
// each of the eight lanes of a word, with bytes below it that are not
// special and anything above it, and checks that specialBytes flags it
// first exactly when isSpecial says it is special.
func TestSpecialBytesEveryByteEveryLane(t *testing.T) {
	checkLowestFlag(t, specialBytes, &isSpecial)
}

// TestStopBytesEveryByteEveryLane is the same test for stopBytes, whose
// bytes are isStop's.
func TestStopBytesEveryByteEveryLane(t *testing.T) {
	checkLowestFlag(t, stopBytes, &isStop)
}

// checkLowestFlag checks that the lowest byte flag(w) sets is the lowest
// byte of w that want marks, over every byte value in every lane, with 63
// random fillings of the lanes above it (and one of plain letters).
func checkLowestFlag(t *testing.T, flag func(uint64) uint64, want *[256]bool) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	var b [8]byte
	for lane := range 8 {
		for c := range 256 {
			for trial := range 64 {
				for k := range b {
					switch {
					case k < lane:
						b[k] = byte(r.Uint32())
						for want[b[k]] {
							b[k] = byte(r.Uint32())
						}
					case k > lane && trial > 0:
						b[k] = byte(r.Uint32())
					default:
						b[k] = 'a'
					}
				}
				b[lane] = byte(c)
				got := bits.TrailingZeros64(flag(binary.LittleEndian.Uint64(b[:]))) >> 3
				if want[c] && got != lane {
					t.Fatalf("% x: lowest flag in lane %d, want %d", b, got, lane)
				}
				if !want[c] && got <= lane {
					t.Fatalf("% x: lowest flag in lane %d, want above %d", b, got, lane)
				}
			}
		}
	}
}
