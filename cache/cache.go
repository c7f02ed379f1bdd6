package cache

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/seal"
	"golang.org/x/sync/singleflight"
)

// Loader returns a fresh page for a key, on a miss or a refresh. It runs
// with a context detached from the callers' (it keeps their values, not
// their cancellation) and bounded by Options.LoadTimeout.
type Loader func(ctx context.Context) ([]byte, error)

// Status says where a page came from.
type Status uint8

const (
	Miss  Status = iota // loaded by the Loader
	Hit                 // a fresh entry of the store
	Stale               // an entry past its TTL (a refresh runs), or a fallback for a failed load
)

func (s Status) String() string {
	switch s {
	case Hit:
		return "hit"
	case Stale:
		return "stale"
	}
	return "miss"
}

// Cache serves pages from a Store, loading them on a miss. Safe for
// concurrent use.
type Cache struct {
	opts      Options
	dec       *rowpage.DecMode // opens entries with Options.Dictionaries
	flight    singleflight.Group
	downUntil atomic.Int64 // Unix nanoseconds: the store is left alone until then
	deadlines deadlines    // of store reads
	keys      keyMemo      // store keys of the keys asked for lately

	// now is the clock of freshness and StoreRetry: time.Now, or a
	// test's clock (export_test.go).
	now func() time.Time
	// joined, when set (by tests), is called with the store key each time a
	// caller has started or joined a shared load it waits for, so that a
	// test can wait for N waiters instead of sleeping.
	joined func(skey string)
	// loaded, when set (by tests), is called with the store key once a
	// load is over (its page stored, or its error reported).
	loaded func(skey string)
}

// storeUp reports whether the store may be used now.
func (c *Cache) storeUp() bool { return c.now().UnixNano() >= c.downUntil.Load() }

// storeFailed reports a failed store operation and leaves the store alone
// for StoreRetry.
func (c *Cache) storeFailed(e Event) {
	if c.opts.StoreRetry > 0 {
		c.downUntil.Store(c.now().Add(c.opts.StoreRetry).UnixNano())
	}
	e.Kind = EventStoreError
	c.event(e)
}

// New validates the options and returns a Cache.
func New(o Options) (*Cache, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	dec, err := rowpage.DecOptions{Dictionaries: o.Dictionaries}.DecMode()
	if err != nil {
		return nil, err
	}
	return &Cache{opts: o, dec: dec, now: time.Now}, nil
}

// Get returns k's page: a fresh entry (Hit); an entry past its TTL but
// within the stale window, at once, while one background refresh runs
// (Stale); or the page load returns (Miss), one load per key however many
// callers wait, stored for the next. A caller whose ctx ends stops waiting
// (with ctx's error) but does not cancel the shared load. A failed load
// falls back to a stale entry where one exists (Stale, the error reported
// to Observe and not returned). Store failures are reported, never
// returned, and leave the store alone for Options.StoreRetry. Entries are validated with rowpage.Open before they are
// served: one that is not a page of ours is a miss, overwritten.
//
// The page is the caller's on a hit; on a miss it may be shared with the
// other callers of the same load: treat it as read-only.
func (c *Cache) Get(ctx context.Context, k Key, load Loader) ([]byte, Status, error) {
	r, err := c.get(ctx, k, load, nil, true)
	return r.page, r.status, err
}

// result is what get found.
type result struct {
	skey   string
	buf    []byte // the store's bytes (entry header and page), for reuse
	page   []byte
	status Status
	// opened is the pooled buffer that holds the opened entry, when the
	// entry was sealed and the caller asked for pooling: its owner puts it
	// back (bufPool.put) once done with page.
	opened *[]byte
	// unreported is set when get left the hit or stale serve of page
	// unreported, for ServeJSON to report once the page renders.
	unreported bool
}

// get is Get reading the entry into dst; validate says whether to Open the
// page before trusting it (ServeJSON validates as it renders instead).
func (c *Cache) get(ctx context.Context, k Key, load Loader, dst []byte, validate bool) (result, error) {
	skey, err := c.storeKey(k)
	if err != nil {
		return result{}, err
	}
	r := result{skey: skey, buf: dst}
	var found bool
	if c.storeUp() {
		r.buf, found, err = c.storeGet(ctx, skey, dst)
	}
	buf := r.buf
	var fallback []byte // an entry to serve if the load fails
	switch {
	case err != nil:
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		c.storeFailed(Event{Key: k, StoreKey: skey, Op: "get", Err: err})
	case found:
		entry, err := c.open(&r, buf[len(dst):], !validate)
		var fresh, stale int64
		var page []byte
		if err == nil {
			fresh, stale, page, err = parseEntry(entry)
		}
		if err == nil && validate {
			_, err = c.dec.Open(page)
		}
		if err != nil {
			c.event(Event{Kind: EventForeign, Key: k, StoreKey: skey, Bytes: len(buf) - len(dst), Err: err})
			break
		}
		now := c.now().UnixNano()
		switch {
		case now < fresh:
			r.page, r.status = page, Hit
			c.served(&r, k, validate)
			return r, nil
		case now < stale:
			r.page, r.status = page, Stale
			c.served(&r, k, validate)
			c.flight.DoChan(skey, func() (any, error) { return c.load(ctx, k, skey, load) })
			return r, nil
		default:
			fallback = page
		}
	}
	c.event(Event{Kind: EventMiss, Key: k, StoreKey: skey})
	page, err := c.wait(ctx, k, skey, load)
	if err != nil {
		if fallback != nil && ctx.Err() == nil {
			r.page, r.status = fallback, Stale
			c.event(Event{Kind: EventStale, Key: k, StoreKey: skey, Bytes: len(fallback), Err: err})
			return r, nil
		}
		return r, err
	}
	r.page, r.status = page, Miss
	return r, nil
}

