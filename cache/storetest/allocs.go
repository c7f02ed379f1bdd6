package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/internal/allocs"
)

// GetAllocs checks that a Get of a 256 KiB entry under key into a buffer
// with room for it allocates at most bound bytes a call: that a hit does
// not allocate a page-sized buffer. Allocations are measured by
// allocs.MinPerRun (the smallest of several measurements after a warm-up),
// so a GC or another goroutine's allocation does not count. Skip it under
// the race detector, whose counts mean nothing here.
func GetAllocs(t *testing.T, s cache.Store, key string, bound uint64) {
	t.Helper()
	ctx := context.Background()
	entry := make([]byte, 256<<10)
	if err := s.Set(ctx, key, entry, time.Minute); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, len(entry)+64)
	var failed error
	per, objects := allocs.MinPerRun(5, 50, 5, func() {
		got, ok, err := s.Get(ctx, key, buf[:0])
		if err == nil && (!ok || len(got) != len(entry)) {
			err = fmt.Errorf("%d bytes, found %v", len(got), ok)
		}
		if err != nil && failed == nil {
			failed = err
		}
	})
	if failed != nil {
		t.Fatalf("Get: %v", failed)
	}
	if per > bound {
		t.Fatalf("a Get of %d bytes into a buffer with room allocates %d bytes in %d allocations, past %d", len(entry), per, objects, bound)
	}
	t.Logf("a Get of %d bytes into a buffer with room allocates %d bytes in %d allocations", len(entry), per, objects)
}
