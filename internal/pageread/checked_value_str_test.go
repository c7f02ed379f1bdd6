package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestValueJSONStringCells renders string cells of an any column (TagString
// at depth 1, whose index valueJSON reads with uv12) at the varint
// boundaries 127, 128, 16383 and 16384, at the table's last index and past
// it, and with non-minimal indexes, whole and cut, followed by nothing or
// by the next cell.
func TestValueJSONStringCells(t *testing.T) {
	l, strs, _ := keyTable(t, 16500)
	n := uint64(len(strs))
	for _, i := range []uint64{0, 1, 127, 128, 129, 16383, 16384, 16385, n - 1, n, n + 1, 1 << 21, 1<<63 + 5} {
		for _, tail := range [][]byte{nil, {format.TagNull}, {format.TagString, 1, format.TagNull}} {
			b := append(format.AppendUvarint([]byte{format.TagString}, i), tail...)
			checkRender(t, l, b, i&1 == 0, 40)
			for cut := 1; cut < len(b); cut++ {
				checkRender(t, l, b[:cut], false, 40)
			}
		}
	}
	for _, b := range [][]byte{{format.TagString, 0x80, 0}, {format.TagString, 0x81, 0x80, 0}, {format.TagString, 0xFF}} {
		if checkRender(t, l, b, false, 40) {
			t.Fatalf("% x: accepted", b)
		}
	}
}
