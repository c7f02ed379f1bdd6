package pageread

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestValueJSONLiterals renders null, false and true as cells of an any
// column and as members of an array and an object, into buffers of every
// room from none to twelve bytes past what the value writes before them,
// so that valueJSON writes each literal both with its one store (eight
// bytes of room) and through valueSlowJSON's append (less).
func TestValueJSONLiterals(t *testing.T) {
	l := clippedLayout(t, tenStrings(), 8)
	for _, tag := range []byte{format.TagNull, format.TagFalse, format.TagTrue} {
		for _, b := range [][]byte{
			{tag},
			{format.TagArray, 2, tag, tag},
			{format.TagObject, 2, 1, tag, 2, format.TagString, 3},
		} {
			for spare := 0; spare <= 12+len(b)*8; spare++ {
				if !checkRender(t, l, b, false, spare) {
					t.Fatalf("% x: rejected", b)
				}
			}
		}
	}
}

// TestValueJSONStringIndexRange renders string cells of an any column whose
// one- or two-byte index is the table's last, just past it or far past it,
// and three-byte indexes in and past a table of 20,000 strings: the ones past
// the table must mark the cursor bad (through valueSlowJSON), the others
// render as AppendValueJSON does.
func TestValueJSONStringIndexRange(t *testing.T) {
	small := clippedLayout(t, tenStrings(), 8)
	for _, i := range []uint64{9, 10, 11, 127, 128, 16383} {
		b := format.AppendUvarint([]byte{format.TagString}, i)
		if got := checkRender(t, small, b, false, 40); got != (i < 10) {
			t.Fatalf("index %d of 10: accepted %v", i, got)
		}
	}
	big, _, _ := keyTable(t, 20000)
	for _, i := range []uint64{16384, 19999, 20000, 1 << 21} {
		b := format.AppendUvarint([]byte{format.TagString}, i)
		if got := checkRender(t, big, b, true, 40); got != (i < 20000) {
			t.Fatalf("index %d of 20,000: accepted %v", i, got)
		}
	}
}

// tenStrings returns the strings "s0" to "s9".
func tenStrings() []string {
	strs := make([]string, 10)
	for i := range strs {
		strs[i] = "s" + strconv.Itoa(i)
	}
	return strs
}
