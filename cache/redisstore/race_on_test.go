//go:build race

package redisstore_test

// raceEnabled: under the race detector sync.Pool (which pgx and go-redis
// use for their buffers) drops items at random, so allocation tests skip.
const raceEnabled = true