// served reports r's hit or stale serve now, or, when the page is not
// validated yet (ServeJSON, which validates as it renders), leaves it
// unreported for the caller to report once it renders: an entry that turns
// out foreign is then reported as foreign and a miss, not also as a hit.
func (c *Cache) served(r *result, k Key, now bool) {
	if !now {
		r.unreported = true
		return
	}
	kind := EventHit
	if r.status == Stale {
		kind = EventStale
	}
	c.event(Event{Kind: kind, Key: k, StoreKey: r.skey, Bytes: len(r.page)})
	r.unreported = false
}

// storeGet is the store's Get bounded by StoreTimeout (readContext). The
// memory store, which never waits, is called with ctx as it is. A caller
// whose ctx has ended does not read; one whose ctx ends during the read
// waits for it, at most StoreTimeout.
func (c *Cache) storeGet(ctx context.Context, skey string, dst []byte) ([]byte, bool, error) {
	if _, inProcess := c.opts.Store.(*memoryStore); inProcess {
		return c.opts.Store.Get(ctx, skey, dst)
	}
	if err := ctx.Err(); err != nil {
		return dst, false, err
	}
	sctx, cancel := c.readContext(ctx)
	if cancel != nil {
		defer cancel()
	}
	return c.opts.Store.Get(sctx, skey, dst)
}

// open returns the entry inside the stored bytes b: b itself without a
// keyring, else b opened with the store key as additional data, into a
// pooled buffer recorded in r when pooled is set (ServeJSON), or into a
// buffer of the caller's own.
func (c *Cache) open(r *result, b []byte, pooled bool) ([]byte, error) {
	kr := c.opts.Keyring
	if kr == nil {
		return b, nil
	}
	if !pooled {
		return kr.Open(nil, b, []byte(r.skey))
	}
	r.opened = bufPool.get()
	out, err := kr.Open((*r.opened)[:0], b, []byte(r.skey))
	if cap(out) > cap(*r.opened) {
		*r.opened = out[:0]
	}
	return out, err
}

// wait joins or starts k's load and waits for it or for ctx.
func (c *Cache) wait(ctx context.Context, k Key, skey string, load Loader) ([]byte, error) {
	ch := c.flight.DoChan(skey, func() (any, error) { return c.load(ctx, k, skey, load) })
	if c.joined != nil {
		c.joined(skey)
	}
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.([]byte), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// load runs the loader detached from ctx's cancellation, with its own
// timeout, and stores the page it returns. Only a load error is returned:
// a failed Set is reported.
func (c *Cache) load(ctx context.Context, k Key, skey string, load Loader) ([]byte, error) {
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.opts.LoadTimeout)
	defer cancel()
	if c.loaded != nil {
		defer c.loaded(skey)
	}
	t0 := time.Now()
	page, err := callLoader(lctx, load)
	took := time.Since(t0)
	if err != nil {
		c.event(Event{Kind: EventLoadError, Key: k, StoreKey: skey, Took: took, Err: err})
		return nil, err
	}
	c.event(Event{Kind: EventLoad, Key: k, StoreKey: skey, Took: took, Bytes: len(page)})
	fresh := c.now().Add(c.opts.TTL)
	stale := fresh.Add(c.opts.Stale)
	entry := appendEntry(make([]byte, 0, entryHeader+len(page)), fresh, stale, page)
	if kr := c.opts.Keyring; kr != nil {
		var err error
		if entry, err = kr.Seal(make([]byte, 0, seal.Overhead(len(entry))+len(entry)), entry, []byte(skey)); err != nil {
			c.event(Event{Kind: EventStoreError, Key: k, StoreKey: skey, Op: "seal", Err: err})
			return page, nil
		}
	}
	if !c.storeUp() {
		return page, nil
	}
	sctx, scancel := context.WithTimeout(context.WithoutCancel(ctx), c.opts.StoreTimeout)
	defer scancel()
	if err := c.opts.Store.Set(sctx, skey, entry, c.opts.TTL+c.opts.Stale+c.opts.StaleIfError); err != nil {
		c.storeFailed(Event{Key: k, StoreKey: skey, Op: "set", Err: err})
	}
	return page, nil
}

// callLoader calls load, turning a panic into an error so that it cannot
// take down the waiters of a shared load.
func callLoader(ctx context.Context, load Loader) (page []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("cache: loader panicked: %v", p)
		}
	}()
	page, err = load(ctx)
	if err == nil && page == nil {
		err = errors.New("cache: loader returned no page and no error")
	}
	return page, err
}

// event reports e to Observe and, for failures, to the Logger.
func (c *Cache) event(e Event) {
	if c.opts.Observe != nil {
		c.opts.Observe(e)
	}
	if c.opts.Logger != nil {
		switch e.Kind {
		case EventLoadError, EventStoreError, EventForeign:
			c.opts.Logger.LogAttrs(context.Background(), slog.LevelWarn, "cache: "+e.Kind.String(),
				slog.String("key", e.StoreKey), slog.String("op", e.Op), slog.Any("err", e.Err))
		}
	}
}
