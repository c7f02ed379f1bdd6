// Package storetest is the conformance suite of cache.Store: every store
// this module ships runs it, and a new store should too.
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) cache.Store { return myStore(t) })
//	}
//
// Each subtest gets a store from newStore and uses keys of its own (under
// a prefix unique to the run), so stores on a shared server need no
// flushing between subtests. The expiry subtest sleeps about a second.
package storetest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
)

// Run runs the conformance suite against the stores newStore returns.
func Run(t *testing.T, newStore func(t *testing.T) cache.Store) {
	run := fmt.Sprintf("storetest:%d:", time.Now().UnixNano())
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			c.f(t, s, func(k string) string { return run + c.name + ":" + k })
		})
	}
}

// cases are the subtests; key namespaces a key to the run and the subtest.
var cases = []struct {
	name string
	f    func(t *testing.T, s cache.Store, key func(string) string)
}{
	{"GetSetDelete", testGetSetDelete},
	{"AppendsToDst", testAppendsToDst},
	{"Overwrite", testOverwrite},
	{"Copies", testCopies},
	{"EmptyAndBinary", testEmptyAndBinary},
	{"Keys", testKeys},
	{"Expiry", testExpiry},
	{"Large", testLarge},
	{"Concurrent", testConcurrent},
	{"CanceledContext", testCanceledContext},
}

func get(t *testing.T, s cache.Store, k string, dst []byte) ([]byte, bool) {
	t.Helper()
	b, ok, err := s.Get(context.Background(), k, dst)
	if err != nil {
		t.Fatalf("Get(%q): %v", k, err)
	}
	return b, ok
}

func set(t *testing.T, s cache.Store, k string, v []byte, ttl time.Duration) {
	t.Helper()
	if err := s.Set(context.Background(), k, v, ttl); err != nil {
		t.Fatalf("Set(%q, %d bytes): %v", k, len(v), err)
	}
}

func want(t *testing.T, s cache.Store, k string, v []byte) {
	t.Helper()
	got, ok := get(t, s, k, nil)
	if !ok {
		t.Fatalf("Get(%q): not found, want %d bytes", k, len(v))
	}
	if !bytes.Equal(got, v) {
		t.Fatalf("Get(%q) = %d bytes %.40q, want %d bytes %.40q", k, len(got), got, len(v), v)
	}
}

func wantMissing(t *testing.T, s cache.Store, k string) {
	t.Helper()
	dst := []byte("prefix")
	got, ok := get(t, s, k, dst)
	if ok {
		t.Fatalf("Get(%q) found %d bytes, want none", k, len(got))
	}
	if string(got) != "prefix" {
		t.Fatalf("Get(%q) of a missing key changed dst to %q", k, got)
	}
}

func testGetSetDelete(t *testing.T, s cache.Store, key func(string) string) {
	wantMissing(t, s, key("a"))
	set(t, s, key("a"), []byte("alpha"), time.Minute)
	want(t, s, key("a"), []byte("alpha"))
	wantMissing(t, s, key("b"))
	if err := s.Delete(context.Background(), key("a")); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantMissing(t, s, key("a"))
	if err := s.Delete(context.Background(), key("never")); err != nil {
		t.Fatalf("Delete of a missing key: %v", err)
	}
}

func testAppendsToDst(t *testing.T, s cache.Store, key func(string) string) {
	set(t, s, key("a"), []byte("alpha"), time.Minute)
	for _, spare := range []int{0, 3, 5, 64} {
		dst := make([]byte, 3, 3+spare)
		copy(dst, "xyz")
		got, ok := get(t, s, key("a"), dst)
		if !ok || string(got) != "xyzalpha" {
			t.Fatalf("Get with dst %q (spare %d) = %q, %v; want %q", "xyz", spare, got, ok, "xyzalpha")
		}
		if spare >= 5 && &got[0] != &dst[0] {
			t.Errorf("Get with room for the entry in dst (spare %d) did not use dst's array", spare)
		}
	}
}

func testOverwrite(t *testing.T, s cache.Store, key func(string) string) {
	set(t, s, key("a"), bytes.Repeat([]byte("long"), 100), time.Minute)
	set(t, s, key("a"), []byte("short"), time.Minute)
	want(t, s, key("a"), []byte("short"))
}

func testCopies(t *testing.T, s cache.Store, key func(string) string) {
	v := []byte("original")
	set(t, s, key("a"), v, time.Minute)
	copy(v, "CHANGED!")
	want(t, s, key("a"), []byte("original"))
	got, _ := get(t, s, key("a"), nil)
	copy(got, "CHANGED!")
	want(t, s, key("a"), []byte("original"))
}

