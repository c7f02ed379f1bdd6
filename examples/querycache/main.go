// Command querycache is an example service: HTTP endpoints over the
// Chinook sample database (or a small built-in one when ../shared is
// absent), whose query results are cached as rowpage pages by package
// cache and served as JSON straight from the pages.
//
//	go run ./examples/querycache                  # in-process store, :8080
//	go run ./examples/querycache -redis redis://127.0.0.1:46379/0
//	go run ./examples/querycache -postgres 'host=/tmp/... port=54329 user=rowpage dbname=rowpage'
//
//	curl -i 'localhost:8080/tracks?limit=3'
//	curl -i 'localhost:8080/albums/1'
//	curl -i -H 'X-Tenant: other' 'localhost:8080/artists?offset=10&limit=5'
//
// Every response says X-Cache: hit, stale or miss; /healthz is a tiny
// endpoint that never touches the cache.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/pgstore"
	"github.com/rowpage/rowpage/cache/redisstore"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	redisURL := flag.String("redis", "", "Redis URL (redis://host:port/db) for the store; default: in-process")
	pgDSN := flag.String("postgres", "", "PostgreSQL DSN for the store (table querycache); default: in-process")
	dbPath := flag.String("db", "", "SQLite database to serve; default: Chinook from ../shared/data, else a built-in one")
	ttl := flag.Duration("ttl", 30*time.Second, "how long an entry is fresh")
	stale := flag.Duration("stale", 5*time.Minute, "how long past its TTL an entry is served while it refreshes")
	flag.Parse()
	if err := run(*addr, *redisURL, *pgDSN, *dbPath, *ttl, *stale); err != nil {
		log.Fatal(err)
	}
}

func run(addr, redisURL, pgDSN, dbPath string, ttl, stale time.Duration) error {
	ctx := context.Background()
	store, name, err := openStore(ctx, redisURL, pgDSN)
	if err != nil {
		return err
	}
	db, dbName, err := openDB(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	c, err := cache.New(cache.Options{Store: store, Namespace: "querycache:v1", TTL: ttl, Stale: stale, Logger: logger})
	if err != nil {
		return err
	}
	logger.Info("querycache: serving", "addr", addr, "store", name, "database", dbName)
	srv := &http.Server{Addr: addr, Handler: newServer(c, db), ReadHeaderTimeout: 10 * time.Second}
	return srv.ListenAndServe()
}

// openStore returns the store the flags name, and a name for the log.
func openStore(ctx context.Context, redisURL, pgDSN string) (cache.Store, string, error) {
	switch {
	case redisURL != "" && pgDSN != "":
		return nil, "", fmt.Errorf("querycache: -redis and -postgres are exclusive")
	case redisURL != "":
		opts, err := redis.ParseURL(redisURL)
		if err != nil {
			return nil, "", fmt.Errorf("querycache: -redis: %w", err)
		}
		client := redis.NewClient(opts)
		if err := client.Ping(ctx).Err(); err != nil {
			return nil, "", fmt.Errorf("querycache: Redis at %s: %w", opts.Addr, err)
		}
		return redisstore.New(client), "redis " + opts.Addr, nil
	case pgDSN != "":
		pool, err := pgxpool.New(ctx, pgDSN)
		if err != nil {
			return nil, "", fmt.Errorf("querycache: -postgres: %w", err)
		}
		s, err := pgstore.New(ctx, pool, "querycache")
		if err != nil {
			return nil, "", err
		}
		return s, "postgres", nil
	}
	return cache.NewMemory(256 << 20), "memory (256 MiB)", nil
}
