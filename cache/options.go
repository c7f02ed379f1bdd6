package cache

import (
	"errors"
	"log/slog"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/seal"
)

// Options configure a Cache. The zero value of every field but Store means
// its default.
type Options struct {
	// Store holds the entries. Required.
	Store Store
	// Namespace prefixes every store key: the application's cache version
	// ("myapp:v3"), so that bumping it orphans every entry at once.
	Namespace string
	// TTL is how long an entry is a hit after its load: default 1 minute.
	TTL time.Duration
	// Stale is how long past TTL an entry is still served, as Stale, while
	// one background refresh runs: default 0 (none).
	Stale time.Duration
	// StaleIfError is how long past TTL+Stale an entry is kept to be served,
	// as Stale, only when its load fails: default 0 (none). A load that
	// fails within the stale window always falls back to the entry.
	StaleIfError time.Duration
	// LoadTimeout bounds each load, which runs detached from the callers
	// that wait for it: default 30 seconds.
	LoadTimeout time.Duration
	// StoreTimeout bounds each store operation: a store that is down or
	// slow costs a request at most this much before it is served from the
	// loader. Default 100 milliseconds. Reads that start close together
	// share one deadline (one timer), so a read is given between three
	// quarters of StoreTimeout and StoreTimeout; the caller's cancellation
	// does not cut a read short, its own earlier deadline does.
	StoreTimeout time.Duration
	// StoreRetry is how long, after a store operation fails or times out,
	// the cache leaves the store alone and serves every request from its
	// loader (one load per key still), so that a store that is down costs
	// one timeout per StoreRetry rather than one per request: default 1
	// second; negative: never leave it alone.
	StoreRetry time.Duration
	// WriteJSONAbove is the page size past which ServeJSON writes the JSON
	// in chunks (jsonbridge's WriteJSON, without Content-Length) instead of
	// rendering it into one pooled buffer: default 1 MiB of page (about
	// 2,000 rows of 800 bytes of JSON).
	WriteJSONAbove int
	// Observe, if not nil, is called for every Event (hits, stale serves,
	// misses, loads and their errors, store errors, foreign entries). It
	// runs on the request's goroutine, or the load's: keep it cheap.
	// Counters.Observe is one.
	Observe func(Event)
	// Logger, if not nil, logs load errors, store errors and foreign
	// entries at level Warn.
	Logger *slog.Logger
	// Keyring, if not nil, seals every entry before it reaches the store
	// (AES-256-GCM, see package seal) with the full store key as the
	// additional data, so that an entry copied under another tenant's,
	// query's or namespace's key does not open. An entry that does not open
	// (another key, a key the keyring no longer holds, tampering) is a
	// miss, reported as foreign and overwritten. Rotation: make the new key
	// primary and keep the old one among the older keys; entries re-seal
	// under the new key as they are rewritten. Cost per hit on this
	// project's machine: about 0.35 µs for an entry the keyring opened
	// recently (1.2 µs for one it has not) plus about 0.26 ns a byte, and a
	// buffer of the page's size for the opened entry (pooled by ServeJSON).
	// A sealed hit of 1,000 rows costs 1.21 times an unsealed one
	// (BenchmarkSealedHit).
	Keyring *seal.Keyring
	// Dictionaries are the dictionaries the pages stored may name
	// (rowpage.EncOptions.Dictionary, SPEC.md 2.6): Get opens entries with
	// them. Give them to the jsonbridge.Mode passed to ServeJSON too. An
	// entry that names another dictionary is a miss, reported as foreign
	// and overwritten. Default none.
	Dictionaries []*rowpage.Dictionary
}

// withDefaults validates o and fills in the defaults.
func (o Options) withDefaults() (Options, error) {
	if o.Store == nil {
		return o, errors.New("cache: Options.Store is nil")
	}
	if o.StoreRetry == 0 {
		o.StoreRetry = time.Second
	}
	if o.TTL < 0 || o.Stale < 0 || o.StaleIfError < 0 || o.LoadTimeout < 0 || o.StoreTimeout < 0 || o.WriteJSONAbove < 0 {
		return o, errors.New("cache: negative duration or size in Options")
	}
	if o.TTL == 0 {
		o.TTL = time.Minute
	}
	if o.LoadTimeout == 0 {
		o.LoadTimeout = 30 * time.Second
	}
	if o.StoreTimeout == 0 {
		o.StoreTimeout = 100 * time.Millisecond
	}
	if o.WriteJSONAbove == 0 {
		o.WriteJSONAbove = 1 << 20
	}
	return o, nil
}
