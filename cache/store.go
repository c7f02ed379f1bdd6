package cache

import (
	"context"
	"errors"
	"time"
)

// Store is a byte store that entries are kept in. Implementations must be
// safe for concurrent use. NewMemory, redisstore.New and pgstore.New make
// the three this module ships; storetest.Run is the conformance suite every
// implementation should pass.
type Store interface {
	// Get appends the entry stored under key to dst and returns it, with
	// found false (and dst unchanged) when there is none or it has
	// expired. It never retains dst.
	Get(ctx context.Context, key string, dst []byte) (entry []byte, found bool, err error)
	// Set stores a copy of entry under key for ttl (kept until evicted or
	// deleted when ttl <= 0). The store does not retain entry.
	Set(ctx context.Context, key string, entry []byte, ttl time.Duration) error
	// Delete removes key; deleting a missing key is not an error.
	Delete(ctx context.Context, key string) error
}

// Sentinel errors, for errors.Is.
var (
	// ErrTooLarge reports an entry larger than a store accepts.
	ErrTooLarge = errors.New("cache: entry too large for the store")
	// ErrKey reports a Key that cannot be hashed (an argument of a type
	// StoreKey does not encode).
	ErrKey = errors.New("cache: unsupported key")
)
