package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestContainerJSONIntMembersEveryTail renders arrays of one integer
// member followed by 0 to 10 padding members, so that every count of
// bytes after the tag from the varint's own length to past 8 meets
// memberIntJSON's one-load read and its way out (memberIntSlow) at the
// boundary between them, as TagInt and as TagFloatInt, whole and cut
// after the varint's every byte.
func TestContainerJSONIntMembersEveryTail(t *testing.T) {
	l := clippedLayout(t, []string{"a"}, 8)
	for _, v := range memberInts() {
		for _, tag := range []byte{format.TagInt, format.TagFloatInt} {
			for pad := 0; pad <= 10; pad++ {
				b := []byte{format.TagArray, byte(1 + pad)}
				b = format.AppendVarint(append(b, tag), v)
				end := len(b)
				for range pad {
					b = append(b, format.TagNull)
				}
				checkRender(t, l, b, false, 32)
				checkRender(t, l, b, false, 0)
				for cut := 3; cut < end; cut++ {
					checkRender(t, l, b[:cut], false, 32)
				}
			}
		}
	}
}

// TestValueJSONIntCellsEveryTail renders integer cells of an any column
// (TagInt and TagFloatInt at depth 1, which valueJSON hands to
// memberIntJSON) followed by 0 to 10 bytes of the next cells, whole and
// cut after the varint's every byte.
func TestValueJSONIntCellsEveryTail(t *testing.T) {
	l := clippedLayout(t, []string{"a"}, 8)
	for _, v := range memberInts() {
		for _, tag := range []byte{format.TagInt, format.TagFloatInt} {
			for pad := 0; pad <= 10; pad++ {
				b := format.AppendVarint([]byte{tag}, v)
				end := len(b)
				for range pad {
					b = append(b, format.TagNull)
				}
				checkRender(t, l, b, false, 32)
				checkRender(t, l, b, false, 0)
				for cut := 1; cut < end; cut++ {
					checkRender(t, l, b[:cut], false, 32)
				}
			}
		}
	}
}
