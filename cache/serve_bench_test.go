package cache_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/klauspost/compress/s2"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// BenchmarkServeHit is the whole of one hit in process, without the
// network: examples/cachebench's experiment 1 with the memory store in
// place of Redis and a reused ResponseWriter in place of net/http's. Two
// paths serve {"rows":[...],"count":N} for the same rows:
//
//   - via=rowpage: Get and ServeJSON of the page's entry (serveRowpageHit);
//   - via=rowpage-remote: the same through a Store that is not the
//     in-process one (the memory store behind a wrapper), whose reads the
//     Cache bounds by StoreTimeout, as it does Redis's;
//   - via=s2: the store's Get into a pooled buffer, s2.Decode into
//     another, the JSON written between the envelope's two halves
//     (serveS2Hit), as cachebench's s2 handler does.
//
// Each path is one function that the compiler does not inline, so that
// tools/instructions can count a whole hit:
//
//	tools/instructions ./cache 'ServeHit/set=rows/rows=25/via=rowpage$' 'github.com/rowpage/rowpage/cache_test.serveRowpageHit'
//	tools/instructions ./cache 'ServeHit/set=rows/rows=25/via=s2$' 'github.com/rowpage/rowpage/cache_test.serveS2Hit'
//
// The ResponseWriter serializes its headers as net/http's does (sorted,
// with http.Header.Write, into a reused buffer) when the header is
// written, so that a path that sets more headers pays for them here too.
func BenchmarkServeHit(b *testing.B) {
	for _, set := range []string{"rows", "baas"} {
		for _, n := range []int{25, 100, 1000, 5000} {
			b.Run(fmt.Sprintf("set=%s/rows=%d", set, n), func(b *testing.B) {
				h := newHitBench(b, set, n)
				b.Run("via=rowpage", func(b *testing.B) { h.c = h.cache; h.run(b, serveRowpageHit, h.pageEntry) })
				b.Run("via=rowpage-remote", func(b *testing.B) { h.c = h.remote; h.run(b, serveRowpageHit, h.pageEntry) })
				b.Run("via=s2", func(b *testing.B) { h.run(b, serveS2Hit, h.s2Entry) })
			})
		}
	}
}

// hitBench is one size's entries, both paths', in one memory store.
type hitBench struct {
	store  cache.Store
	cache  *cache.Cache // on store
	remote *cache.Cache // on remoteStore{store}, with cache's entries
	c      *cache.Cache // the one serveRowpageHit serves through
	mode   *jsonbridge.Mode
	req    *http.Request
	w      *hitWriter
	pool   benchBuffers
	want   []byte // the response body both paths must write
	// pageEntry and s2Entry are the sizes of the entries the store holds
	// (what Redis would send).
	pageEntry, s2Entry int
}

