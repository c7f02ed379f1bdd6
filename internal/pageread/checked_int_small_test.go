package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestContainerJSONSmallIntMembers renders arrays and objects whose
// members are integers with every first varint byte (the one-byte
// varints containerJSON takes in line, 0 to 63, and every other byte,
// followed by a continuation or by nothing), as TagInt and TagFloatInt,
// followed by 0 to 9 padding members, whole and cut after every byte,
// into buffers of spare capacity 0 (append grows them) and 32, with
// checkRender.
func TestContainerJSONSmallIntMembers(t *testing.T) {
	l := clippedLayout(t, []string{"a"}, 8)
	for first := 0; first < 256; first++ {
		for _, tag := range []byte{format.TagInt, format.TagFloatInt} {
			for _, tail := range [][]byte{nil, {1}, {0x80, 1}} {
				for pad := 0; pad <= 9; pad += 3 {
					for _, obj := range []bool{false, true} {
						b := []byte{format.TagArray, byte(2 + pad)}
						if obj {
							b[0] = format.TagObject
						}
						for range 2 { // two members: the first one's comma is kept
							if obj {
								b = append(b, 0) // key "a"
							}
							b = append(append(b, tag, byte(first)), tail...)
						}
						for range pad {
							if obj {
								b = append(b, 0)
							}
							b = append(b, format.TagNull)
						}
						checkRender(t, l, b, false, 0)
						checkRender(t, l, b, false, 32)
						for cut := 2; cut < len(b); cut++ {
							checkRender(t, l, b[:cut], false, 32)
						}
					}
				}
			}
		}
	}
}
