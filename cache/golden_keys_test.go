package cache_test

import (
	"context"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
)

// TestStoreKeyGolden pins the store keys of keys of every argument type:
// a change to how keys are hashed would orphan every entry in every store
// (a miss each, then a second copy until the old one expires), so the
// encoding may change only on purpose, with the namespace advice of
// Options.Namespace in the release notes.
func TestStoreKeyGolden(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{Namespace: "app:v1"})
	long := make([]byte, 1000)
	for i := range long {
		long[i] = byte('a' + i%26)
	}
	for i, g := range []struct {
		k    cache.Key
		want string
	}{
		{cache.Key{}, "app:v1::52c6877bcb0e568d96f8afd1673cb4f2df633ef922925193c166ae4ccee7ff09"},
		{cache.Key{Tenant: "acme", Scope: "user", Query: "SELECT 1 WHERE a = $1", Args: []any{1}}, "app:v1:acme:dfb1f077f1bfefe7b1cf463477aee6ac969214c838d37414a48f468320b1a330"},
		{cache.Key{Tenant: "a:b{c}", Query: "q", Args: []any{nil, true, false, int8(-1), int16(-2), int32(-3), int64(-4), uint(5), uint8(6), uint16(7), uint32(8), uint64(9)}}, "app:v1:a%3Ab%7Bc%7D:5828a285f16a85e0dfad87c9b9ff95d4e5da65d0b504ba03a8d52c350bf43b4a"},
		{cache.Key{Tenant: "t", Query: "q", Args: []any{float32(1.5), 2.5, "s", []byte("b"), time.Unix(1700000000, 5).In(time.FixedZone("x", 3600)), time.Date(3000, 1, 2, 3, 4, 5, 6, time.UTC), valuer("v")}}, "app:v1:t:3b03304dcd986ffed2c58ae390622a3128a18d513f10965b1d21796d50ff7b0b"},
		{cache.Key{Tenant: "t", Scope: string(long), Query: string(long) + string(long), Args: []any{string(long), long}}, "app:v1:t:071f36c220a61579433a934ac111175ab9db32d5c2a7394a2dd769ff26a25274"},
	} {
		if got := c.StoreKey(g.k); got != g.want {
			t.Errorf("key %d: StoreKey = %q, want %q", i, got, g.want)
		}
	}
}

// TestETagGolden pins the ETags of a page with and without a checksum: a
// change would make every client's cached copy miss once.
func TestETagGolden(t *testing.T) {
	noSum, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := noSum.Marshal(items(3))
	summed, _ := rowpage.Marshal(items(3))
	for _, g := range []struct {
		page []byte
		want string
	}{{plain, `"rpe53c6d58-82"`}, {summed, `"rp912b7867-86"`}} {
		c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{})
		w := serve(c, cache.Key{Query: "q"}, func(context.Context) ([]byte, error) { return g.page, nil }, nil, nil)
		if got := w.Result().Header.Get("Etag"); got != g.want {
			t.Errorf("ETag = %s, want %s", got, g.want)
		}
	}
}