func newHitBench(b *testing.B, set string, n int) *hitBench {
	b.Helper()
	var rows any = dataset.Rows(n)
	if set == "baas" {
		rows = dataset.BaaSGenericMaps(n)
	}
	js, err := json.Marshal(rows)
	if err != nil {
		b.Fatal(err)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		b.Fatal(err)
	}
	store := cache.NewMemory(256 << 20)
	c, err := cache.New(cache.Options{Store: store, Namespace: hitPrefix + "rowpage", TTL: time.Hour, StoreTimeout: 10 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	remote, err := cache.New(cache.Options{Store: remoteStore{store}, Namespace: hitPrefix + "rowpage", TTL: time.Hour, StoreTimeout: 10 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	mode, err := jsonbridge.Options{Envelope: &jsonbridge.Envelope{CountKey: "count"}}.Mode()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if _, _, err := c.Get(ctx, hitKey(n), func(context.Context) ([]byte, error) { return page, nil }); err != nil {
		b.Fatal(err)
	}
	entry := append(binary.BigEndian.AppendUint32(nil, uint32(n)), s2.Encode(nil, js)...)
	if err := store.Set(ctx, s2Key(n), entry, time.Hour); err != nil {
		b.Fatal(err)
	}
	// net/http's request contexts are cancelable, and a context derived
	// from one registers with it.
	reqCtx, cancel := context.WithCancel(ctx)
	b.Cleanup(cancel)
	req := httptest.NewRequestWithContext(reqCtx, "GET", "/"+strconv.Itoa(n), nil)
	req.SetPathValue("n", strconv.Itoa(n))
	want := append(append([]byte(`{"rows":`), js...), `,"count":`+strconv.Itoa(n)+`}`...)
	stored, _, _ := store.Get(ctx, c.StoreKey(hitKey(n)), nil)
	return &hitBench{store: store, cache: c, remote: remote, mode: mode, req: req, w: newHitWriter(), pool: make(benchBuffers, 32), want: want,
		pageEntry: len(stored), s2Entry: len(entry)}
}

// run times serve, after one hit that checks the body both paths write,
// and reports the size of the entry serve reads.
func (h *hitBench) run(b *testing.B, serve func(*hitBench, http.ResponseWriter, *http.Request), entry int) {
	growStack()
	h.w.reset()
	h.w.keep = true
	serve(h, h.w, h.req)
	h.w.keep = false
	if h.w.code != 200 || !bytes.Equal(h.w.body, h.want) {
		b.Fatalf("status %d, body differs:\n got %.200s\nwant %.200s", h.w.code, h.w.body, h.want)
	}
	b.SetBytes(int64(len(h.want)))
	b.ReportAllocs()
	for b.Loop() {
		h.w.reset()
		serve(h, h.w, h.req)
	}
	b.ReportMetric(float64(entry), "entry-B")
}

// growStack grows the goroutine's stack past what a hit needs, so that no
// hit moves it: callgrind loses track of a call during which the stack
// moved, and tools/instructions then counts nothing.
//
//go:noinline
func growStack() byte {
	var room [64 << 10]byte // the most a variable may take on the stack is 128 KiB
	room[len(room)-1] = 1
	return room[len(room)/2] ^ room[len(room)-1]
}

// hitPrefix is cachebench's key prefix, give or take the process id.
const hitPrefix = "cachebench:12345:"

// hitKey is cachebench's rowsKey.
func hitKey(n int) cache.Key { return cache.Key{Tenant: "bench", Query: "rows", Args: []any{n}} }

// s2Key is cachebench's key("s2", n).
func s2Key(n int) string { return hitPrefix + "s2" + ":" + strconv.Itoa(n) }

// serveRowpageHit is cachebench's rowpage handler.
//
//go:noinline
func serveRowpageHit(h *hitBench, w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	h.c.ServeJSON(w, r, hitKey(n), func(context.Context) ([]byte, error) {
		return nil, fmt.Errorf("%d rows were not loaded", n)
	}, h.mode)
}

// serveS2Hit is cachebench's s2 handler.
//
//go:noinline
func serveS2Hit(h *hitBench, w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	p := h.pool.get()
	defer h.pool.put(p)
	e, ok, err := h.store.Get(r.Context(), s2Key(n), (*p)[:0])
	if err != nil || !ok {
		http.Error(w, fmt.Sprint("no entry: ", err), 500)
		return
	}
	*p = e
	q := h.pool.get()
	defer h.pool.put(q)
	size, err := s2.DecodedLen(e[4:])
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	if cap(*q) < size {
		*q = make([]byte, size)
	}
	js, err := s2.Decode((*q)[:size], e[4:])
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	head := []byte(`{"rows":`)
	tail := append(append([]byte(`,"count":`), strconv.Itoa(int(binary.BigEndian.Uint32(e)))...), '}')
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(head)+len(js)+len(tail)))
	w.Write(head)
	w.Write(js)
	w.Write(tail)
}

// remoteStore is a Store that the Cache does not know for in-process, as
// it does not know Redis.
type remoteStore struct{ cache.Store }

// benchBuffers is cachebench's free list of buffers.
type benchBuffers chan *[]byte

func (l benchBuffers) get() *[]byte {
	select {
	case b := <-l:
		return b
	default:
		return new([]byte)
	}
}

func (l benchBuffers) put(b *[]byte) {
	if cap(*b) > 16<<20 {
		return
	}
	*b = (*b)[:0]
	select {
	case l <- b:
	default:
	}
}

// hitWriter is a ResponseWriter reused across hits: its header map is
// cleared, not made afresh, and the header is serialized as net/http does
// into a reused buffer; the body is counted, and kept only when keep is
// set.
type hitWriter struct {
	h       http.Header
	head    bytes.Buffer
	code    int
	n       int
	keep    bool
	body    []byte
	written bool
}

func newHitWriter() *hitWriter { return &hitWriter{h: http.Header{}} }

func (w *hitWriter) reset() {
	clear(w.h)
	w.head.Reset()
	w.code, w.n, w.written, w.body = 0, 0, false, w.body[:0]
}

func (w *hitWriter) Header() http.Header { return w.h }

func (w *hitWriter) WriteHeader(code int) {
	if w.written {
		return
	}
	w.written, w.code = true, code
	w.h.Write(&w.head)
}

func (w *hitWriter) Write(b []byte) (int, error) {
	w.WriteHeader(200)
	w.n += len(b)
	if w.keep {
		w.body = append(w.body, b...)
	}
	return len(b), nil
}
