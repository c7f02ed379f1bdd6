package pagebuild

import (
	"bytes"
	"math"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestCopyVarint checks that copyVarint copies a tag and its varint, and
// nothing after it, for a varint of every length from 1 to 10 bytes,
// whether 8 or more bytes follow the tag (the one-load path) or the value
// ends the buffer (the byte loop), and that it leaves what dst held.
func TestCopyVarint(t *testing.T) {
	values := []uint64{0, 1, 127, 128, 16383, 16384, 1<<21 - 1, 1 << 21, 1<<28 - 1, 1 << 28,
		1<<35 - 1, 1 << 35, 1<<42 - 1, 1 << 42, 1<<49 - 1, 1 << 49, 1<<56 - 1, 1 << 56, 1<<63 - 1, 1 << 63, math.MaxUint64}
	for _, v := range values {
		val := format.AppendUvarint([]byte{format.TagUint}, v)
		for _, tail := range [][]byte{nil, {0xFF}, bytes.Repeat([]byte{0xFF}, 9)} {
			src := append([]byte{format.TagNull}, val...) // the value at pos 1
			src = append(src, tail...)
			dst, pos := copyVarint([]byte("kept"), src, 1)
			if want := append([]byte("kept"), val...); !bytes.Equal(dst, want) || pos != 1+len(val) {
				t.Errorf("%d with %d bytes after: copyVarint = %x, %d; want %x, %d", v, len(tail), dst, pos, want, 1+len(val))
			}
		}
	}
}
