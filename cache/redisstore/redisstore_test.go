package redisstore_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/redisstore"
	"github.com/rowpage/rowpage/cache/storetest"
)

// The store is tested against real servers: the single server that
// ROWPAGE_REDIS_ADDR names and the cluster that ROWPAGE_REDIS_CLUSTER
// names (comma-separated seed addresses), as `.ci/redis start` prints them.
// Without them the tests skip, unless ROWPAGE_REQUIRE_REDIS is set, as in
// CI: then they fail.

func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("ROWPAGE_REQUIRE_REDIS") != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// client connects to the server or cluster env names, or skips.
func client(t *testing.T, env string) redis.UniversalClient {
	t.Helper()
	addrs := os.Getenv(env)
	if addrs == "" {
		skipOrFail(t, "Redis tests need %s (eval \"$(.ci/redis start)\")", env)
	}
	var c redis.UniversalClient
	if env == "ROWPAGE_REDIS_CLUSTER" {
		c = redis.NewClusterClient(&redis.ClusterOptions{Addrs: strings.Split(addrs, ",")})
	} else {
		c = redis.NewClient(&redis.Options{Addr: addrs})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		skipOrFail(t, "Redis at %s=%s not reachable: %v", env, addrs, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestConformanceSingle(t *testing.T) {
	c := client(t, "ROWPAGE_REDIS_ADDR")
	storetest.Run(t, func(t *testing.T) cache.Store { return redisstore.New(c) })
}

func TestConformanceCluster(t *testing.T) {
	c := client(t, "ROWPAGE_REDIS_CLUSTER")
	storetest.Run(t, func(t *testing.T) cache.Store { return redisstore.New(c) })
}

// TestGetAllocs checks that a hit into a buffer with room allocates no
// page-sized buffer (measured by allocs.MinPerRun, the smallest of several
// measurements after a warm-up, so that the client's background goroutines
// and a GC emptying its pools do not count): a 256 KiB entry read over and over allocates less
// than a kilobyte per Get.
func TestGetAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	c := client(t, "ROWPAGE_REDIS_ADDR")
	s := redisstore.New(c)
	storetest.GetAllocs(t, s, "redisstore:allocs", 1024)
}
