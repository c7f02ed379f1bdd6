package cache

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// A store read is bounded by StoreTimeout. context.WithTimeout per read
// costs a context, a timer, and registering with the caller's context (a
// net/http request's is cancelable): three allocations more than a
// shared deadline, and about 4,100 instructions of a 154,000-instruction
// 25-row hit (BenchmarkServeHit, via=rowpage-remote). Reads share
// deadlines instead: the reads that start within a quarter of
// StoreTimeout of each other get one deadline, closed by one timer, so a
// read is given between three quarters of StoreTimeout and StoreTimeout,
// and costs one small allocation (its context, which keeps the caller's
// values).

// sharedDeadline is a deadline that store reads share: done is closed, by
// a timer, once at has passed.
type sharedDeadline struct {
	at   time.Time
	done chan struct{}
}

// deadlines hands out the sharedDeadline of the reads starting now.
type deadlines struct {
	cur atomic.Pointer[sharedDeadline]
	mu  sync.Mutex // held to make the next one
}

// get returns a deadline between three quarters of timeout and timeout
// after now.
func (ds *deadlines) get(now time.Time, timeout time.Duration) *sharedDeadline {
	keep := timeout - timeout/4
	if d := ds.cur.Load(); d != nil && d.at.Sub(now) >= keep {
		return d
	}
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if d := ds.cur.Load(); d != nil && d.at.Sub(now) >= keep {
		return d // another read made it meanwhile
	}
	d := &sharedDeadline{at: now.Add(timeout), done: make(chan struct{})}
	time.AfterFunc(timeout, func() { close(d.done) })
	ds.cur.Store(d)
	return d
}

// readCtx is the context of a store read: the caller's values, and a
// shared deadline. The caller's cancellation does not reach the read,
// which its deadline ends soon enough.
type readCtx struct {
	context.Context // the caller's, for its values
	d               *sharedDeadline
}

func (r *readCtx) Deadline() (time.Time, bool) { return r.d.at, true }
func (r *readCtx) Done() <-chan struct{}       { return r.d.done }

func (r *readCtx) Err() error {
	select {
	case <-r.d.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// readContext returns the context of a store read bounded by
// StoreTimeout, and its cancel function (nil when there is none to call).
// A caller's context with an earlier deadline of its own gets a
// context.WithTimeout as before, so that its deadline still ends the read.
func (c *Cache) readContext(ctx context.Context) (context.Context, context.CancelFunc) {
	d := c.deadlines.get(time.Now(), c.opts.StoreTimeout)
	if at, ok := ctx.Deadline(); ok && at.Before(d.at) {
		return context.WithTimeout(ctx, c.opts.StoreTimeout)
	}
	return &readCtx{Context: ctx, d: d}, nil
}
