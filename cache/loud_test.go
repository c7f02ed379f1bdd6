package cache_test

// The tests of issue 17, item 6: each fails loudly on a bug a shared
// query cache has shipped before.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/redisstore"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestTenantsNeverShare runs byte-identical SQL for two tenants over one
// shared store: each sees only its own rows, on every store.
func TestTenantsNeverShare(t *testing.T) {
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			c, _ := newCache(t, s, cache.Options{Namespace: fmt.Sprintf("tenants-%d", time.Now().UnixNano())})
			const q = "SELECT id, tenant, name, total FROM orders ORDER BY id"
			for round := range 3 { // miss, then hits
				for _, tenant := range []string{"acme", "globex"} {
					k := cache.Key{Tenant: tenant, Scope: "reader", Query: q}
					load := func(context.Context) ([]byte, error) { return rowsPage(t, tenant, 5), nil }
					w := httptest.NewRecorder()
					c.ServeJSON(w, httptest.NewRequest("GET", "/orders", nil), k, load, nil)
					body := w.Body.String()
					other := map[string]string{"acme": "globex", "globex": "acme"}[tenant]
					if w.Code != 200 || !strings.Contains(body, `"tenant":"`+tenant+`"`) || strings.Contains(body, other) {
						t.Fatalf("round %d, tenant %s got %d: %.120s", round, tenant, w.Code, body)
					}
				}
			}
		})
	}
}

// oldKey and oldServe are the cache path of an older release: JSON text
// under "rowpage:v1:<tenant>:<hash>", as sqlpage/example_test.go sketches it.
func oldKey(tenant, query string) string { return "rowpage:v1:" + tenant + ":" + query }

func oldServe(ctx context.Context, s cache.Store, key string, rows []byte) ([]byte, string, error) {
	b, ok, err := s.Get(ctx, key, nil)
	if err != nil {
		return nil, "", err
	}
	if ok && json.Valid(b) {
		return b, "hit", nil
	}
	if err := s.Set(ctx, key, rows, time.Minute); err != nil {
		return nil, "", err
	}
	return rows, "miss", nil
}

// TestOldEntriesBesideNew puts old JSON entries and new entries in one
// store, some under the very same keys: each path ignores the other's.
func TestOldEntriesBesideNew(t *testing.T) {
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			ctx := context.Background()
			c, n := newCache(t, s, cache.Options{})
			oldJSON := []byte(`[{"id":1,"name":"from the old release"}]`)
			page := rowsPage(t, "new", 2)
			k := cache.Key{Tenant: "acme", Query: "q"}
			// An old entry where the new path looks, and one where the old
			// path looks.
			if err := s.Set(ctx, c.StoreKey(k), oldJSON, time.Minute); err != nil {
				t.Fatal(err)
			}
			if _, _, err := oldServe(ctx, s, oldKey("acme", "q"), oldJSON); err != nil {
				t.Fatal(err)
			}
			got, st, err := c.Get(ctx, k, func(context.Context) ([]byte, error) { return page, nil })
			if err != nil || st != cache.Miss || !bytes.Equal(got, page) || n.Foreign.Load() != 1 {
				t.Fatalf("new path over an old entry: %v, %v, %d foreign; want a miss and 1 foreign", st, err, n.Foreign.Load())
			}
			if _, st, _ := c.Get(ctx, k, nil); st != cache.Hit {
				t.Fatalf("after the overwrite: %v, want a hit", st)
			}
			// The old path meets a new entry under its key: it ignores it.
			if err := s.Set(ctx, oldKey("globex", "q"), mustEntry(t, c, s, page), time.Minute); err != nil {
				t.Fatal(err)
			}
			b, how, err := oldServe(ctx, s, oldKey("globex", "q"), oldJSON)
			if err != nil || how != "miss" || !bytes.Equal(b, oldJSON) {
				t.Fatalf("old path over a new entry: %s, %v", how, err)
			}
			if b, how, _ := oldServe(ctx, s, oldKey("acme", "q"), oldJSON); how != "hit" || !bytes.Equal(b, oldJSON) {
				t.Fatalf("old path's own entry: %s", how)
			}
			// A Cache of another namespace (the next application version)
			// shares nothing with this one.
			c2, _ := newCache(t, s, cache.Options{Namespace: "next-" + fmt.Sprint(time.Now().UnixNano())})
			if _, st, _ := c2.Get(ctx, k, func(context.Context) ([]byte, error) { return rowsPage(t, "v2", 1), nil }); st != cache.Miss {
				t.Fatalf("another namespace: %v, want a miss", st)
			}
		})
	}
}

// mustEntry returns the bytes the Cache stores for page (by loading it
// under a throwaway key and reading the store).
func mustEntry(t *testing.T, c *cache.Cache, s cache.Store, page []byte) []byte {
	t.Helper()
	k := cache.Key{Query: fmt.Sprint("entry-probe-", time.Now().UnixNano())}
	if _, _, err := c.Get(context.Background(), k, func(context.Context) ([]byte, error) { return page, nil }); err != nil {
		t.Fatal(err)
	}
	e, ok, err := s.Get(context.Background(), c.StoreKey(k), nil)
	if err != nil || !ok {
		t.Fatalf("probe entry: %v, %v", ok, err)
	}
	return e
}

