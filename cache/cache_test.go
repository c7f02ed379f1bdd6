package cache_test

import (
	"bytes"
	"context"
	"database/sql/driver"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
)

type int64Counter = atomic.Int64

func TestStoreKey(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{Namespace: "app:v1"})
	base := cache.Key{Tenant: "acme", Scope: "user", Query: "SELECT 1 WHERE a = $1", Args: []any{1}}
	k := c.StoreKey(base)
	if !strings.HasPrefix(k, "app:v1:acme:") || len(k) != len("app:v1:acme:")+64 {
		t.Fatalf("StoreKey = %q", k)
	}
	if c.StoreKey(base) != k {
		t.Fatal("StoreKey is not deterministic")
	}
	differ := []cache.Key{
		{Tenant: "globex", Scope: "user", Query: base.Query, Args: []any{1}},
		{Tenant: "acme", Scope: "admin", Query: base.Query, Args: []any{1}},
		{Tenant: "acme", Scope: "user", Query: base.Query + " ", Args: []any{1}},
		{Tenant: "acme", Scope: "user", Query: base.Query, Args: []any{"1"}},
		{Tenant: "acme", Scope: "user", Query: base.Query, Args: []any{int64(1)}},
		{Tenant: "acme", Scope: "user", Query: base.Query, Args: []any{1.0}},
		{Tenant: "acme", Scope: "user", Query: base.Query, Args: []any{true}},
		{Tenant: "acme", Scope: "user", Query: base.Query, Args: []any{1, nil}},
		{Tenant: "acme", Scope: "user", Query: base.Query},
		// Shifting bytes between fields.
		{Tenant: "acme", Scope: "userSELECT", Query: " 1 WHERE a = $1", Args: []any{1}},
		{Tenant: "acmeuser", Query: base.Query, Args: []any{1}},
	}
	seen := map[string]int{k: -1}
	for i, d := range differ {
		s := c.StoreKey(d)
		if j, dup := seen[s]; dup {
			t.Errorf("keys %d and %d share store key %q", i, j, s)
		}
		seen[s] = i
	}
	pairs := [][2][]any{
		{{[]byte("a")}, {"a"}},
		{{"a", "b"}, {"ab"}},
		{{"a", "b"}, {"a", []byte("b")}},
		{{""}, {nil}},
		{{[]byte(nil)}, {nil}},
		{{time.Unix(0, 0).UTC()}, {time.Unix(0, 0).In(time.FixedZone("x", 3600))}},
		{{valuer("1")}, {"1"}},
		{{uint8(1)}, {int8(1)}},
	}
	for _, p := range pairs {
		a := c.StoreKey(cache.Key{Query: "q", Args: p[0]})
		b := c.StoreKey(cache.Key{Query: "q", Args: p[1]})
		if a == b {
			t.Errorf("args %#v and %#v share a store key", p[0], p[1])
		}
	}
	// A tenant cannot forge a separator or a Redis Cluster hash tag.
	if s := c.StoreKey(cache.Key{Tenant: "a:b{c}"}); !strings.HasPrefix(s, "app:v1:a%3Ab%7Bc%7D:") {
		t.Errorf("tenant escaped as %q", s)
	}
}

type valuer string

func (v valuer) Value() (driver.Value, error) { return string(v), nil }

func TestUnsupportedArg(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{})
	k := cache.Key{Query: "q", Args: []any{struct{ X int }{1}}}
	if s := c.StoreKey(k); s != "" {
		t.Errorf("StoreKey of an unsupported argument = %q, want \"\"", s)
	}
	called := false
	_, _, err := c.Get(context.Background(), k, func(context.Context) ([]byte, error) { called = true; return nil, nil })
	if !errors.Is(err, cache.ErrKey) || called {
		t.Fatalf("Get with an unsupported argument: %v (loader called: %v), want ErrKey and no load", err, called)
	}
}

