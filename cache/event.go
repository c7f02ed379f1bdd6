package cache

import (
	"sync/atomic"
	"time"
)

// EventKind says what an Event reports.
type EventKind uint8

const (
	EventHit        EventKind = iota + 1 // a fresh entry served; Bytes is the page's size
	EventStale                           // a stale entry served; Err is the load error when it was a fallback
	EventMiss                            // no usable entry: the request waits for a load
	EventLoad                            // a load succeeded; Took is its duration, Bytes the page's size
	EventLoadError                       // a load failed; Err says why
	EventStoreError                      // a store operation failed or timed out; Op is "get", "set" or "delete"
	EventForeign                         // an entry not of ours or damaged: a miss, to be overwritten; Err says why
)

var eventNames = [...]string{"", "hit", "stale", "miss", "load", "load error", "store error", "foreign entry"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "unknown"
}

// Event is one thing a Cache reports to Options.Observe.
type Event struct {
	Kind     EventKind
	Key      Key
	StoreKey string
	Op       string        // EventStoreError: the store operation
	Bytes    int           // the page's size, where there is one
	Took     time.Duration // EventLoad, EventLoadError: the load's duration
	Err      error
}

// Counters counts events; its Observe method is an Options.Observe. Safe
// for concurrent use; read the fields with Load.
type Counters struct {
	Hits, Stale, Misses, Loads, LoadErrors, StoreErrors, Foreign atomic.Int64
	// LoadNanos is the total time of loads, successful or not.
	LoadNanos atomic.Int64
	// ServedBytes is the page bytes of hits and stale serves; LoadedBytes
	// the page bytes loads returned.
	ServedBytes, LoadedBytes atomic.Int64
}

// Observe counts e.
func (c *Counters) Observe(e Event) {
	switch e.Kind {
	case EventHit:
		c.Hits.Add(1)
		c.ServedBytes.Add(int64(e.Bytes))
	case EventStale:
		c.Stale.Add(1)
		c.ServedBytes.Add(int64(e.Bytes))
	case EventMiss:
		c.Misses.Add(1)
	case EventLoad:
		c.Loads.Add(1)
		c.LoadNanos.Add(int64(e.Took))
		c.LoadedBytes.Add(int64(e.Bytes))
	case EventLoadError:
		c.LoadErrors.Add(1)
		c.LoadNanos.Add(int64(e.Took))
	case EventStoreError:
		c.StoreErrors.Add(1)
	case EventForeign:
		c.Foreign.Add(1)
	}
}
