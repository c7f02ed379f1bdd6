package pageread

import (
	"strings"
	"testing"
)

// TestAppendSpanJSONClean writes clean strings of every length up to 70
// bytes through appendSpanJSON from every place of a table (so that the
// table has 64 bytes after the string, or fewer), into buffers with every
// amount of room from 0 to 80 bytes, and compares with the quoted string:
// putQuoted64's moves and the append path must agree, and leave the bytes
// before the output alone.
func TestAppendSpanJSONClean(t *testing.T) {
	data := []byte(strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 4)) // 144 bytes
	for m := 0; m <= 70; m++ {
		for s := 0; s+m <= len(data); s++ {
			b := data[s : s+m]
			want := `xy"` + string(b) + `"`
			for room := 0; room <= 80; room++ {
				dst := append(make([]byte, 0, 2+room), "xy"...)
				got := appendSpanJSON(dst, nil, 0, b, true, true)
				if string(got) != want {
					t.Fatalf("m %d at %d, room %d: got %q, want %q", m, s, room, got, want)
				}
			}
		}
	}
}
