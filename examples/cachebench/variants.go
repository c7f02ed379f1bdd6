package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"time"

	"github.com/klauspost/compress/s2"
	"github.com/redis/go-redis/v9"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/redisstore"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/rowpage/rowpage/seal"
)

// variants, in table order: "fast" is the rowpage variant with pages
// encoded with rowpage.CompressFast.
var variants = []string{"reparse", "spliced", "s2", "rowpage", "fast"}

// latencyVariants are the entries of experiment 2: the variants, and
// rowpage pages sealed with a seal.Keyring (issue 18's sealed hit).
var latencyVariants = append(variants[:len(variants):len(variants)], "sealed")

// bench is the server under test and what it serves.
type bench struct {
	client   *redis.Client
	store    cache.Store
	cache    *cache.Cache
	fast     *cache.Cache // the same rows, pages encoded with CompressFast
	sealed   *cache.Cache // the same pages as cache, sealed
	fastMode *rowpage.EncMode
	rows     string // the rows of experiments 1 and 2: "rows" or "baas"
	mode     *jsonbridge.Mode
	srv      *httptest.Server
	loaded   map[int]bool
	pool     buffers
}

// prefix starts every key the run writes, and is what close deletes: the
// process id keeps two runs on one server apart.
var prefix = fmt.Sprintf("cachebench:%d:", os.Getpid())

// writeJSONAbove is the cache.Options.WriteJSONAbove of the rowpage variant.
var writeJSONAbove = 0

func newBench(client *redis.Client, rows string) (*bench, error) {
	if rows != "rows" && rows != "baas" {
		return nil, fmt.Errorf("cachebench: no rows %q (rows or baas)", rows)
	}
	if err := client.Ping(context.Background()).Err(); err != nil {
		return nil, fmt.Errorf("cachebench: Redis: %w", err)
	}
	store := redisstore.New(client)
	c, err := cache.New(cache.Options{Store: store, Namespace: prefix + "rowpage", TTL: time.Hour, StoreTimeout: 10 * time.Second, WriteJSONAbove: writeJSONAbove})
	if err != nil {
		return nil, err
	}
	fast, err := cache.New(cache.Options{Store: store, Namespace: prefix + "fast", TTL: time.Hour, StoreTimeout: 10 * time.Second, WriteJSONAbove: writeJSONAbove})
	if err != nil {
		return nil, err
	}
	fastMode, err := rowpage.EncOptions{Compression: rowpage.CompressFast}.EncMode()
	if err != nil {
		return nil, err
	}
	key := seal.Key{ID: 1}
	if _, err := rand.Read(key.Secret[:]); err != nil {
		return nil, err
	}
	ring, err := seal.NewKeyring(key)
	if err != nil {
		return nil, err
	}
	sealed, err := cache.New(cache.Options{Store: store, Namespace: prefix + "sealed", TTL: time.Hour, StoreTimeout: 10 * time.Second, WriteJSONAbove: writeJSONAbove, Keyring: ring})
	if err != nil {
		return nil, err
	}
	mode, err := jsonbridge.Options{Envelope: &jsonbridge.Envelope{CountKey: "count"}}.Mode()
	if err != nil {
		return nil, err
	}
	b := &bench{client: client, store: store, cache: c, fast: fast, sealed: sealed, fastMode: fastMode, rows: rows, mode: mode, loaded: map[int]bool{}}
	b.pool = newBuffers(32)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /reparse/{n}", b.reparse)
	mux.HandleFunc("GET /spliced/{n}", b.spliced)
	mux.HandleFunc("GET /s2/{n}", b.s2)
	mux.HandleFunc("GET /rowpage/{n}", func(w http.ResponseWriter, r *http.Request) { b.serve(w, r, b.cache) })
	mux.HandleFunc("GET /fast/{n}", func(w http.ResponseWriter, r *http.Request) { b.serve(w, r, b.fast) })
	mux.HandleFunc("GET /sealed/{n}", func(w http.ResponseWriter, r *http.Request) { b.serve(w, r, b.sealed) })
	mux.HandleFunc("GET /tiny", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	})
	b.srv = httptest.NewServer(mux) // a real TCP server on loopback
	return b, nil
}

func (b *bench) close() {
	b.srv.Close()
	b.clear()
}

// clear deletes every key of the run, and so every loaded entry.
func (b *bench) clear() {
	clear(b.loaded)
	ctx := context.Background()
	iter := b.client.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	for iter.Next(ctx) {
		b.client.Del(ctx, iter.Val())
	}
}

// key is the Redis key of a JSON variant's entry of n rows.
func key(variant string, n int) string { return prefix + variant + ":" + strconv.Itoa(n) }

// rowsKey is the cache key of the rowpage variant's n rows.
func rowsKey(n int) cache.Key { return cache.Key{Tenant: "bench", Query: "rows", Args: []any{n}} }

