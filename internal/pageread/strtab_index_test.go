package pageread

import (
	"math"
	"strings"
	"testing"
)

// TestStringTableString checks String against Bytes on every entry,
// empty ones included (the last one at the end of the data), and that an
// index outside the table panics rather than reading past offs: String
// reads offs and the data without bounds checks once it has checked the
// index against the count.
func TestStringTableString(t *testing.T) {
	data := "ab" + "" + "xyz" + ""
	// offs has room past count+1, as a reused Layout's may: String must
	// check the index against count, not against len(offs).
	offs := []uint32{0, 2, 2, 5, 5, 9, 9}
	tab := StringTable{count: 4, offs: offs[:5], data: []byte(data), str: data}
	want := []string{"ab", "", "xyz", ""}
	for i, w := range want {
		if got := tab.String(i); got != w || got != string(tab.Bytes(i)) {
			t.Errorf("String(%d) = %q, Bytes = %q, want %q", i, got, tab.Bytes(i), w)
		}
	}
	tab.offs = offs
	for _, i := range []int{-1, 4, 5, math.MaxInt, math.MinInt} {
		func() {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, "out of range") {
					t.Errorf("String(%d): recovered %v, want an out of range panic", i, r)
				}
			}()
			s := tab.String(i)
			t.Errorf("String(%d) = %q, want a panic", i, s)
		}()
	}
}
