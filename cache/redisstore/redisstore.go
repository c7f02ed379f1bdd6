// Package redisstore is a cache.Store on Redis, through redis/go-redis v9.
// It works the same on a single server and on Redis Cluster: every
// operation names one key, so a cluster client routes it to the key's slot.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rowpage/rowpage/cache"
)

// minRoom is the spare capacity Get gives a dst that has none, so that
// small entries are read in one round trip.
const minRoom = 16 << 10

// store is the Store; client is a *redis.Client, *redis.ClusterClient or
// any other UniversalClient.
type store struct {
	client redis.UniversalClient
}

// New returns a Store on client. Get reads the entry straight into dst's
// spare capacity (go-redis's GetToBuffer), so a hit into a buffer with room
// allocates nothing page-sized; a dst with no spare capacity at all is
// first given 16 KiB. When the entry does not fit, Redis's reply says its
// size, dst grows once to it and the GET is repeated: a second round trip. Set is one SET with PX or EX;
// Delete one DEL. Errors are the client's, wrapped with "redisstore:".
func New(client redis.UniversalClient) cache.Store {
	return &store{client: client}
}

func (s *store) Get(ctx context.Context, key string, dst []byte) ([]byte, bool, error) {
	out := dst
	if cap(out) == len(out) {
		out = slices.Grow(out, minRoom)
	}
	for range 3 {
		room := out[len(dst):cap(out)]
		cmd := s.client.GetToBuffer(ctx, key, room)
		err := cmd.Err()
		if err == nil {
			return out[:len(dst)+cmd.Val()], true, nil
		}
		if errors.Is(err, redis.Nil) {
			return dst, false, nil
		}
		need, ok := bufferNeed(err)
		if !ok {
			return dst, false, fmt.Errorf("redisstore: GET %q: %w", key, err)
		}
		// +2: room for the reply's CRLF, which lets the client read the
		// payload and the CRLF in one read.
		out = slices.Grow(out[:len(dst)], need+2)
	}
	return dst, false, fmt.Errorf("redisstore: GET %q: the entry kept changing size", key)
}

// bufferNeed reads the size out of go-redis's "buffer too small: need N
// bytes" error. go-redis v9.23 has no typed error for it; if a later
// release words it otherwise, Get fails rather than guesses, and the
// conformance suite's large-entry test says so.
func bufferNeed(err error) (int, bool) {
	msg := err.Error()
	i := strings.Index(msg, "buffer too small: need ")
	if i < 0 {
		return 0, false
	}
	var n int
	if _, err := fmt.Sscanf(msg[i:], "buffer too small: need %d bytes", &n); err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

func (s *store) Set(ctx context.Context, key string, entry []byte, ttl time.Duration) error {
	if ttl < 0 {
		ttl = 0 // go-redis reads -1 as KEEPTTL; ours means no expiry
	}
	if err := s.client.Set(ctx, key, entry, ttl).Err(); err != nil {
		return fmt.Errorf("redisstore: SET %q: %w", key, err)
	}
	return nil
}

func (s *store) Delete(ctx context.Context, key string) error {
	if err := s.client.Del(ctx, key).Err(); err != nil {
		return fmt.Errorf("redisstore: DEL %q: %w", key, err)
	}
	return nil
}
