package pgstore_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/cache/pgstore"
	"github.com/rowpage/rowpage/cache/storetest"
)

// The store is tested against the server ROWPAGE_POSTGRES_DSN names (start
// one with `eval "$(.ci/postgres start)"`). Without it the tests skip,
// unless ROWPAGE_REQUIRE_POSTGRES is set, as in CI: then they fail.

func pool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	skip := t.Skipf
	if os.Getenv("ROWPAGE_REQUIRE_POSTGRES") != "" {
		skip = t.Fatalf
	}
	dsn := os.Getenv("ROWPAGE_POSTGRES_DSN")
	if dsn == "" {
		skip("PostgreSQL tests need a server: set ROWPAGE_POSTGRES_DSN (eval \"$(.ci/postgres start)\")")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := pgxpool.New(ctx, dsn)
	if err == nil {
		err = p.Ping(ctx)
	}
	if err != nil {
		skip("PostgreSQL not reachable at ROWPAGE_POSTGRES_DSN: %v", err)
	}
	t.Cleanup(p.Close)
	return p
}

// table returns a table name of the test's own, dropped at cleanup.
func table(t *testing.T, p *pgxpool.Pool) string {
	name := fmt.Sprintf("pgstore_test_%d", time.Now().UnixNano())
	t.Cleanup(func() { p.Exec(context.Background(), "DROP TABLE IF EXISTS "+name) })
	return name
}

func TestConformance(t *testing.T) {
	p := pool(t)
	s, err := pgstore.New(context.Background(), p, table(t, p))
	if err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T) cache.Store { return s })
}

// TestNewTwice checks that New on an existing table keeps its rows, and
// that concurrent News do not fail.
func TestNewTwice(t *testing.T) {
	p := pool(t)
	ctx := context.Background()
	name := table(t, p)
	errs := make(chan error, 4)
	for range 4 {
		go func() { _, err := pgstore.New(ctx, p, name); errs <- err }()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	s, _ := pgstore.New(ctx, p, name)
	s.Set(ctx, "k", []byte("v"), time.Minute)
	s2, err := pgstore.New(ctx, p, name)
	if err != nil {
		t.Fatal(err)
	}
	if b, ok, err := s2.Get(ctx, "k", nil); err != nil || !ok || string(b) != "v" {
		t.Fatalf("Get after a second New = %q, %v, %v", b, ok, err)
	}
}

// TestSweep checks that expired rows are deleted, live ones kept, and that
// the sweep's query can run from the expires_at index alone.
func TestSweep(t *testing.T) {
	p := pool(t)
	ctx := context.Background()
	name := table(t, p)
	st, err := pgstore.New(ctx, p, name)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*pgstore.Store)
	for i := range 2500 {
		ttl := time.Millisecond
		if i%5 == 0 {
			ttl = time.Hour
		}
		if err := s.Set(ctx, fmt.Sprint("k", i), []byte("v"), ttl); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(10 * time.Millisecond)
	n, err := s.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var left int
	p.QueryRow(ctx, "SELECT count(*) FROM "+name).Scan(&left)
	if n != 2000 || left != 500 {
		t.Fatalf("Sweep deleted %d rows and left %d, want 2000 and 500", n, left)
	}
	// The plan, with sequential scans priced out: an index scan exists.
	conn, err := p.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	conn.Exec(ctx, "SET enable_seqscan = off")
	defer conn.Exec(ctx, "RESET enable_seqscan")
	rows, err := conn.Query(ctx, "EXPLAIN SELECT ctid FROM "+name+" WHERE expires_at <= now() ORDER BY expires_at LIMIT 1000")
	if err != nil {
		t.Fatal(err)
	}
	var plan strings.Builder
	for rows.Next() {
		var line string
		rows.Scan(&line)
		plan.WriteString(line + "\n")
	}
	if !strings.Contains(plan.String(), name+"_expires_at") {
		t.Fatalf("the sweep's query does not use the expires_at index:\n%s", plan.String())
	}
}

// TestGetAllocs checks that a hit into a buffer with room allocates no
// page-sized buffer (measured by allocs.MinPerRun, the smallest of several
// measurements after a warm-up, so that the client's background goroutines
// and a GC emptying its pools do not count): a 256 KiB entry read over and over allocates less
// than 4 KiB per Get (pgx's per-query state).
func TestGetAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	p := pool(t)
	ctx := context.Background()
	s, err := pgstore.New(ctx, p, table(t, p))
	if err != nil {
		t.Fatal(err)
	}
	storetest.GetAllocs(t, s, "allocs", 4<<10)
}
