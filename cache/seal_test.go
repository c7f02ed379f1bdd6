package cache_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/seal"
)

// Sealed entries (Options.Keyring) on every store: what the store holds
// is ciphertext bound to its store key, and keys rotate without a flush.

func keyring(t *testing.T, primary seal.Key, older ...seal.Key) *seal.Keyring {
	t.Helper()
	kr, err := seal.NewKeyring(primary, older...)
	if err != nil {
		t.Fatal(err)
	}
	return kr
}

// opensWith reports whether the stored entry under skey opens with kr.
func opensWith(t *testing.T, s cache.Store, skey string, kr *seal.Keyring) bool {
	t.Helper()
	raw, ok, err := s.Get(context.Background(), skey, nil)
	if err != nil || !ok {
		t.Fatalf("store Get %q: found %v, %v", skey, ok, err)
	}
	_, err = kr.Open(nil, raw, []byte(skey))
	return err == nil
}

// TestSealedEntryMovedDoesNotOpen copies a sealed entry, byte for byte,
// under the store key of another tenant, another query and another
// namespace: none of them serves it; each loads its own page.
func TestSealedEntryMovedDoesNotOpen(t *testing.T) {
	kr := keyring(t, seal.NewKey(1))
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			ctx := context.Background()
			space := fmt.Sprintf("sealed-%d", time.Now().UnixNano())
			c, n := newCache(t, s, cache.Options{Namespace: space, Keyring: kr})
			other, on := newCache(t, s, cache.Options{Namespace: space + "-v2", Keyring: kr})
			const q = "SELECT * FROM orders WHERE total > $1"
			acme := cache.Key{Tenant: "acme", Scope: "reader", Query: q, Args: []any{10}}
			page := rowsPage(t, "acme", 4)
			if _, st, err := c.Get(ctx, acme, loaderOf(page, new(int64Counter))); err != nil || st != cache.Miss {
				t.Fatalf("first Get: %v, %v", st, err)
			}
			raw, ok, err := s.Get(ctx, c.StoreKey(acme), nil)
			if err != nil || !ok {
				t.Fatalf("the entry is not in the store: %v, %v", ok, err)
			}
			if bytes.Contains(raw, []byte("acme item")) || bytes.Contains(raw, page[8:40]) {
				t.Fatal("the store holds the page in plain text")
			}
			if got, st, err := c.Get(ctx, acme, loaderOf(nil, new(int64Counter))); err != nil || st != cache.Hit || !bytes.Equal(got, page) {
				t.Fatalf("sealed hit: %v, %v, same page %v", st, err, bytes.Equal(got, page))
			}
			moves := []struct {
				name string
				c    *cache.Cache
				k    cache.Key
			}{
				{"another tenant", c, cache.Key{Tenant: "globex", Scope: "reader", Query: q, Args: []any{10}}},
				{"another scope", c, cache.Key{Tenant: "acme", Scope: "admin", Query: q, Args: []any{10}}},
				{"another query", c, cache.Key{Tenant: "acme", Scope: "reader", Query: q + " LIMIT 5", Args: []any{10}}},
				{"other arguments", c, cache.Key{Tenant: "acme", Scope: "reader", Query: q, Args: []any{"10"}}},
				{"another namespace", other, acme},
			}
			for _, m := range moves {
				skey := m.c.StoreKey(m.k)
				if err := s.Set(ctx, skey, raw, time.Minute); err != nil {
					t.Fatal(err)
				}
				own := rowsPage(t, m.name, 2)
				calls := new(int64Counter)
				got, st, err := m.c.Get(ctx, m.k, loaderOf(own, calls))
				if err != nil || st != cache.Miss || calls.Load() != 1 || !bytes.Equal(got, own) {
					t.Errorf("%s: the moved entry was served (status %v, err %v, loads %d)", m.name, st, err, calls.Load())
				}
			}
			if n.Foreign.Load()+on.Foreign.Load() != int64(len(moves)) {
				t.Errorf("foreign entries reported: %d, want %d", n.Foreign.Load()+on.Foreign.Load(), len(moves))
			}
			// A cache without the keyring sees ciphertext, not a page: a miss.
			plain, _ := newCache(t, s, cache.Options{Namespace: space})
			calls := new(int64Counter)
			if _, st, err := plain.Get(ctx, acme, loaderOf(page, calls)); err != nil || st != cache.Miss || calls.Load() != 1 {
				t.Errorf("unsealed cache over a sealed entry: %v, %v, loads %d", st, err, calls.Load())
			}
			// And a sealed cache meets that plain entry: a miss, resealed.
			if _, st, err := c.Get(ctx, acme, loaderOf(page, calls)); err != nil || st != cache.Miss {
				t.Errorf("sealed cache over a plain entry: %v, %v", st, err)
			}
			if !opensWith(t, s, c.StoreKey(acme), kr) {
				t.Error("the rebuilt entry is not sealed")
			}
		})
	}
}