func testEmptyAndBinary(t *testing.T, s cache.Store, key func(string) string) {
	set(t, s, key("empty"), nil, time.Minute)
	got, ok := get(t, s, key("empty"), []byte("p"))
	if !ok || string(got) != "p" {
		t.Fatalf("Get of an empty entry = %q, %v; want %q, true", got, ok, "p")
	}
	bin := make([]byte, 256)
	for i := range bin {
		bin[i] = byte(i)
	}
	set(t, s, key("bin"), bin, time.Minute)
	want(t, s, key("bin"), bin)
}

func testKeys(t *testing.T, s cache.Store, key func(string) string) {
	ks := []string{"with space", "colon:colon", "ünïcødé", "{braces}", "quote'\"", strings.Repeat("k", 1000)}
	for i, k := range ks {
		set(t, s, key(k), []byte(fmt.Sprint("v", i)), time.Minute)
	}
	for i, k := range ks {
		want(t, s, key(k), []byte(fmt.Sprint("v", i)))
	}
}

func testExpiry(t *testing.T, s cache.Store, key func(string) string) {
	set(t, s, key("short"), []byte("gone soon"), 300*time.Millisecond)
	set(t, s, key("long"), []byte("stays"), time.Minute)
	set(t, s, key("forever"), []byte("no ttl"), 0)
	want(t, s, key("short"), []byte("gone soon"))
	time.Sleep(1100 * time.Millisecond)
	wantMissing(t, s, key("short"))
	want(t, s, key("long"), []byte("stays"))
	want(t, s, key("forever"), []byte("no ttl"))
	// Setting again after expiry works and renews.
	set(t, s, key("short"), []byte("back"), time.Minute)
	want(t, s, key("short"), []byte("back"))
}

func testLarge(t *testing.T, s cache.Store, key func(string) string) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{64 << 10, 1 << 20, 4 << 20} {
		v := make([]byte, n)
		for i := range v {
			v[i] = byte(r.Uint32())
		}
		k := key(fmt.Sprint(n))
		set(t, s, k, v, time.Minute)
		want(t, s, k, v)
		// Into a dst too small, and into one with room.
		got, ok := get(t, s, k, make([]byte, 0, 16))
		if !ok || !bytes.Equal(got, v) {
			t.Fatalf("Get of %d bytes into a small dst: found %v, %d bytes", n, ok, len(got))
		}
		got, ok = get(t, s, k, make([]byte, 0, n+100))
		if !ok || !bytes.Equal(got, v) {
			t.Fatalf("Get of %d bytes into a dst with room: found %v, %d bytes", n, ok, len(got))
		}
	}
}

func testConcurrent(t *testing.T, s cache.Store, key func(string) string) {
	const workers, ops = 8, 50
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			ctx := context.Background()
			var buf []byte
			for i := range ops {
				own := key(fmt.Sprintf("w%d-%d", w, i%5))
				v := []byte(fmt.Sprintf("worker %d op %d", w, i))
				if err := s.Set(ctx, own, v, time.Minute); err != nil {
					errs <- err
					return
				}
				got, ok, err := s.Get(ctx, own, buf[:0])
				if err != nil || !ok || !bytes.Equal(got, v) {
					errs <- fmt.Errorf("worker %d op %d: Get = %q, %v, %v; want %q", w, i, got, ok, err, v)
					return
				}
				buf = got
				// A key every worker writes: any worker's value, whole.
				shared := key("shared")
				if err := s.Set(ctx, shared, []byte(fmt.Sprintf("shared by %03d", w)), time.Minute); err != nil {
					errs <- err
					return
				}
				got, ok, err = s.Get(ctx, shared, buf[:0])
				if err != nil || !ok || !strings.HasPrefix(string(got), "shared by ") || len(got) != 13 {
					errs <- fmt.Errorf("shared key: Get = %q, %v, %v", got, ok, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func testCanceledContext(t *testing.T, s cache.Store, key func(string) string) {
	set(t, s, key("a"), []byte("alpha"), time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, found, err := s.Get(ctx, key("a"), nil); err == nil {
		t.Errorf("Get with a canceled context: found %v, no error", found)
	}
	if err := s.Set(ctx, key("b"), []byte("beta"), time.Minute); err == nil {
		t.Errorf("Set with a canceled context: no error")
	}
	// The store still works afterwards.
	want(t, s, key("a"), []byte("alpha"))
}
