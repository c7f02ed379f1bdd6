package cache_test

import (
	"sync"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
)

// loadWatch counts the callers that have joined a shared load and the loads
// that are over, through the Cache's test hooks, and lets a test wait for
// a count instead of sleeping.
type loadWatch struct {
	mu             sync.Mutex
	joined, loaded int
	changed        chan struct{} // closed and replaced at each change
}

// watchLoads sets c's hooks. Call it before c is used.
func watchLoads(c *cache.Cache) *loadWatch {
	w := &loadWatch{changed: make(chan struct{})}
	cache.OnJoined(c, func(string) { w.bump(&w.joined) })
	cache.OnLoaded(c, func(string) { w.bump(&w.loaded) })
	return w
}

func (w *loadWatch) bump(n *int) {
	w.mu.Lock()
	*n++
	close(w.changed)
	w.changed = make(chan struct{})
	w.mu.Unlock()
}

// waitJoined waits until n callers have joined shared loads.
func (w *loadWatch) waitJoined(t *testing.T, n int) {
	t.Helper()
	w.wait(t, &w.joined, n, "callers joined")
}

// waitLoaded waits until n loads are over.
func (w *loadWatch) waitLoaded(t *testing.T, n int) {
	t.Helper()
	w.wait(t, &w.loaded, n, "loads over")
}

// wait waits for *count to reach n. The minute only bounds a broken run:
// the wait is for an event, not a guess at a duration.
func (w *loadWatch) wait(t *testing.T, count *int, n int, what string) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		w.mu.Lock()
		got, ch := *count, w.changed
		w.mu.Unlock()
		if got >= n {
			return
		}
		select {
		case <-ch:
		case <-timeout:
			t.Fatalf("%d %s after a minute, want %d", got, what, n)
		}
	}
}
