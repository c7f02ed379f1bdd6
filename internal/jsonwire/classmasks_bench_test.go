package jsonwire

import (
	"fmt"
	"testing"
)

// BenchmarkClassMasks measures one call at every length a string-flag check
// asks for, 1 to 64 bytes and a block inside a long table: short blocks are
// copied or read as the table's last 64 bytes before the vector form runs,
// so their fixed cost is what a 25-row page pays. "swar" is the form of
// purego builds, other GOARCH and CPUs without AVX2.
func BenchmarkClassMasks(b *testing.B) {
	for _, n := range []int{1, 8, 16, 31, 33, 48, 63, 64, 1 << 16} {
		const pattern = "ab<cdefghij klmn\"opqrstuvwxyz0123\\456789"
		text := make([]byte, n)
		for i := range text {
			text[i] = pattern[i%len(pattern)]
		}
		for _, form := range []string{"fast", "swar"} {
			if form == "fast" && !ClassMasksFast {
				continue
			}
			b.Run(fmt.Sprintf("%s/%d", form, n), func(b *testing.B) {
				masks := ClassMasks
				if form == "swar" {
					masks = classMasksSWAR
				}
				b.SetBytes(int64(min(n, ClassMasksLen)))
				var sink uint64
				for b.Loop() {
					e, h, g := masks(text, 0)
					sink += e ^ h ^ g
				}
				if sink == 1 {
					b.Log(sink)
				}
			})
		}
	}
}
