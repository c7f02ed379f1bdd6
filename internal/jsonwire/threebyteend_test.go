package jsonwire

import "testing"

// TestThreeByteEnd puts each lead byte, every second byte and third bytes
// at the edges of the continuation range into each of the four lanes of a
// step of threeByteEnd, in a run of kanji, and checks that every sequence
// it passes over is a valid three-byte sequence other than U+2028 and
// U+2029, that it stops on a sequence boundary, and that it passes over a
// run with no excluded sequence in it whole.
func TestThreeByteEnd(t *testing.T) {
	const run = "日本語の文字列です" // nine sequences: a step of four, four again, one left
	b := []byte(run)
	for lane := range 4 {
		for lead := 0xC0; lead <= 0xF4; lead++ {
			for c1 := range 0x100 {
				for _, c2 := range []byte{0x00, 0x7F, 0x80, 0xA8, 0xA9, 0xBF, 0xC0} {
					copy(b, run)
					b[3*lane], b[3*lane+1], b[3*lane+2] = byte(lead), byte(c1), c2
					end := threeByteEnd(b, 0)
					if end%3 != 0 || end > len(b) {
						t.Fatalf("threeByteEnd(% x, 0) = %d, not a sequence boundary", b, end)
					}
					for i := 0; i < end; i += 3 {
						if refSeqLen(b[i:i+3]) != 3 || isLineSep(b, i) {
							t.Fatalf("threeByteEnd(% x, 0) = %d, past % x", b, end, b[i:i+3])
						}
					}
					seq := b[3*lane : 3*lane+3]
					if lead != 0xE0 && lead != 0xE2 && lead != 0xED && refSeqLen(seq) == 3 && end < len(b)-3 {
						t.Fatalf("threeByteEnd(% x, 0) = %d, want at least %d", b, end, len(b)-3)
					}
				}
			}
		}
	}
}