// TestStampede sends 100 concurrent requests for a cold key: one load.
// The load holds until all 100 callers wait for it, so that none can come
// after it ended (and start a second load, one at a time, as singleflight
// allows): every request is a miss.
func TestStampede(t *testing.T) {
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			c, n := newCache(t, ns.new(t), cache.Options{StoreTimeout: 2 * time.Second})
			loads := watchLoads(c)
			page := rowsPage(t, "hot", 100)
			var calls int64Counter
			release := make(chan struct{})
			load := func(context.Context) ([]byte, error) {
				calls.Add(1)
				<-release
				return page, nil
			}
			k := cache.Key{Tenant: "t", Query: "cold"}
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make(chan error, 100)
			for range 100 {
				wg.Go(func() {
					<-start
					got, _, err := c.Get(context.Background(), k, load)
					if err != nil || !bytes.Equal(got, page) {
						errs <- fmt.Errorf("Get: %d bytes, %v", len(got), err)
					}
				})
			}
			close(start)
			loads.waitJoined(t, 100)
			close(release)
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			if calls.Load() != 1 {
				t.Fatalf("100 concurrent requests for a cold key ran %d loads, want 1", calls.Load())
			}
			if n.Misses.Load() != 100 || n.Hits.Load() != 0 {
				t.Fatalf("%d misses and %d hits, want 100 misses", n.Misses.Load(), n.Hits.Load())
			}
		})
	}
}

// TestDamagedEntryRebuilt damages a stored page: Get and ServeJSON both
// treat it as a miss, serve a good page, and rewrite the entry.
func TestDamagedEntryRebuilt(t *testing.T) {
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			ctx := context.Background()
			c, n := newCache(t, s, cache.Options{})
			page := rowsPage(t, "good", 20)
			load := func(context.Context) ([]byte, error) { return page, nil }
			mode, _ := jsonbridge.Options{}.Mode()
			want, _ := mode.AppendJSON(nil, page)
			damage := func(k cache.Key) {
				t.Helper()
				if _, _, err := c.Get(ctx, k, load); err != nil {
					t.Fatal(err)
				}
				e, ok, err := s.Get(ctx, c.StoreKey(k), nil)
				if err != nil || !ok {
					t.Fatal(ok, err)
				}
				e[len(e)/2] ^= 0x40
				if err := s.Set(ctx, c.StoreKey(k), e, time.Minute); err != nil {
					t.Fatal(err)
				}
			}
			k := cache.Key{Query: "damaged-get"}
			damage(k)
			got, st, err := c.Get(ctx, k, load)
			if err != nil || st != cache.Miss || !bytes.Equal(got, page) {
				t.Fatalf("Get of a damaged entry: %v, %v; want a miss with the good page", st, err)
			}
			if _, st, _ := c.Get(ctx, k, load); st != cache.Hit {
				t.Fatalf("after the rebuild: %v, want a hit", st)
			}
			for _, above := range []int{1 << 30, 1} {
				c, n := newCache(t, s, cache.Options{WriteJSONAbove: above})
				k := cache.Key{Query: fmt.Sprint("damaged-serve-", above)}
				if _, _, err := c.Get(ctx, k, load); err != nil {
					t.Fatal(err)
				}
				e, _, _ := s.Get(ctx, c.StoreKey(k), nil)
				e[len(e)/2] ^= 0x40
				s.Set(ctx, c.StoreKey(k), e, time.Minute)
				w := httptest.NewRecorder()
				c.ServeJSON(w, httptest.NewRequest("GET", "/", nil), k, load, nil)
				if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) || w.Result().Header.Get("X-Cache") != "miss" || n.Foreign.Load() != 1 {
					t.Fatalf("ServeJSON (WriteJSONAbove %d) of a damaged entry: %d, X-Cache %s, %d foreign, body %.80s",
						above, w.Code, w.Result().Header.Get("X-Cache"), n.Foreign.Load(), w.Body.Bytes())
				}
				w = httptest.NewRecorder()
				c.ServeJSON(w, httptest.NewRequest("GET", "/", nil), k, load, nil)
				if w.Result().Header.Get("X-Cache") != "hit" {
					t.Fatalf("ServeJSON after the rebuild: X-Cache %s, want hit", w.Result().Header.Get("X-Cache"))
				}
			}
			if n.Foreign.Load() != 1 {
				t.Fatalf("%d foreign entries reported, want 1", n.Foreign.Load())
			}
			if _, err := rowpage.Open(got); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// slowStore answers after delay, or fails when down. It records the
// longest time a call was given (its context's deadline, from the call;
// negative when the deadline had passed by then), and whether a call came
// without a deadline.
type slowStore struct {
	delay time.Duration
	down  bool
	calls *storeCalls
}

type storeCalls struct {
	mu         sync.Mutex
	longest    time.Duration
	noDeadline bool
}

