package fuzzsource

import (
	"bytes"
	"testing"
)

// TestByte reads the bytes in order, then zeros.
func TestByte(t *testing.T) {
	s := New([]byte{7, 0xff})
	for i, want := range []byte{7, 0xff, 0, 0} {
		if got := s.Byte(); got != want {
			t.Errorf("Byte %d = %d, want %d", i, got, want)
		}
	}
}

// TestU64 reads little-endian words, the last one zero-padded, then zeros.
func TestU64(t *testing.T) {
	s := New([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	for i, want := range []uint64{0x0807060504030201, 0x0a09, 0} {
		if got := s.U64(); got != want {
			t.Errorf("U64 %d = %#x, want %#x", i, got, want)
		}
	}
}

// TestTake takes n bytes, then what remains, then nothing.
func TestTake(t *testing.T) {
	s := New([]byte("abcdef"))
	for i, c := range []struct {
		n    int
		want string
	}{{2, "ab"}, {0, ""}, {-1, ""}, {3, "cde"}, {5, "f"}, {1, ""}} {
		if got := s.Take(c.n); string(got) != c.want {
			t.Errorf("Take %d (%d) = %q, want %q", i, c.n, got, c.want)
		}
	}
}

// TestTakeCapped checks that appending to what Take returned cannot
// overwrite the bytes still to come.
func TestTakeCapped(t *testing.T) {
	s := New([]byte("abcd"))
	_ = append(s.Take(2), 'x')
	if got := s.Take(2); !bytes.Equal(got, []byte("cd")) {
		t.Errorf("after appending to a taken slice, Take = %q, want \"cd\"", got)
	}
}

// TestMixed pins the order in which mixed reads consume the input: the
// seed corpora of the fuzz targets mean the values these reads make.
func TestMixed(t *testing.T) {
	s := New([]byte{3, 1, 2, 3, 4, 5, 6, 7, 8, 'x', 'y', 'z', 9})
	b := s.Byte()
	u := s.U64()
	str := s.Take(int(b) - 1)
	last := s.Byte()
	if b != 3 || u != 0x0807060504030201 || string(str) != "xy" || last != 'z' {
		t.Errorf("got %d, %#x, %q, %q", b, u, str, last)
	}
	if u := s.U64(); u != 9 {
		t.Errorf("last U64 = %d, want 9", u)
	}
}

// TestZero checks that the zero Source has no bytes.
func TestZero(t *testing.T) {
	var s Source
	if s.Byte() != 0 || s.U64() != 0 || len(s.Take(4)) != 0 {
		t.Error("the zero Source handed out something")
	}
}
