package cache_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
)

// readRecorder is a Store whose Get records the context it is given and,
// when block is set, waits for that context to end.
type readRecorder struct {
	cache.Store
	block bool

	mu    sync.Mutex
	reads []readSeen
}

type readSeen struct {
	deadline time.Time // zero: none
	left     time.Duration
	done     <-chan struct{}
	value    any
	err      error // ctx.Err() once the read is over
}

type ctxKey struct{}

func (s *readRecorder) Get(ctx context.Context, key string, dst []byte) ([]byte, bool, error) {
	var r readSeen
	r.deadline, _ = ctx.Deadline()
	r.left = time.Until(r.deadline)
	r.done, r.value = ctx.Done(), ctx.Value(ctxKey{})
	var err error
	if s.block {
		<-ctx.Done()
		err = ctx.Err()
	}
	r.err = ctx.Err()
	s.mu.Lock()
	s.reads = append(s.reads, r)
	s.mu.Unlock()
	if err != nil {
		return dst, false, err
	}
	return s.Store.Get(ctx, key, dst)
}

func (s *readRecorder) last(t *testing.T) readSeen {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reads) == 0 {
		t.Fatal("the store was not read")
	}
	return s.reads[len(s.reads)-1]
}

// TestStoreReadContext: a store read is given the caller's values and a
// deadline between three quarters of StoreTimeout and StoreTimeout away,
// which reads starting close together share (one timer, not one each); a
// caller's earlier deadline still ends the read; a caller whose context
// has ended does not read.
func TestStoreReadContext(t *testing.T) {
	const timeout = 2 * time.Second
	page := rowsPage(t, "p", 3)
	load := func(context.Context) ([]byte, error) { return page, nil }
	s := &readRecorder{Store: cache.NewMemory(1 << 20)}
	c, _ := newCache(t, s, cache.Options{StoreTimeout: timeout})
	k := cache.Key{Query: "q"}
	ctx := context.WithValue(context.Background(), ctxKey{}, "request value")
	if _, _, err := c.Get(ctx, k, load); err != nil {
		t.Fatal(err)
	}
	first := s.last(t)
	if first.value != "request value" {
		t.Errorf("the store read saw value %v, want the caller's", first.value)
	}
	if first.deadline.IsZero() || first.left > timeout || first.left < timeout*3/4-100*time.Millisecond {
		t.Errorf("the store read was given %v (deadline %v), want between %v and %v", first.left, first.deadline, timeout*3/4, timeout)
	}
	if _, st, err := c.Get(ctx, k, load); err != nil || st != cache.Hit {
		t.Fatalf("second Get: %v, %v", st, err)
	}
	second := s.last(t)
	if second.done != first.done || !second.deadline.Equal(first.deadline) {
		t.Errorf("two reads in a row have deadlines %v and %v: want one shared", first.deadline, second.deadline)
	}

	// A caller's deadline before StoreTimeout's ends the read.
	s.block = true
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	got, st, err := c.Get(short, k, load)
	if took := time.Since(t0); took > timeout/2 {
		t.Errorf("a caller with a 50 ms deadline waited %v for a hanging store", took)
	}
	if r := s.last(t); !errors.Is(r.err, context.DeadlineExceeded) || r.deadline.After(t0.Add(50*time.Millisecond)) {
		t.Errorf("the read under a 50 ms caller deadline: deadline %v, %v after it; err %v", r.deadline, r.deadline.Sub(t0), r.err)
	}
	if err == nil && (st != cache.Miss || len(got) == 0) {
		t.Errorf("Get under a 50 ms deadline: %v, %d bytes", st, len(got))
	}

	// A caller whose context has ended does not read.
	s.mu.Lock()
	n := len(s.reads)
	s.mu.Unlock()
	gone, cancel2 := context.WithCancel(ctx)
	cancel2()
	if _, _, err := c.Get(gone, k, load); !errors.Is(err, context.Canceled) {
		t.Errorf("Get of a cancelled caller: %v, want context.Canceled", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reads) != n {
		t.Errorf("a cancelled caller read the store")
	}
}

// TestStoreReadDeadlineEnds: a read that hangs ends with its shared
// deadline, at most StoreTimeout after it starts, and the request is
// served from the loader.
func TestStoreReadDeadlineEnds(t *testing.T) {
	const timeout = 100 * time.Millisecond
	page := rowsPage(t, "p", 3)
	s := &readRecorder{Store: cache.NewMemory(1 << 20), block: true}
	c, n := newCache(t, s, cache.Options{StoreTimeout: timeout})
	t0 := time.Now()
	got, st, err := c.Get(context.Background(), cache.Key{Query: "q"}, func(context.Context) ([]byte, error) { return page, nil })
	took := time.Since(t0)
	if err != nil || st != cache.Miss || len(got) != len(page) {
		t.Fatalf("Get: %v, %v, %d bytes; want the loader's page", st, err, len(got))
	}
	if r := s.last(t); !errors.Is(r.err, context.DeadlineExceeded) {
		t.Errorf("the hanging read ended with %v, want context.DeadlineExceeded", r.err)
	}
	if took < timeout*3/4 {
		t.Errorf("the hanging read ended after %v, before three quarters of StoreTimeout (%v)", took, timeout)
	}
	if n.StoreErrors.Load() < 1 {
		t.Errorf("the timed-out read was not reported")
	}
}
