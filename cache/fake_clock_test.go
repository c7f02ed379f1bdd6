package cache_test

import (
	"sync/atomic"
	"time"

	"github.com/rowpage/rowpage/cache"
)

// fakeClock is a clock that moves only when a test advances it, so that
// freshness never depends on how fast a loaded machine runs the test.
type fakeClock struct{ ns atomic.Int64 }

// withFakeClock makes c's clock a fakeClock at the real time now.
func withFakeClock(c *cache.Cache) *fakeClock {
	f := &fakeClock{}
	f.ns.Store(time.Now().UnixNano())
	cache.SetClock(c, f.now)
	return f
}

func (f *fakeClock) now() time.Time { return time.Unix(0, f.ns.Load()) }

// advance moves the clock d forward.
func (f *fakeClock) advance(d time.Duration) { f.ns.Add(int64(d)) }
