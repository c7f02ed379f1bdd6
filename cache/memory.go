package cache

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/maypok86/otter/v2"
)

// memoryEntryOverhead is what a memory-store entry is weighed at beyond its
// key and bytes: roughly otter's node and the slice header, so that many
// tiny entries cannot exceed the bound by far.
const memoryEntryOverhead = 64

// memoryStore is the in-process Store: an otter cache weighed by bytes.
type memoryStore struct {
	c        *otter.Cache[string, memoryEntry]
	maxBytes int64
}

// memoryEntry is one stored entry: its own copy of the bytes and when it
// expires (zero for never).
type memoryEntry struct {
	b       []byte
	expires time.Time
}

// NewMemory returns an in-process Store bounded by maxBytes: the sum of its
// entries' keys and bytes (plus 64 bytes each) stays within it, as otter
// evicts. The eviction policy is otter v2's adaptive W-TinyLFU, which keeps
// frequently read entries over recently written ones (BenchmarkMemoryPolicy
// compares it with an LRU). Set copies the entry in and Get appends it to
// dst, so callers never share memory with the store; both cost one hash
// lookup and the copy. An entry heavier than maxBytes, or than 4 GiB, is
// refused with ErrTooLarge. It panics if maxBytes is not positive.
func NewMemory(maxBytes int64) Store {
	if maxBytes <= 0 {
		panic("cache: NewMemory needs a positive maxBytes")
	}
	c := otter.Must(&otter.Options[string, memoryEntry]{
		MaximumWeight: uint64(maxBytes),
		Weigher:       func(k string, e memoryEntry) uint32 { return uint32(memoryWeight(k, e.b)) },
		ExpiryCalculator: otter.ExpiryWritingFunc(func(e otter.Entry[string, memoryEntry]) time.Duration {
			if e.Value.expires.IsZero() {
				return math.MaxInt64
			}
			return time.Until(e.Value.expires)
		}),
	})
	return &memoryStore{c: c, maxBytes: maxBytes}
}

// memoryWeight is what an entry counts against maxBytes.
func memoryWeight(key string, b []byte) int64 {
	return int64(len(key)) + int64(len(b)) + memoryEntryOverhead
}

func (m *memoryStore) Get(ctx context.Context, key string, dst []byte) ([]byte, bool, error) {
	if err := ctx.Err(); err != nil {
		return dst, false, err
	}
	e, ok := m.c.GetIfPresent(key)
	if !ok || (!e.expires.IsZero() && !time.Now().Before(e.expires)) {
		return dst, false, nil
	}
	return append(dst, e.b...), true, nil
}

func (m *memoryStore) Set(ctx context.Context, key string, entry []byte, ttl time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if w := memoryWeight(key, entry); w > m.maxBytes || w > math.MaxUint32 {
		return fmt.Errorf("%w: %d bytes, the memory store holds %d", ErrTooLarge, w, m.maxBytes)
	}
	e := memoryEntry{b: append([]byte(nil), entry...)}
	if ttl > 0 {
		e.expires = time.Now().Add(ttl)
	}
	m.c.Set(key, e)
	// otter evicts in batches as its write buffer drains, so it can run
	// past the bound for a while (and its WeightedSize lags the same way);
	// draining after each Set keeps the bound a bound.
	m.c.CleanUp()
	return nil
}

func (m *memoryStore) Delete(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.c.Invalidate(key)
	return nil
}
