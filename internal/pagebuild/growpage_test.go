package pagebuild

import (
	"bytes"
	"testing"
)

// TestGrowPage holds growPage to what slices.Grow promises: dst's bytes
// and length kept, room for n more bytes, and dst itself when it has the
// room already; and a new array, with room that doubles, when it grows.
func TestGrowPage(t *testing.T) {
	for _, tc := range []struct{ len, cap, n int }{
		{0, 0, 1}, {0, 0, 100}, {0, 0, 1 << 20}, {3, 3, 1}, {3, 10, 7}, {3, 10, 8}, {5, 8, 1000}, {1000, 1024, 2000}, {100, 4096, 50},
	} {
		dst := make([]byte, tc.len, tc.cap)
		for i := range dst {
			dst[i] = byte(i*7 + 1)
		}
		was := bytes.Clone(dst)
		got := growPage(dst, tc.n)
		if !bytes.Equal(got, was) {
			t.Fatalf("%+v: growPage changed dst's bytes", tc)
		}
		if cap(got)-len(got) < tc.n {
			t.Fatalf("%+v: room %d, want at least %d", tc, cap(got)-len(got), tc.n)
		}
		same := cap(got) > 0 && cap(dst) > 0 && &got[:1][0] == &dst[:1][0]
		if fits := tc.n <= tc.cap-tc.len; same != fits {
			t.Fatalf("%+v: growPage kept dst's array: %v, want %v", tc, same, fits)
		}
		if !same && cap(got) < 2*tc.cap {
			t.Fatalf("%+v: grown to %d, less than twice the capacity", tc, cap(got))
		}
		// Every byte of the room can be written.
		got = got[:cap(got)]
		for i := tc.len; i < len(got); i++ {
			got[i] = 0xEE
		}
	}
}