// rowsOf returns n rows of set: the list rows of dataset.Rows as structs,
// or the BaaS documents as the BaaS holds them (decoded JSON: maps, RFC
// 3339 strings, float64 numbers).
func rowsOf(set string, n int) any {
	if set == "baas" {
		return dataset.BaaSGenericMaps(n)
	}
	return dataset.Rows(n)
}

// load stores n rows in every variant's form.
func (b *bench) load(n int) error {
	if b.loaded[n] {
		return nil
	}
	ctx := context.Background()
	rows := rowsOf(b.rows, n)
	js, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	entry := func(body []byte) []byte { return append(binary.BigEndian.AppendUint32(nil, uint32(n)), body...) }
	if err := b.store.Set(ctx, key("reparse", n), js, time.Hour); err != nil {
		return err
	}
	if err := b.store.Set(ctx, key("spliced", n), entry(js), time.Hour); err != nil {
		return err
	}
	if err := b.store.Set(ctx, key("s2", n), entry(s2.Encode(nil, js)), time.Hour); err != nil {
		return err
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		return err
	}
	fastPage, err := b.fastMode.Marshal(rows)
	if err != nil {
		return err
	}
	for _, c := range []*cache.Cache{b.cache, b.sealed, b.fast} {
		p := page
		if c == b.fast {
			p = fastPage
		}
		if _, _, err := c.Get(ctx, rowsKey(n), func(context.Context) ([]byte, error) { return p, nil }); err != nil {
			return err
		}
	}
	b.loaded[n] = true
	return nil
}

func (b *bench) buf() *[]byte  { return b.pool.get() }
func (b *bench) put(p *[]byte) { b.pool.put(p) }

func rowsParam(r *http.Request) int { n, _ := strconv.Atoi(r.PathValue("n")); return n }

// get reads a JSON variant's entry into a pooled buffer.
func (b *bench) get(w http.ResponseWriter, r *http.Request, variant string) (*[]byte, bool) {
	p := b.buf()
	e, ok, err := b.store.Get(r.Context(), key(variant, rowsParam(r)), (*p)[:0])
	if err != nil || !ok {
		b.put(p)
		http.Error(w, fmt.Sprint("no entry: ", err), 500)
		return nil, false
	}
	*p = e
	return p, true
}

func (b *bench) reparse(w http.ResponseWriter, r *http.Request) {
	p, ok := b.get(w, r, "reparse")
	if !ok {
		return
	}
	defer b.put(p)
	var rows []map[string]any
	if err := json.Unmarshal(*p, &rows); err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	out, err := json.Marshal(struct {
		Rows  []map[string]any `json:"rows"`
		Count int              `json:"count"`
	}{rows, len(rows)})
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	writeBody(w, out)
}

// splice writes {"rows":<js>,"count":n}.
func splice(w http.ResponseWriter, n int, js []byte) {
	head := []byte(`{"rows":`)
	tail := append(append([]byte(`,"count":`), strconv.Itoa(n)...), '}')
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(head)+len(js)+len(tail)))
	w.Write(head)
	w.Write(js)
	w.Write(tail)
}

// spliced serves the JSON text as stored. Its slump at 5,000 rows (69
// requests/s against S2's 348 in session 20) is Redis's, not this
// handler's: Redis copies each GET's reply into a buffer of the value's
// size, and past a few MB (4 MB with 8 GETs in flight, 8 MiB with one)
// jemalloc gives that buffer back to the kernel after each reply, so every
// GET faults its pages in again (2,170 minor faults per 8 MiB GET, which
// this VM serves 8 to 10 times a second against 988 at 3 MiB). A GET
// loop of the 4.0 MB entry alone, 8 in flight and no HTTP, does 30 a
// second; of S2's 1.45 MB entry, 878.
func (b *bench) spliced(w http.ResponseWriter, r *http.Request) {
	p, ok := b.get(w, r, "spliced")
	if !ok {
		return
	}
	defer b.put(p)
	e := *p
	splice(w, int(binary.BigEndian.Uint32(e)), e[4:])
}

func (b *bench) s2(w http.ResponseWriter, r *http.Request) {
	p, ok := b.get(w, r, "s2")
	if !ok {
		return
	}
	defer b.put(p)
	e := *p
	q := b.buf()
	defer b.put(q)
	n, err := s2.DecodedLen(e[4:])
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	if cap(*q) < n {
		*q = make([]byte, n)
	}
	js, err := s2.Decode((*q)[:n], e[4:])
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	splice(w, int(binary.BigEndian.Uint32(e)), js)
}

// serve answers a rowpage variant's request through c, whose entries load
// filled in advance.
func (b *bench) serve(w http.ResponseWriter, r *http.Request, c *cache.Cache) {
	n := rowsParam(r)
	c.ServeJSON(w, r, rowsKey(n), func(context.Context) ([]byte, error) {
		return nil, fmt.Errorf("cachebench: %d rows were not loaded", n)
	}, b.mode)
}

func writeBody(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}
