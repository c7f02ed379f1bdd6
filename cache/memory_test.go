package cache_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/storetest"
)

func TestMemoryConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) cache.Store { return cache.NewMemory(64 << 20) })
}

// TestMemoryBound fills a small store far past its bound and checks that
// what it keeps stays within it.
func TestMemoryBound(t *testing.T) {
	const maxBytes = 1 << 20
	s := cache.NewMemory(maxBytes)
	ctx := context.Background()
	v := make([]byte, 10_000)
	for i := range 1000 { // 10 MB through a 1 MB store
		if err := s.Set(ctx, fmt.Sprint("k", i), v, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	var kept int64
	for i := range 1000 {
		b, ok, err := s.Get(ctx, fmt.Sprint("k", i), nil)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			kept += int64(len(b))
		}
	}
	if kept > maxBytes || kept == 0 {
		t.Fatalf("the store keeps %d bytes of entries, want between 1 and %d", kept, maxBytes)
	}
	if err := s.Set(ctx, "huge", make([]byte, maxBytes), time.Minute); !errors.Is(err, cache.ErrTooLarge) {
		t.Fatalf("Set of an entry past maxBytes: %v, want ErrTooLarge", err)
	}
}
