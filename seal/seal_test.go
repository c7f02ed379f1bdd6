package seal

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sizes are the plaintext lengths round trips cover: empty, one byte, and
// either side of each segment boundary.
var sizes = []int{0, 1, SegmentSize - 1, SegmentSize, SegmentSize + 1, 2*SegmentSize - 1, 2 * SegmentSize, 3 * SegmentSize, 3*SegmentSize + 5}

// Open(Seal(p)) is p for every size, appended after what dst held, and the
// sealed entry is exactly len(p)+Overhead(len(p)) bytes.
func TestRoundTrip(t *testing.T) {
	kr := testKeyring(t, 1)
	aad := []byte("orders?page=1")
	for _, n := range sizes {
		p := pattern(n)
		sealed, err := kr.Seal([]byte("prefix"), p, aad)
		if err != nil {
			t.Fatalf("%d bytes: Seal: %v", n, err)
		}
		if !bytes.HasPrefix(sealed, []byte("prefix")) {
			t.Fatalf("%d bytes: Seal did not append to dst", n)
		}
		sealed = sealed[len("prefix"):]
		if got, want := len(sealed), n+Overhead(n); got != want {
			t.Errorf("%d bytes: sealed is %d bytes, want %d", n, got, want)
		}
		got, err := kr.Open([]byte("dst:"), sealed, aad)
		if err != nil {
			t.Fatalf("%d bytes: Open: %v", n, err)
		}
		if diff := cmp.Diff(append([]byte("dst:"), p...), got); diff != "" {
			t.Errorf("%d bytes: Open gave other bytes (-want +got):\n%s", n, diff)
		}
	}
}

// Two seals of one plaintext differ: each has its own salt and nonce prefix.
func TestSealIsRandomized(t *testing.T) {
	kr := testKeyring(t, 1)
	a, _ := kr.Seal(nil, []byte("same"), nil)
	b, _ := kr.Seal(nil, []byte("same"), nil)
	if bytes.Equal(a, b) {
		t.Fatal("two seals of one plaintext are equal")
	}
}

// Overhead is the header plus a tag per segment.
func TestOverhead(t *testing.T) {
	for n, want := range map[int]int{0: 48, 1: 48, SegmentSize: 48, SegmentSize + 1: 64, 3 * SegmentSize: 80} {
		if got := Overhead(n); got != want {
			t.Errorf("Overhead(%d) = %d, want %d", n, got, want)
		}
	}
}
