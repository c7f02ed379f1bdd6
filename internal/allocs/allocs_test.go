package allocs_test

import (
	"testing"

	"github.com/rowpage/rowpage/internal/allocs"
)

var sink []byte

// TestMinPerRun: a function that allocates nothing measures zero, and one
// that allocates a 4 KiB buffer per call measures that buffer, whatever
// else the process does meanwhile.
func TestMinPerRun(t *testing.T) {
	if b, n := allocs.MinPerRun(10, 100, 3, func() {}); b != 0 || n != 0 {
		t.Errorf("an empty function: %d bytes in %d objects per call, want 0", b, n)
	}
	b, n := allocs.MinPerRun(10, 100, 3, func() { sink = make([]byte, 4096) })
	if b != 4096 || n != 1 {
		t.Errorf("one 4 KiB buffer per call: %d bytes in %d objects, want 4096 in 1", b, n)
	}
}