func (s slowStore) wait(ctx context.Context) error {
	d, ok := ctx.Deadline()
	s.calls.mu.Lock()
	s.calls.noDeadline = s.calls.noDeadline || !ok
	s.calls.longest = max(s.calls.longest, time.Until(d))
	s.calls.mu.Unlock()
	if s.down {
		return errors.New("slowStore: connection refused")
	}
	select {
	case <-time.After(s.delay):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s slowStore) Get(ctx context.Context, _ string, dst []byte) ([]byte, bool, error) {
	return dst, false, s.wait(ctx)
}
func (s slowStore) Set(ctx context.Context, _ string, _ []byte, _ time.Duration) error {
	return s.wait(ctx)
}
func (s slowStore) Delete(ctx context.Context, _ string) error { return s.wait(ctx) }

// TestSlowOrDownStore: a store that hangs or refuses costs a request at
// most StoreTimeout per store call (each call is given a deadline at most
// StoreTimeout away; a store that hangs for an hour does not hold the
// request); the request is served from the loader, the failures are
// reported, and StoreRetry leaves the store alone after one (on a clock
// that does not move, so that the retry never comes however slow the run).
func TestSlowOrDownStore(t *testing.T) {
	page := rowsPage(t, "p", 3)
	load := func(context.Context) ([]byte, error) { return page, nil }
	const timeout = 50 * time.Millisecond
	for _, s := range []slowStore{{delay: time.Hour}, {down: true}} {
		for _, retry := range []time.Duration{-1, time.Minute} {
			s.calls = &storeCalls{}
			c, n := newCache(t, s, cache.Options{StoreTimeout: timeout, StoreRetry: retry})
			withFakeClock(c)
			for i := range 3 {
				got, st, err := c.Get(context.Background(), cache.Key{Query: "q"}, load)
				if err != nil || st != cache.Miss || !bytes.Equal(got, page) {
					t.Fatalf("store %+v, request %d: %v, %v; want the loader's page", s, i, st, err)
				}
			}
			if s.calls.noDeadline || s.calls.longest > timeout {
				t.Fatalf("store %+v: a store call was given %v (or no deadline: %v), want at most StoreTimeout (%v)", s, s.calls.longest, s.calls.noDeadline, timeout)
			}
			// Without StoreRetry every request tries the store (get, set);
			// with it, only the first get does.
			want := int64(6)
			if retry > 0 {
				want = 1
			}
			if n.StoreErrors.Load() != want {
				t.Fatalf("store %+v, StoreRetry %v: %d store errors reported, want %d", s, retry, n.StoreErrors.Load(), want)
			}
		}
	}
}

// TestRedisKilledMidRun starts a private redis-server, serves requests
// through it, kills it mid-run, and checks that every request is still
// served, from the loader, with the failures reported.
func TestRedisKilledMidRun(t *testing.T) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		need(t, "ROWPAGE_REQUIRE_REDIS", "redis-server not installed (.ci/redis start installs it)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir)
	cmd.Stdout, cmd.Stderr = nil, nil
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	t.Cleanup(func() {
		if !killed {
			cmd.Process.Kill()
		}
		cmd.Wait()
	})
	redis.SetLogger(voidLogger{}) // the dial failures after the kill are expected
	client := redis.NewClient(&redis.Options{Addr: fmt.Sprint("127.0.0.1:", port), MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { client.Close() })
	for i := 0; client.Ping(context.Background()).Err() != nil; i++ {
		if i > 100 {
			t.Fatal("private redis-server did not start")
		}
		time.Sleep(20 * time.Millisecond)
	}
	c, n := newCache(t, redisstore.New(client), cache.Options{StoreTimeout: time.Second})
	page := rowsPage(t, "p", 50)
	load := func(context.Context) ([]byte, error) { return page, nil }
	serveOne := func(i int) {
		t.Helper()
		k := cache.Key{Query: "q", Args: []any{i % 5}}
		t0 := time.Now()
		w := httptest.NewRecorder()
		c.ServeJSON(w, httptest.NewRequest("GET", "/", nil), k, load, nil)
		if took := time.Since(t0); w.Code != 200 || took > 3*time.Second {
			t.Fatalf("request %d: %d after %v", i, w.Code, took)
		}
	}
	for i := range 50 {
		serveOne(i)
	}
	if n.Hits.Load() != 45 || n.StoreErrors.Load() != 0 {
		t.Fatalf("before the kill: %d hits, %d store errors; want 45 and 0", n.Hits.Load(), n.StoreErrors.Load())
	}
	cmd.Process.Kill()
	killed = true
	cmd.Wait()
	t0 := time.Now()
	for i := range 20 {
		serveOne(i)
	}
	if n.StoreErrors.Load() < 1 || n.Hits.Load() != 45 {
		t.Fatalf("after the kill: %d hits, %d store errors; want 45 and at least 1", n.Hits.Load(), n.StoreErrors.Load())
	}
	t.Logf("after the kill: %v a request, served from the loader", time.Since(t0)/20)
}

// voidLogger silences go-redis's log.
type voidLogger struct{}

func (voidLogger) Printf(context.Context, string, ...any) {}
