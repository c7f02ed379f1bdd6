package cache_test

import (
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
)

// TestStoreKeyAllocs: a store key costs one allocation, its string, for a
// key whose encoding fits the stack room (512 bytes), and one more, the
// encoding's, for a longer one, whatever its arguments' types (a
// driver.Valuer's Value may allocate on its own).
func TestStoreKeyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("counts allocations, without the race detector")
	}
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{Namespace: "app:v1"})
	long := strings.Repeat("SELECT * FROM t WHERE a = $1 ", 100)
	args := []any{1, "a string of more than thirty-two bytes, hashed in place", []byte("bytes"), 2.5, true, nil, time.Unix(1, 2)}
	for _, g := range []struct {
		k    cache.Key
		want float64
	}{
		{cache.Key{Tenant: "acme", Scope: "user", Query: "SELECT * FROM t WHERE a = $1", Args: args}, 1},
		{cache.Key{Tenant: "acme", Scope: "user", Query: long, Args: args}, 2},
		{cache.Key{Tenant: "acme", Query: "q", Args: []any{long, []byte(long)}}, 2},
	} {
		if got := testing.AllocsPerRun(100, func() { c.StoreKey(g.k) }); got != g.want {
			t.Errorf("StoreKey of a %d-byte query and %d arguments: %v allocations, want %v", len(g.k.Query), len(g.k.Args), got, g.want)
		}
	}
}
