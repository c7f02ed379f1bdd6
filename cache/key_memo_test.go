package cache_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/cache"
)

// TestKeyMemo: the store key Get uses, remembered for the keys asked for
// lately, is StoreKey's for every key, asked for once and again, through
// several times the keys the memo holds (it starts afresh when full), for
// keys whose encoding passes the memo's bound too; a key asked for again
// costs no allocation.
func TestKeyMemo(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{Namespace: "app:v1"})
	long := strings.Repeat("SELECT * FROM t WHERE a = $1 ", 40)
	keys := func(i int) []cache.Key {
		return []cache.Key{
			{Tenant: "acme", Scope: "user", Query: "SELECT * FROM t WHERE a = $1", Args: []any{i}},
			{Tenant: "t:" + strconv.Itoa(i%7), Query: "q", Args: []any{strconv.Itoa(i), []byte(strconv.Itoa(i))}},
			{Tenant: "acme", Query: long, Args: []any{i}},
		}
	}
	for pass := range 2 {
		for i := range 6000 {
			for _, k := range keys(i) {
				want := c.StoreKey(k)
				for ask := range 2 { // the second from the memo
					got, err := cache.MemoStoreKey(c, k)
					if err != nil || got != want {
						t.Fatalf("pass %d, key %d (%d-byte query), asked %d times: the memo's store key is %q (%v), StoreKey's %q", pass, i, len(k.Query), ask+1, got, err, want)
					}
				}
			}
		}
	}
	if raceEnabled {
		return
	}
	k := keys(1)[0]
	cache.MemoStoreKey(c, k)
	if n := testing.AllocsPerRun(100, func() { cache.MemoStoreKey(c, k) }); n != 0 {
		t.Errorf("the store key of a key asked for again: %v allocations, want 0", n)
	}
}
