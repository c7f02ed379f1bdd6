package cache_test

// The abort branch of ServeJSON: a large page whose JSON fails after the
// headers went out. The response is cut short either way; a damaged entry
// is reported and reloaded, a client that fails the writes is neither.

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/jsonbridge"
)

// signalStore is a Store that sends the key of every Set, once stored, on
// sets (buffered; a send that would block is dropped).
type signalStore struct {
	cache.Store
	sets chan string
}

func newSignalStore(s cache.Store) *signalStore {
	return &signalStore{Store: s, sets: make(chan string, 64)}
}

func (s *signalStore) Set(ctx context.Context, key string, entry []byte, ttl time.Duration) error {
	err := s.Store.Set(ctx, key, entry, ttl)
	select {
	case s.sets <- key:
	default:
	}
	return err
}

// waitSet waits for a Set of key, failing the test after a minute (the
// wait is for an event, not a guess at a duration: the minute only bounds
// a broken run).
func (s *signalStore) waitSet(t *testing.T, key, what string) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case k := <-s.sets:
			if k == key {
				return
			}
		case <-timeout:
			t.Fatalf("%s: no Set of %s", what, key)
		}
	}
}

// serveRecover runs ServeJSON and reports whether it aborted the response
// (panicked with http.ErrAbortHandler, as net/http expects).
func serveRecover(t *testing.T, c *cache.Cache, w http.ResponseWriter, r *http.Request, k cache.Key, load cache.Loader) (aborted bool) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			if p != http.ErrAbortHandler {
				panic(p)
			}
			aborted = true
		}
	}()
	c.ServeJSON(w, r, k, load, nil)
	return false
}

// largePage is a page without a checksum (so that damage is found as the
// JSON is written, not up front) whose JSON is several writeChunks long,
// its JSON, and an offset in the page where flipping a byte makes WriteJSON
// fail after at least two writeChunks of JSON.
func largePage(t *testing.T) (page, json []byte, lateDamage int) {
	t.Helper()
	em, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err = em.Marshal(items(8000))
	if err != nil {
		t.Fatal(err)
	}
	json, err = jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	for pos := len(page) - 1; pos > len(page)/2; pos-- {
		damaged := bytes.Clone(page)
		damaged[pos] ^= 0xff
		var n countingWriter
		if err := jsonbridge.WriteJSON(&n, damaged); err != nil && int(n) >= 2*writeChunk {
			return page, json, pos
		}
	}
	t.Fatal("no byte of the page's second half fails WriteJSON past two writeChunks")
	return nil, nil, 0
}

type countingWriter int

func (c *countingWriter) Write(b []byte) (int, error) {
	*c += countingWriter(len(b))
	return len(b), nil
}