// TestSealedRollingRotation rotates from key 1 to key 2: key 2 becomes
// primary while key 1 is still held for reading, entries re-seal under key
// 2 as they are rewritten (here by a stale entry's refresh and by a new
// entry), and once key 1 is dropped the entries still sealed under it are
// misses, rebuilt under key 2.
func TestSealedRollingRotation(t *testing.T) {
	k1, k2 := seal.NewKey(1), seal.NewKey(2)
	only1, only2 := keyring(t, k1), keyring(t, k2)
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			ctx := context.Background()
			space := fmt.Sprintf("rotate-%d", time.Now().UnixNano())
			key := func(i int) cache.Key { return cache.Key{Tenant: "acme", Query: "q", Args: []any{i}} }
			pages := [3][]byte{rowsPage(t, "p0", 3), rowsPage(t, "p1", 3), rowsPage(t, "p2", 3)}

			// Before: key 1 alone. Entry 0 goes stale at once, entry 1 stays fresh.
			short, _ := newCache(t, s, cache.Options{Namespace: space, Keyring: only1, TTL: time.Millisecond, Stale: time.Hour})
			long, _ := newCache(t, s, cache.Options{Namespace: space, Keyring: only1, TTL: time.Hour})
			short.Get(ctx, key(0), loaderOf(pages[0], new(int64Counter)))
			long.Get(ctx, key(1), loaderOf(pages[1], new(int64Counter)))

			// During: key 2 primary, key 1 kept for reading.
			both, _ := newCache(t, s, cache.Options{Namespace: space, Keyring: keyring(t, k2, k1), TTL: time.Hour})
			calls := new(int64Counter)
			if got, st, err := both.Get(ctx, key(1), loaderOf(pages[1], calls)); err != nil || st != cache.Hit || !bytes.Equal(got, pages[1]) || calls.Load() != 0 {
				t.Fatalf("an entry under the old key: %v, %v, loads %d", st, err, calls.Load())
			}
			time.Sleep(5 * time.Millisecond)
			if got, st, err := both.Get(ctx, key(0), loaderOf(pages[0], calls)); err != nil || st != cache.Stale || !bytes.Equal(got, pages[0]) {
				t.Fatalf("a stale entry under the old key: %v, %v", st, err)
			}
			// Its background refresh rewrites it under key 2.
			deadline := time.Now().Add(5 * time.Second)
			for !opensWith(t, s, both.StoreKey(key(0)), only2) {
				if time.Now().After(deadline) {
					t.Fatal("the refreshed entry was not resealed under the new primary key")
				}
				time.Sleep(5 * time.Millisecond)
			}
			both.Get(ctx, key(2), loaderOf(pages[2], calls)) // a new entry: key 2
			if !opensWith(t, s, both.StoreKey(key(2)), only2) || opensWith(t, s, both.StoreKey(key(2)), only1) {
				t.Fatal("a new entry is not sealed under the new primary key alone")
			}

			// After: key 1 dropped. Resealed entries hit; entry 1, never
			// rewritten, names an unknown key: a miss, rebuilt under key 2.
			after, n := newCache(t, s, cache.Options{Namespace: space, Keyring: only2, TTL: time.Hour})
			for _, i := range []int{0, 2} {
				if got, st, err := after.Get(ctx, key(i), loaderOf(nil, calls)); err != nil || st != cache.Hit || !bytes.Equal(got, pages[i]) {
					t.Errorf("entry %d after the old key is dropped: %v, %v", i, st, err)
				}
			}
			loads := calls.Load()
			if got, st, err := after.Get(ctx, key(1), loaderOf(pages[1], calls)); err != nil || st != cache.Miss || calls.Load() != loads+1 || !bytes.Equal(got, pages[1]) {
				t.Errorf("an entry under a dropped key: %v, %v", st, err)
			}
			if n.Foreign.Load() != 1 {
				t.Errorf("foreign entries: %d, want 1", n.Foreign.Load())
			}
			if !opensWith(t, s, after.StoreKey(key(1)), only2) {
				t.Error("the rebuilt entry is not sealed under key 2")
			}
		})
	}
}

// TestSealedServeJSON serves a sealed entry over HTTP: the same bytes as
// the plain path, from a pooled opened buffer.
func TestSealedServeJSON(t *testing.T) {
	s := cache.NewMemory(64 << 20)
	kr := keyring(t, seal.NewKey(7))
	sealed, _ := newCache(t, s, cache.Options{Keyring: kr})
	plain, _ := newCache(t, cache.NewMemory(64<<20), cache.Options{})
	k := cache.Key{Tenant: "t", Query: "q"}
	page := rowsPage(t, "t", 50)
	load := loaderOf(page, new(int64Counter))
	for round := range 3 {
		a, b := serve(sealed, k, load, nil, nil), serve(plain, k, load, nil, nil)
		if a.Code != 200 || a.Body.String() != b.Body.String() || a.Header().Get("X-Cache") != b.Header().Get("X-Cache") {
			t.Fatalf("round %d: sealed and plain responses differ:\n%d %s %.200s\n%d %s %.200s", round,
				a.Code, a.Header().Get("X-Cache"), a.Body, b.Code, b.Header().Get("X-Cache"), b.Body)
		}
	}
	if _, err := kr.Open(nil, []byte("not sealed"), nil); !errors.Is(err, seal.ErrOpen) {
		t.Fatalf("Open of junk: %v", err)
	}
}
