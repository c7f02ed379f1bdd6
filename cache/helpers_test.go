package cache_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/pgstore"
	"github.com/rowpage/rowpage/cache/redisstore"
)

// The tests that name a store run on the memory store always, and on the
// real Redis (ROWPAGE_REDIS_ADDR) and PostgreSQL (ROWPAGE_POSTGRES_DSN)
// servers when they are configured: required when ROWPAGE_REQUIRE_REDIS
// or ROWPAGE_REQUIRE_POSTGRES is set (CI), skipped otherwise.

type namedStore struct {
	name string
	new  func(t *testing.T) cache.Store
}

func stores() []namedStore {
	return []namedStore{
		{"memory", func(t *testing.T) cache.Store { return cache.NewMemory(256 << 20) }},
		{"redis", redisStore},
		{"postgres", pgStore},
	}
}

func need(t *testing.T, requireEnv, format string, args ...any) {
	t.Helper()
	if os.Getenv(requireEnv) != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

func redisClient(t *testing.T) *redis.Client {
	t.Helper()
	addr := os.Getenv("ROWPAGE_REDIS_ADDR")
	if addr == "" {
		need(t, "ROWPAGE_REQUIRE_REDIS", "needs ROWPAGE_REDIS_ADDR (eval \"$(.ci/redis start)\")")
	}
	c := redis.NewClient(&redis.Options{Addr: addr})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		need(t, "ROWPAGE_REQUIRE_REDIS", "Redis at %s: %v", addr, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func redisStore(t *testing.T) cache.Store { return redisstore.New(redisClient(t)) }

func pgStore(t *testing.T) cache.Store {
	t.Helper()
	dsn := os.Getenv("ROWPAGE_POSTGRES_DSN")
	if dsn == "" {
		need(t, "ROWPAGE_REQUIRE_POSTGRES", "needs ROWPAGE_POSTGRES_DSN (eval \"$(.ci/postgres start)\")")
	}
	ctx := context.Background()
	p, err := pgxpool.New(ctx, dsn)
	if err == nil {
		err = p.Ping(ctx)
	}
	if err != nil {
		need(t, "ROWPAGE_REQUIRE_POSTGRES", "PostgreSQL: %v", err)
	}
	table := fmt.Sprintf("cache_test_%d", time.Now().UnixNano())
	s, err := pgstore.New(ctx, p, table)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Exec(ctx, "DROP TABLE "+table); p.Close() })
	return s
}

// newCache makes a Cache on s under a namespace unique to the test, so
// that tests sharing a server never meet each other's entries.
func newCache(t *testing.T, s cache.Store, o cache.Options) (*cache.Cache, *cache.Counters) {
	t.Helper()
	var n cache.Counters
	o.Store = s
	if o.Namespace == "" {
		o.Namespace = fmt.Sprintf("test-%s-%d", strings.ReplaceAll(t.Name(), "/", "-"), time.Now().UnixNano())
	}
	o.Observe = n.Observe
	if o.StoreTimeout == 0 {
		// The default, 100 ms, is a production bound. Under the race
		// detector, with CI's other tests on the same two cores, a real
		// server's Set sometimes took longer, the cache reported it (as it
		// should) and a test waiting for the entry failed. Tests of slow
		// or failing stores set their own.
		o.StoreTimeout = 5 * time.Second
	}
	c, err := cache.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return c, &n
}

// rowsPage is a page of n rows whose every value names tenant.
func rowsPage(t testing.TB, tenant string, n int) []byte {
	t.Helper()
	type row struct {
		ID     int     `json:"id"`
		Tenant string  `json:"tenant"`
		Name   string  `json:"name"`
		Total  float64 `json:"total"`
	}
	rows := make([]row, n)
	for i := range rows {
		rows[i] = row{i, tenant, fmt.Sprintf("%s item %d", tenant, i), float64(i) * 1.25}
	}
	p, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// loaderOf returns a Loader of page that counts its calls.
func loaderOf(page []byte, calls *int64Counter) cache.Loader {
	return func(ctx context.Context) ([]byte, error) {
		calls.Add(1)
		return page, nil
	}
}