func TestHitMissStale(t *testing.T) {
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			c, n := newCache(t, s, cache.Options{TTL: 200 * time.Millisecond, Stale: 5 * time.Second})
			clock, loads := withFakeClock(c), watchLoads(c)
			ctx := context.Background()
			k := cache.Key{Tenant: "t", Query: "q"}
			v1, v2 := rowsPage(t, "one", 3), rowsPage(t, "two", 3)
			var calls int64Counter
			cur := v1
			load := func(context.Context) ([]byte, error) { calls.Add(1); return cur, nil }
			check := func(want []byte, wantStatus cache.Status) {
				t.Helper()
				p, st, err := c.Get(ctx, k, load)
				if err != nil || st != wantStatus || string(p) != string(want) {
					t.Fatalf("Get = %d bytes, %v, %v; want %d bytes, %v", len(p), st, err, len(want), wantStatus)
				}
			}
			check(v1, cache.Miss)
			check(v1, cache.Hit)
			clock.advance(199 * time.Millisecond)
			check(v1, cache.Hit)
			clock.advance(time.Millisecond) // TTL is over
			cur = v2
			check(v1, cache.Stale) // served at once; a refresh starts
			loads.waitLoaded(t, 2) // the refresh has stored v2
			if e, _, _ := s.Get(ctx, c.StoreKey(k), nil); !bytes.HasSuffix(e, v2) {
				t.Fatal("the background refresh did not store the new page")
			}
			check(v2, cache.Hit)
			if got := calls.Load(); got != 2 {
				t.Fatalf("%d loads, want 2", got)
			}
			if n.Hits.Load() != 3 || n.Stale.Load() != 1 || n.Misses.Load() != 1 || n.Loads.Load() != 2 {
				t.Fatalf("counters: %d hits, %d stale, %d misses, %d loads", n.Hits.Load(), n.Stale.Load(), n.Misses.Load(), n.Loads.Load())
			}
		})
	}
}

// TestLoadErrorFallback: a refresh that fails leaves the stale entry
// served; with StaleIfError, a foreground load that fails past the stale
// window serves the old entry as Stale too.
func TestLoadErrorFallback(t *testing.T) {
	c, n := newCache(t, cache.NewMemory(1<<20), cache.Options{TTL: 100 * time.Millisecond, Stale: time.Second, StaleIfError: time.Minute})
	clock, loads := withFakeClock(c), watchLoads(c)
	ctx := context.Background()
	k := cache.Key{Query: "q"}
	v := rowsPage(t, "v", 2)
	if _, _, err := c.Get(ctx, k, func(context.Context) ([]byte, error) { return v, nil }); err != nil {
		t.Fatal(err)
	}
	failing := func(context.Context) ([]byte, error) { return nil, errors.New("database down") }
	clock.advance(150 * time.Millisecond) // stale window
	p, st, err := c.Get(ctx, k, failing)
	if err != nil || st != cache.Stale || string(p) != string(v) {
		t.Fatalf("in the stale window: %v, %v", st, err)
	}
	loads.waitLoaded(t, 2)                 // the failed refresh
	cache.ForgetLoad(c, c.StoreKey(k))     // so that the next Get loads, not joins it
	clock.advance(1000 * time.Millisecond) // past stale, within StaleIfError
	p, st, err = c.Get(ctx, k, failing)
	if err != nil || st != cache.Stale || string(p) != string(v) {
		t.Fatalf("past the stale window with a failing load: %v, %v; want the old page as Stale", st, err)
	}
	if n.LoadErrors.Load() != 2 {
		t.Fatalf("%d load errors reported, want 2", n.LoadErrors.Load())
	}
	// Without an entry, the error is the caller's.
	if _, _, err := c.Get(ctx, cache.Key{Query: "other"}, failing); err == nil || !strings.Contains(err.Error(), "database down") {
		t.Fatalf("a failing load with no entry: %v", err)
	}
}

// TestCallerGivesUp: a caller whose context ends gets its error at once,
// and the shared load still finishes and is stored.
func TestCallerGivesUp(t *testing.T) {
	store := cache.NewMemory(1 << 20)
	c, _ := newCache(t, store, cache.Options{})
	withFakeClock(c) // the entry stays fresh however slow the run
	loads := watchLoads(c)
	k := cache.Key{Query: "slow"}
	v := rowsPage(t, "v", 2)
	release := make(chan struct{})
	var calls int64Counter
	load := func(ctx context.Context) ([]byte, error) {
		calls.Add(1)
		select {
		case <-release:
			return v, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		loads.waitJoined(t, 1) // the caller waits for the load: give up
		cancel()
	}()
	if _, _, err := c.Get(ctx, k, load); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get by a caller that gives up: %v", err)
	}
	close(release)
	// The abandoned load goes on and stores its page. Wait for it to be
	// over: a Get that looked in the store just before the load stored its
	// page, and asked for a load just after it ended, would start a second
	// load, which singleflight allows (one at a time).
	loads.waitLoaded(t, 1)
	if _, found, err := store.Get(context.Background(), c.StoreKey(k), nil); err != nil || !found {
		t.Fatalf("the abandoned load's entry: %v, %v", found, err)
	}
	p, st, err := c.Get(context.Background(), k, load)
	if err != nil || st != cache.Hit || string(p) != string(v) || calls.Load() != 1 {
		t.Fatalf("after the abandoned load: %v, %v, %d loads; want a hit after 1 load", st, err, calls.Load())
	}
}

func TestLoadTimeout(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{LoadTimeout: 50 * time.Millisecond})
	_, _, err := c.Get(context.Background(), cache.Key{Query: "q"}, func(ctx context.Context) ([]byte, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a load past LoadTimeout: %v", err)
	}
}
