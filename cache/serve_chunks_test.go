package cache_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/jsonbridge"
)

// writeChunk is cache's writeChunk: the size ServeJSON gathers WriteJSON's
// 32 KiB chunks into.
const writeChunk = 256 << 10

// writesRecorder records the size of every Write.
type writesRecorder struct {
	*httptest.ResponseRecorder
	writes []int
}

func (w *writesRecorder) Write(b []byte) (int, error) {
	w.writes = append(w.writes, len(b))
	return w.ResponseRecorder.Write(b)
}

// TestServeJSONGathersChunks: a page served by WriteJSON goes out in
// writes of at least writeChunk bytes but the last, each under writeChunk
// plus one of WriteJSON's chunks, byte for byte the JSON AppendJSON
// renders, with no Content-Length; on JSON shorter than writeChunk, in
// one write. Sizes either side of one and two writeChunks.
func TestServeJSONGathersChunks(t *testing.T) {
	for _, n := range []int{0, 1, 2000, 3000, 3500, 4000, 5000, 7000, 8000, 20000} {
		page, err := rowpage.Marshal(items(n))
		if err != nil {
			t.Fatal(err)
		}
		want, err := jsonbridge.AppendJSON(nil, page)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := newCache(t, cache.NewMemory(64<<20), cache.Options{WriteJSONAbove: 1})
		k := cache.Key{Query: "items", Args: []any{n}}
		load := func(context.Context) ([]byte, error) { return page, nil }
		for _, wantCache := range []string{"miss", "hit"} {
			w := &writesRecorder{ResponseRecorder: httptest.NewRecorder()}
			c.ServeJSON(w, httptest.NewRequest("GET", "/", nil), k, load, nil)
			name := fmt.Sprintf("%d rows (%d bytes of JSON), %s", n, len(want), wantCache)
			if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) {
				t.Fatalf("%s: status %d, body differs from AppendJSON's", name, w.Code)
			}
			if h := w.Result().Header; h.Get("X-Cache") != wantCache || h.Get("Content-Length") != "" {
				t.Fatalf("%s: headers %v", name, h)
			}
			if wantWrites := max(1, (len(want)+writeChunk-1)/writeChunk); len(w.writes) > wantWrites {
				t.Errorf("%s: %d writes, want at most %d", name, len(w.writes), wantWrites)
			}
			for i, sz := range w.writes[:len(w.writes)-1] {
				if sz < writeChunk || sz >= writeChunk+64<<10 {
					t.Errorf("%s: write %d of %d bytes, want %d to %d", name, i, sz, writeChunk, writeChunk+64<<10)
				}
			}
		}
	}
}

// TestServeJSONGatheredNotModified: a large page answered 304 writes no
// body, and HEAD writes the headers alone.
func TestServeJSONGatheredNotModified(t *testing.T) {
	page, _ := rowpage.Marshal(items(5000))
	c, _ := newCache(t, cache.NewMemory(64<<20), cache.Options{WriteJSONAbove: 1})
	k := cache.Key{Query: "items"}
	load := func(context.Context) ([]byte, error) { return page, nil }
	w := serve(c, k, load, nil, nil)
	etag := w.Result().Header.Get("Etag")
	w = serve(c, k, load, nil, http.Header{"If-None-Match": {etag}})
	if w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Fatalf("If-None-Match: %d, %d bytes", w.Code, w.Body.Len())
	}
	rec := httptest.NewRecorder()
	c.ServeJSON(rec, httptest.NewRequest("HEAD", "/", nil), k, load, nil)
	if rec.Code != 200 || rec.Body.Len() != 0 || rec.Result().Header.Get("Etag") != etag {
		t.Fatalf("HEAD: %d, %d bytes, ETag %q", rec.Code, rec.Body.Len(), rec.Result().Header.Get("Etag"))
	}
}
