package pagebuild

import (
	"encoding/hex"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage/format"
)

// TestAppendID checks that AppendID and AppendTaggedStr write an id as the
// uvarint of SPEC.md, the bytes format.AppendUvarint writes, at every
// length boundary: 1 byte below 128, 2 below 16,384, 3 below 2,097,152,
// and up to 5 for the largest id.
func TestAppendID(t *testing.T) {
	tests := []struct {
		id  uint32
		hex string
	}{
		{0, "00"},
		{1, "01"},
		{127, "7f"},
		{128, "8001"},
		{129, "8101"},
		{300, "ac02"},
		{16383, "ff7f"},
		{16384, "808001"},
		{16385, "818001"},
		{1<<21 - 1, "ffff7f"},
		{1 << 21, "80808001"},
		{1<<28 - 1, "ffffff7f"},
		{1 << 28, "8080808001"},
		{math.MaxUint32, "ffffffff0f"},
	}
	prefix := []byte{0xEE} // bytes already in the buffer stay
	for _, tt := range tests {
		want, err := hex.DecodeString("ee" + tt.hex)
		if err != nil {
			t.Fatal(err)
		}
		if ref := format.AppendUvarint([]byte{0xEE}, uint64(tt.id)); !cmp.Equal(ref, want) {
			t.Fatalf("test table: format.AppendUvarint(%d) = %x, table says %x", tt.id, ref, want)
		}
		if got := AppendID(prefix[:1:1], tt.id); !cmp.Equal(got, want) {
			t.Errorf("AppendID(%d) = %x, want %x", tt.id, got, want)
		}
		tagged := append([]byte{0xEE, format.TagString}, want[1:]...)
		if got := AppendTaggedStr(prefix[:1:1], tt.id); !cmp.Equal(got, tagged) {
			t.Errorf("AppendTaggedStr(%d) = %x, want %x", tt.id, got, tagged)
		}
		// With room to spare, the same bytes.
		roomy := make([]byte, 1, 16)
		roomy[0] = 0xEE
		if got := AppendID(roomy, tt.id); !cmp.Equal(got, want) {
			t.Errorf("AppendID(%d) with spare capacity = %x, want %x", tt.id, got, want)
		}
	}
}

// TestReadID reads back each id AppendID wrote, at every length boundary,
// after other bytes and before more.
func TestReadID(t *testing.T) {
	for _, id := range idWidths {
		b := AppendID([]byte{0xEE}, id)
		end := len(b)
		b = append(b, 0x7F, 0x01) // the next value's bytes are not read
		got, next := readID(b, 1)
		if got != id || next != end {
			t.Errorf("readID(AppendID(%d)) = %d, next %d; want %d, next %d", id, got, next, id, end)
		}
	}
}

// idWidths are ids on each side of the uvarint length boundaries.
var idWidths = []uint32{0, 1, 127, 128, 129, 16383, 16384, 16385, 1<<21 - 1, 1 << 21, math.MaxUint32}

// TestRemapTaggedIDWidths checks that remapTagged rewrites the provisional
// ids of an object's keys and of strings in objects and arrays as their
// table indexes, for ids and indexes of one, two, three and five bytes in
// every combination: the object {key(a): str(b), ...} and the array
// [str(a), ...] are written as SPEC.md says, each id the uvarint of remap[id].
func TestRemapTaggedIDWidths(t *testing.T) {
	ids := []uint32{0, 1, 127, 128, 129, 16383, 16384, 16385, 1 << 21}
	remap := make([]uint32, 1<<21+1)
	for i := range remap {
		remap[i] = uint32(i) * 7 % 20000 // spreads indexes over 1, 2 and 3 bytes
	}
	remap[1<<21] = math.MaxUint32
	for _, from := range ids {
		for _, to := range []uint32{5, 127, 128, 16383, 16384, math.MaxUint32} {
			remap[from] = to
			for _, other := range ids {
				// The builder's form: fixed four-byte counts, provisional ids.
				src := AppendContainer(nil, format.TagObject, 2)
				src = AppendTaggedStr(AppendID(src, from), other)
				src = AppendContainer(AppendID(src, other), format.TagArray, 3)
				src = AppendTaggedStr(src, from)
				src = append(src, format.TagNull)
				src = AppendTaggedStr(src, other)
				// The page's form.
				want := append([]byte{format.TagObject}, 2)
				want = format.AppendUvarint(want, uint64(remap[from]))
				want = format.AppendUvarint(append(want, format.TagString), uint64(remap[other]))
				want = format.AppendUvarint(want, uint64(remap[other]))
				want = append(want, format.TagArray, 3, format.TagString)
				want = format.AppendUvarint(want, uint64(remap[from]))
				want = append(want, format.TagNull, format.TagString)
				want = format.AppendUvarint(want, uint64(remap[other]))

				var fint bool
				got, n := remapTagged(nil, src, remap, &fint)
				if n != len(src) || !cmp.Equal(got, want) {
					t.Fatalf("ids %d, %d with remap[%d] = %d: remapTagged = %x (read %d of %d bytes), want %x",
						from, other, from, to, got, n, len(src), want)
				}
			}
		}
	}
}
