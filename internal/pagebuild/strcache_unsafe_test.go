//go:build !purego

package pagebuild

import (
	"strings"
	"testing"
	"unsafe"
)

// TestStrCacheHoldsOnlyHeldBytes: a string the page repeats at the same
// address is found in the address cache from its second occurrence; a
// copy of it elsewhere in memory is interned by its bytes but not cached
// (only the interner's own string's bytes stay alive until reset); and
// reset, Release and the generation's wrap empty the cache.
func TestStrCacheHoldsOnlyHeldBytes(t *testing.T) {
	var in Interner
	in.reset()
	shared := strings.Repeat("v", 20)
	other := strings.Clone(shared)
	id := in.Intern(shared)
	if _, ok := in.cache.get(shared); ok {
		t.Fatal("a string seen once is cached")
	}
	if in.Intern(shared) != id {
		t.Fatal("repeat interned as another id")
	}
	if got, ok := in.cache.get(shared); !ok || got != id {
		t.Fatalf("repeat at the same address: cache gives %d, %v, want %d", got, ok, id)
	}
	if in.Intern(other) != id || in.Intern(other) != id {
		t.Fatal("copy interned as another id")
	}
	if _, ok := in.cache.get(other); ok {
		t.Fatal("a copy at another address than the interner's string is cached")
	}
	if in.Count(id) != 4 {
		t.Fatalf("count %d, want 4", in.Count(id))
	}
	in.Release()
	if _, ok := in.cache.get(shared); ok {
		t.Fatal("cache holds after Release")
	}
	in.reset()
	if _, ok := in.cache.get(shared); ok {
		t.Fatal("cache holds after reset")
	}
	in.Intern(shared)
	in.Intern(shared)
	if _, ok := in.cache.get(shared); !ok {
		t.Fatal("repeat not cached on the next page")
	}
	in.cache.gen = 1<<32 - 1                                     // the next reset wraps
	in.cache.e[in.cache.slot(unsafe.StringData(shared))].gen = 1 // an entry of the generation after the wrap
	in.reset()
	if in.cache.gen != 1 {
		t.Fatalf("generation %d after the wrap, want 1", in.cache.gen)
	}
	for i, e := range in.cache.e {
		if e != (strCacheEntry{}) {
			t.Fatalf("entry %d set after the wrap: %+v", i, e)
		}
	}
}
