package cache_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/jsonbridge"
)

// foreignEntry is a kind of entry that is not one of ours: entry builds it
// from a real entry's header (freshness, still fresh) and its page.
type foreignEntry struct {
	name    string
	entry   func(header, page []byte) []byte
	pageErr error // what rowpage.Open says of the bytes past the header, if it gets to see them
}

func foreignEntries() []foreignEntry {
	cat := func(a, b []byte) []byte { return append(bytes.Clone(a), b...) }
	return []foreignEntry{
		{"old-version page", func(h, p []byte) []byte {
			p = bytes.Clone(p)
			p[4] = 0 // major version 0 (SPEC.md 2.1)
			return cat(h, p)
		}, rowpage.ErrUnsupported},
		{"JSON text", func(h, p []byte) []byte {
			return []byte(`[{"id":1,"name":"from the old release"}]`)
		}, nil},
		// The page carries a checksum (its last four bytes), which is
		// what a cut page fails first.
		{"truncated page", func(h, p []byte) []byte { return cat(h, p[:len(p)/2]) }, rowpage.ErrChecksum},
		{"bad checksum", func(h, p []byte) []byte {
			p = bytes.Clone(p)
			p[len(p)/2] ^= 0x40
			return cat(h, p)
		}, rowpage.ErrChecksum},
		{"empty entry", func(h, p []byte) []byte { return []byte{} }, nil},
		{"random bytes", func(h, p []byte) []byte {
			b := make([]byte, 4096)
			r := rand.NewChaCha8([32]byte{17})
			r.Read(b)
			return b
		}, nil},
	}
}

// TestForeignEntries puts each kind of foreign entry under a key, on every
// store, and requests it through every path: Get, ServeJSON of a small
// page (rendered whole, with Content-Length) and ServeJSON through
// WriteJSON (no Content-Length). Each request is a miss served from the
// loader, the entry is reported once and overwritten with a good one, and
// the next request is a hit.
func TestForeignEntries(t *testing.T) {
	page := rowsPage(t, "good", 20)
	want, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	paths := []struct {
		name  string
		above int // Options.WriteJSONAbove
		serve bool
	}{
		{"Get", 0, false},
		{"ServeJSON small", 1 << 30, true},
		{"ServeJSON large", 1, true},
	}
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := ns.new(t)
			ctx := context.Background()
			for _, path := range paths {
				for _, kind := range foreignEntries() {
					t.Run(path.name+"/"+kind.name, func(t *testing.T) {
						c, n := newCache(t, s, cache.Options{WriteJSONAbove: path.above})
						withFakeClock(c)
						load := func(context.Context) ([]byte, error) { return page, nil }
						header := entryHeader(t, s, page)
						bad := kind.entry(header, page)
						if kind.pageErr != nil {
							if _, err := rowpage.Open(bad[len(header):]); !errors.Is(err, kind.pageErr) {
								t.Fatalf("the entry's page opens with %v, want %v", err, kind.pageErr)
							}
						}
						k := cache.Key{Tenant: "t", Query: "foreign"}
						skey := c.StoreKey(k)
						if err := s.Set(ctx, skey, bad, time.Minute); err != nil {
							t.Fatal(err)
						}
						request := func(wantStatus cache.Status) {
							t.Helper()
							if !path.serve {
								got, st, err := c.Get(ctx, k, load)
								if err != nil || st != wantStatus || !bytes.Equal(got, page) {
									t.Fatalf("Get: %v, %v, page equal: %v; want %v", st, err, bytes.Equal(got, page), wantStatus)
								}
								return
							}
							w := httptest.NewRecorder()
							c.ServeJSON(w, httptest.NewRequest("GET", "/", nil), k, load, nil)
							h := w.Result().Header
							if w.Code != 200 || h.Get("X-Cache") != wantStatus.String() || !bytes.Equal(w.Body.Bytes(), want) {
								t.Fatalf("ServeJSON: %d, X-Cache %q, body equal: %v; want 200, %v", w.Code, h.Get("X-Cache"), bytes.Equal(w.Body.Bytes(), want), wantStatus)
							}
							wantLength := strconv.Itoa(len(want))
							if path.above == 1 {
								wantLength = ""
							}
							if h.Get("Content-Length") != wantLength {
								t.Fatalf("ServeJSON: Content-Length %q, want %q", h.Get("Content-Length"), wantLength)
							}
						}
						request(cache.Miss)
						if n.Foreign.Load() != 1 || n.Misses.Load() != 1 || n.Loads.Load() != 1 {
							t.Fatalf("%d foreign, %d misses, %d loads; want 1 each", n.Foreign.Load(), n.Misses.Load(), n.Loads.Load())
						}
						e, ok, err := s.Get(ctx, skey, nil)
						if err != nil || !ok || len(e) != len(header)+len(page) || !bytes.HasSuffix(e, page) {
							t.Fatalf("the entry was not overwritten with the loaded page: %d bytes, %v, %v", len(e), ok, err)
						}
						request(cache.Hit)
						if n.Foreign.Load() != 1 || n.Hits.Load() != 1 || n.Loads.Load() != 1 {
							t.Fatalf("after the overwrite: %d foreign, %d hits, %d loads; want 1 each", n.Foreign.Load(), n.Hits.Load(), n.Loads.Load())
						}
					})
				}
			}
		})
	}
}

// entryHeader returns the header of the entry a Cache stores for page in s
// (loaded by a Cache of its own under a throwaway key): the bytes of the
// entry before the page, fresh for the Cache's TTL.
func entryHeader(t *testing.T, s cache.Store, page []byte) []byte {
	t.Helper()
	c, _ := newCache(t, s, cache.Options{})
	e := mustEntry(t, c, s, page)
	if !bytes.HasSuffix(e, page) {
		t.Fatal("an entry does not end with its page")
	}
	return e[:len(e)-len(page)]
}