// TestServeJSONAbortReloads: a stored large page damaged past the first
// writeChunk of its JSON fails after the headers went out. The response is
// cut short (a 200 whose body is a strict prefix of the JSON), the entry
// is reported once as foreign and reloaded in the background, and the next
// request is a hit, whole.
func TestServeJSONAbortReloads(t *testing.T) {
	page, want, pos := largePage(t)
	for _, ns := range stores() {
		t.Run(ns.name, func(t *testing.T) {
			s := newSignalStore(ns.new(t))
			c, n := newCache(t, s, cache.Options{WriteJSONAbove: 1})
			ctx := context.Background()
			k := cache.Key{Query: "large"}
			load := func(context.Context) ([]byte, error) { return page, nil }
			skey := c.StoreKey(k)
			if w := serve(c, k, load, nil, nil); w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) {
				t.Fatalf("the miss: %d", w.Code)
			}
			s.waitSet(t, skey, "the miss")
			e, ok, err := s.Get(ctx, skey, nil)
			if err != nil || !ok || !bytes.HasSuffix(e, page) {
				t.Fatalf("the stored entry: %v, %v", ok, err)
			}
			e[len(e)-len(page)+pos] ^= 0xff
			if err := s.Store.Set(ctx, skey, e, time.Minute); err != nil {
				t.Fatal(err)
			}

			w := httptest.NewRecorder()
			if !serveRecover(t, c, w, httptest.NewRequest("GET", "/", nil), k, load) {
				t.Fatal("ServeJSON of a damaged large entry did not abort the response")
			}
			body := w.Body.Bytes()
			if w.Code != 200 || len(body) < writeChunk || len(body) >= len(want) || !bytes.HasPrefix(want, body) {
				t.Fatalf("the cut response: %d, %d of %d bytes, prefix of the JSON: %v", w.Code, len(body), len(want), bytes.HasPrefix(want, body))
			}
			if n.Foreign.Load() != 1 {
				t.Fatalf("%d foreign entries reported, want 1", n.Foreign.Load())
			}
			s.waitSet(t, skey, "the damaged entry's reload")

			w = serve(c, k, load, nil, nil)
			if w.Code != 200 || w.Result().Header.Get("X-Cache") != "hit" || !bytes.Equal(w.Body.Bytes(), want) {
				t.Fatalf("after the reload: %d, X-Cache %q, body equal: %v", w.Code, w.Result().Header.Get("X-Cache"), bytes.Equal(w.Body.Bytes(), want))
			}
			if n.Foreign.Load() != 1 || n.Loads.Load() != 2 {
				t.Fatalf("%d foreign, %d loads; want 1 and 2", n.Foreign.Load(), n.Loads.Load())
			}
		})
	}
}

// failingWriter is a ResponseWriter whose writes fail after ok of them,
// as net/http's do once the client is gone; cancel, when set, is called at
// the first failure (the request's context ends with the connection).
type failingWriter struct {
	*httptest.ResponseRecorder
	ok     int
	cancel context.CancelFunc
}

var errBrokenPipe = errors.New("write: broken pipe")

func (w *failingWriter) Write(b []byte) (int, error) {
	if w.ok == 0 {
		if w.cancel != nil {
			w.cancel()
		}
		return 0, errBrokenPipe
	}
	w.ok--
	return w.ResponseRecorder.Write(b)
}

// TestServeJSONClientFails: when the client's writes fail mid-response
// (with or without the request's context ending), the response is cut
// short, and the page, which is fine, is neither reported as foreign nor
// reloaded: the next request is a hit.
func TestServeJSONClientFails(t *testing.T) {
	page, want, _ := largePage(t)
	for _, tc := range []struct {
		name   string
		ok     int
		cancel bool
	}{
		{"first write fails", 0, false},
		{"second write fails", 1, false},
		{"context cancelled", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, n := newCache(t, cache.NewMemory(64<<20), cache.Options{WriteJSONAbove: 1})
			k := cache.Key{Query: "large"}
			load := func(context.Context) ([]byte, error) { return page, nil }
			if w := serve(c, k, load, nil, nil); w.Code != 200 {
				t.Fatalf("the miss: %d", w.Code)
			}
			r := httptest.NewRequest("GET", "/", nil)
			w := &failingWriter{ResponseRecorder: httptest.NewRecorder(), ok: tc.ok}
			if tc.cancel {
				ctx, cancel := context.WithCancel(r.Context())
				r, w.cancel = r.WithContext(ctx), cancel
			}
			if !serveRecover(t, c, w, r, k, load) {
				t.Fatal("a response whose writes fail was not aborted")
			}
			if n.Foreign.Load() != 0 || n.Loads.Load() != 1 {
				t.Fatalf("a client's failure: %d foreign, %d loads; want 0 and 1", n.Foreign.Load(), n.Loads.Load())
			}
			ok := serve(c, k, load, nil, nil)
			if ok.Result().Header.Get("X-Cache") != "hit" || !bytes.Equal(ok.Body.Bytes(), want) {
				t.Fatalf("the next request: X-Cache %q", ok.Result().Header.Get("X-Cache"))
			}
		})
	}
}
