package cache_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/internal/allocs"
	"github.com/rowpage/rowpage/jsonbridge"
)

type item struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Price float64  `json:"price"`
	Tags  []string `json:"tags"`
	Note  *string  `json:"note"`
}

func items(n int) []item {
	out := make([]item, n)
	for i := range out {
		out[i] = item{ID: i, Name: "item <" + strconv.Itoa(i) + "> & co", Price: float64(i) / 8, Tags: []string{"a", "b"}}
	}
	return out
}

func serve(c *cache.Cache, k cache.Key, load cache.Loader, mode *jsonbridge.Mode, header http.Header) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", "/items", nil)
	for name, v := range header {
		r.Header[name] = v
	}
	w := httptest.NewRecorder()
	c.ServeJSON(w, r, k, load, mode)
	return w
}

// TestServeJSONEnvelope checks that the envelope is byte for byte what
// json.Marshal writes for {rows, count, metadata}, on both paths: rendered
// whole (with Content-Length) and written in chunks.
func TestServeJSONEnvelope(t *testing.T) {
	type envelope struct {
		Rows     []item         `json:"rows"`
		Count    int            `json:"count"`
		Metadata map[string]any `json:"metadata"`
	}
	meta := map[string]any{"source": "chinook", "page": 1}
	metaJSON, _ := json.Marshal(meta)
	mode, err := jsonbridge.Options{Envelope: &jsonbridge.Envelope{
		CountKey: "count", After: []jsonbridge.Field{{Key: "metadata", Value: metaJSON}},
	}}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 3, 5000} {
		rows := items(n)
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(envelope{Rows: rows, Count: n, Metadata: meta})
		for _, above := range []int{1 << 30, 1} { // rendered, chunked
			c, _ := newCache(t, cache.NewMemory(64<<20), cache.Options{WriteJSONAbove: above})
			k := cache.Key{Query: "items", Args: []any{n}}
			load := func(context.Context) ([]byte, error) { return page, nil }
			for _, wantCache := range []string{"miss", "hit"} {
				w := serve(c, k, load, mode, nil)
				if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) {
					t.Fatalf("%d rows (WriteJSONAbove %d, %s): status %d, body differs from json.Marshal:\n got %.200s\nwant %.200s", n, above, wantCache, w.Code, w.Body.Bytes(), want)
				}
				h := w.Result().Header
				if h.Get("Content-Type") != "application/json" || h.Get("X-Cache") != wantCache || h.Get("Etag") == "" {
					t.Fatalf("headers %v", h)
				}
				cl := h.Get("Content-Length")
				if above > len(page) && cl != strconv.Itoa(len(want)) {
					t.Fatalf("Content-Length %q, want %d", cl, len(want))
				}
				if above < len(page) && cl != "" {
					t.Fatalf("chunked response with Content-Length %q", cl)
				}
			}
		}
	}
}

func TestServeJSONNotModified(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{})
	k := cache.Key{Query: "items"}
	page, _ := rowpage.Marshal(items(10))
	load := func(context.Context) ([]byte, error) { return page, nil }
	w := serve(c, k, load, nil, nil)
	etag := w.Result().Header.Get("Etag")
	w = serve(c, k, load, nil, http.Header{"If-None-Match": {`"other", ` + etag}})
	if w.Code != http.StatusNotModified || w.Body.Len() != 0 || w.Result().Header.Get("X-Cache") != "hit" {
		t.Fatalf("If-None-Match with the ETag: %d, %d bytes", w.Code, w.Body.Len())
	}
	w = serve(c, k, load, nil, http.Header{"If-None-Match": {`"rp0-0"`}})
	if w.Code != 200 {
		t.Fatalf("If-None-Match with another ETag: %d", w.Code)
	}
	// Another page, another ETag.
	page2, _ := rowpage.Marshal(items(11))
	w = serve(c, cache.Key{Query: "other"}, func(context.Context) ([]byte, error) { return page2, nil }, nil, nil)
	if w.Result().Header.Get("Etag") == etag {
		t.Fatal("two pages share an ETag")
	}
}

func TestServeJSONLoadError(t *testing.T) {
	c, _ := newCache(t, cache.NewMemory(1<<20), cache.Options{})
	w := serve(c, cache.Key{Query: "q"}, func(context.Context) ([]byte, error) { return nil, io.ErrUnexpectedEOF }, nil, nil)
	if w.Code != 500 {
		t.Fatalf("a failed load: status %d", w.Code)
	}
}

// discardWriter is a ResponseWriter that keeps nothing, reused across
// requests, so that only ServeJSON's own allocations are counted.
type discardWriter struct {
	h http.Header
	n int
}

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) WriteHeader(int)             {}
func (d *discardWriter) Write(b []byte) (int, error) { d.n += len(b); return len(b), nil }

// TestServeJSONHitAllocs: a hit from the memory store allocates no
// page-sized buffer, on either path: a hit of a 178 KB page allocates
// under 16 KiB beyond what jsonbridge's own rendering allocates for it
// (measured as base: nothing, with a reused buffer, since the transcoder's
// scratch is pooled; the bound keeps it in case that changes). The page
// repeats its strings, as list pages do. Allocations are
// measured by allocs.MinPerRun: the smallest of several measurements after
// a warm-up, so that a GC emptying a sync.Pool mid-measurement, or another
// goroutine's allocation, does not count as the hit's.
func TestServeJSONHitAllocs(t *testing.T) {
	if testing.Short() || raceEnabled || puregoEnabled {
		t.Skip("measures allocations over many requests, without the race detector or purego")
	}
	rows := items(20000)
	for i := range rows {
		rows[i].Name = rows[i%50].Name
	}
	page, _ := rowpage.Marshal(rows)
	var buf []byte
	base, _ := allocs.MinPerRun(5, 20, 5, func() { buf, _ = jsonbridge.AppendJSON(buf[:0], page) })
	for _, above := range []int{1 << 30, 1} {
		c, _ := newCache(t, cache.NewMemory(64<<20), cache.Options{WriteJSONAbove: above})
		k := cache.Key{Tenant: "t", Query: "items"}
		load := func(context.Context) ([]byte, error) { return page, nil }
		r := httptest.NewRequest("GET", "/items", nil)
		w := &discardWriter{h: http.Header{}}
		c.ServeJSON(w, r, k, load, nil) // the miss
		per, objects := allocs.MinPerRun(5, 20, 5, func() { c.ServeJSON(w, r, k, load, nil) })
		bound := uint64(16 << 10)
		if above > len(page) {
			bound += base
		}
		if per > bound {
			t.Errorf("WriteJSONAbove %d: a hit of a %d-byte page allocates %d bytes in %d allocations, past %d (AppendJSON alone: %d)", above, len(page), per, objects, bound, base)
		} else {
			t.Logf("WriteJSONAbove %d: a hit of a %d-byte page allocates %d bytes in %d allocations (AppendJSON alone: %d)", above, len(page), per, objects, base)
		}
	}
}
