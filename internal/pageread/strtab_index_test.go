package pageread

import (
	"math"
	"strings"
	"testing"
	"unsafe"
)

// TestStringTableString checks String and Bytes on every entry, empty
// ones included (the last one at the end of the data), and that an index
// outside the table panics rather than reading past offs: both read offs
// and the data without bounds checks once they have checked the index
// against the count. Bytes gives a slice whose capacity is its length, so
// that appending to it cannot write over the next string, and an empty
// entry as data[:0:0], as the plain slice expression does. String's
// non-empty strings point into str at their start, not at a copy.
func TestStringTableString(t *testing.T) {
	data := "ab" + "" + "xyz" + ""
	// offs has room past count+1, as a reused Layout's may: String and
	// Bytes must check the index against count, not against len(offs).
	offs := []uint32{0, 2, 2, 5, 5, 9, 9}
	tab := StringTable{count: 4, offs: offs[:5], data: []byte(data), str: data}
	want := []string{"ab", "", "xyz", ""}
	for i, w := range want {
		b := tab.Bytes(i)
		if got := tab.String(i); got != w || string(b) != w {
			t.Errorf("String(%d) = %q, Bytes = %q, want %q", i, got, b, w)
		}
		if w != "" && unsafe.StringData(tab.String(i)) != unsafe.StringData(data[offs[i]:]) {
			t.Errorf("String(%d) does not share the table's memory", i)
		}
		if cap(b) != len(b) {
			t.Errorf("Bytes(%d) has capacity %d, length %d", i, cap(b), len(b))
		}
		if w == "" && (b == nil) != (tab.data == nil) {
			t.Errorf("Bytes(%d) = %#v for an empty string of data %#v", i, b, tab.data)
		}
	}
	empty := StringTable{count: 1, offs: []uint32{0, 0}, data: nil}
	if b := empty.Bytes(0); b != nil {
		t.Errorf("Bytes(0) of a table without data = %#v, want nil", b)
	}
	tab.offs = offs
	for _, i := range []int{-1, 4, 5, math.MaxInt, math.MinInt} {
		for name, read := range map[string]func(int) int{
			"String": func(i int) int { return len(tab.String(i)) },
			"Bytes":  func(i int) int { return len(tab.Bytes(i)) },
		} {
			func() {
				defer func() {
					r := recover()
					if s, _ := r.(string); !strings.Contains(s, "out of range") {
						t.Errorf("%s(%d): recovered %v, want an out of range panic", name, i, r)
					}
				}()
				n := read(i)
				t.Errorf("%s(%d) read %d bytes, want a panic", name, i, n)
			}()
		}
	}
}
