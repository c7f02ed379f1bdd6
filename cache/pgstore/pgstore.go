// Package pgstore is a cache.Store on a PostgreSQL table, through jackc/pgx
// v5.
//
// The table (created by New when missing) is
//
//	CREATE UNLOGGED TABLE <table> (
//		key        text PRIMARY KEY,
//		entry      bytea NOT NULL,
//		expires_at timestamptz          -- NULL: no expiry
//	);
//	CREATE INDEX <table>_expires_at ON <table> (expires_at) WHERE expires_at IS NOT NULL;
//
// UNLOGGED because a cache can lose its rows in a crash: writes skip the
// write-ahead log, which makes them several times cheaper, and the table is
// emptied on crash recovery. Expiry uses the server's clock on both sides
// (Set writes now() + ttl, Get compares with now()), so the application's
// clocks do not matter. Get never returns an expired row; expired rows are
// deleted in batches through the expires_at index, never by a full scan, at
// most once per SweepEvery, started by a Set.
package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rowpage/rowpage/cache"
)

const (
	// SweepEvery is how often, at most, a Set starts deleting expired rows.
	SweepEvery = time.Minute
	// sweepBatch is how many expired rows one DELETE removes.
	sweepBatch = 1000
	// sweepTimeout bounds one background sweep.
	sweepTimeout = 30 * time.Second
)

// Store is the Store New returns; Sweep is its one method beyond
// cache.Store.
type Store struct {
	pool                    *pgxpool.Pool
	table                   string // quoted
	get, set, del, sweepSQL string
	lastSweep               atomic.Int64 // unix nanoseconds
	sweeping                atomic.Bool
}

// New returns a Store on the table named table (optionally
// schema-qualified, "schema.table"), creating the table and its index if
// missing. It costs a round trip or two, once.
func New(ctx context.Context, pool *pgxpool.Pool, table string) (cache.Store, error) {
	if table == "" {
		return nil, errors.New("pgstore: empty table name")
	}
	parts := strings.Split(table, ".")
	q := pgx.Identifier(parts).Sanitize()
	idx := pgx.Identifier{parts[len(parts)-1] + "_expires_at"}.Sanitize()
	s := &Store{
		pool:  pool,
		table: q,
		get:   `SELECT entry FROM ` + q + ` WHERE key = $1 AND (expires_at IS NULL OR expires_at > now())`,
		set: `INSERT INTO ` + q + ` (key, entry, expires_at) VALUES ($1, $2,
			CASE WHEN $3::bigint > 0 THEN now() + $3::bigint * interval '1 microsecond' END)
			ON CONFLICT (key) DO UPDATE SET entry = excluded.entry, expires_at = excluded.expires_at`,
		del: `DELETE FROM ` + q + ` WHERE key = $1`,
		sweepSQL: `DELETE FROM ` + q + ` WHERE ctid = ANY(ARRAY(SELECT ctid FROM ` + q +
			` WHERE expires_at <= now() ORDER BY expires_at LIMIT ` + fmt.Sprint(sweepBatch) + `))`,
	}
	ddl := `CREATE UNLOGGED TABLE IF NOT EXISTS ` + q + ` (key text PRIMARY KEY, entry bytea NOT NULL, expires_at timestamptz);
		CREATE INDEX IF NOT EXISTS ` + idx + ` ON ` + q + ` (expires_at) WHERE expires_at IS NOT NULL`
	// CREATE ... IF NOT EXISTS is not safe against itself: two sessions
	// creating one table at once can both pass the check, and the loser
	// fails on the table's row type or name. So pgstore's creators take a
	// transaction-level advisory lock on the table's name first, and the
	// one that comes second finds the table; the retry is for creators
	// that are not pgstore.
	var err error
	for range 3 {
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, "rowpage/pgstore "+q); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, ddl)
			return err
		})
		if err == nil || !isCreateRace(err) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("pgstore: creating table %s: %w", q, err)
	}
	s.lastSweep.Store(time.Now().UnixNano())
	return s, nil
}

// isCreateRace reports the errors of a concurrent CREATE ... IF NOT EXISTS:
// a unique violation in the catalog, or the table or its row type that
// now exists.
func isCreateRace(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "23505" || pe.Code == "42P07" || pe.Code == "42710")
}

// Get appends the entry to dst. The bytea arrives in binary format and is
// copied from the connection's buffer into dst, so a hit into a dst with
// room allocates nothing page-sized.
func (s *Store) Get(ctx context.Context, key string, dst []byte) ([]byte, bool, error) {
	rows, err := s.pool.Query(ctx, s.get, key)
	if err != nil {
		return dst, false, fmt.Errorf("pgstore: get %q: %w", key, err)
	}
	defer rows.Close()
	out, found := dst, false
	if rows.Next() {
		found = true
		if rows.FieldDescriptions()[0].Format == pgx.BinaryFormatCode {
			out = append(dst, rows.RawValues()[0]...)
		} else { // a pool set to a text-only exec mode: let pgx decode the hex
			var b []byte
			if err := rows.Scan(&b); err != nil {
				return dst, false, fmt.Errorf("pgstore: get %q: %w", key, err)
			}
			out = append(dst, b...)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return dst, false, fmt.Errorf("pgstore: get %q: %w", key, err)
	}
	return out, found, nil
}

// Set upserts the entry, and starts a background sweep when the last one
// is more than SweepEvery ago.
func (s *Store) Set(ctx context.Context, key string, entry []byte, ttl time.Duration) error {
	if entry == nil {
		entry = []byte{} // NOT NULL: an empty entry is still an entry
	}
	us := ttl.Microseconds()
	if ttl > 0 && us == 0 {
		us = 1
	}
	if _, err := s.pool.Exec(ctx, s.set, key, entry, us); err != nil {
		return fmt.Errorf("pgstore: set %q: %w", key, err)
	}
	if last := s.lastSweep.Load(); time.Since(time.Unix(0, last)) > SweepEvery && s.sweeping.CompareAndSwap(false, true) {
		s.lastSweep.Store(time.Now().UnixNano())
		go func() {
			defer s.sweeping.Store(false)
			ctx, cancel := context.WithTimeout(context.Background(), sweepTimeout)
			defer cancel()
			s.Sweep(ctx) // its failure is retried at the next sweep
		}()
	}
	return nil
}

func (s *Store) Delete(ctx context.Context, key string) error {
	if _, err := s.pool.Exec(ctx, s.del, key); err != nil {
		return fmt.Errorf("pgstore: delete %q: %w", key, err)
	}
	return nil
}

// Sweep deletes expired rows, 1,000 at a time through the expires_at
// index, until none are left, and returns how many it deleted. Each batch
// reads only the index entries of expired rows.
func (s *Store) Sweep(ctx context.Context) (int64, error) {
	var n int64
	for {
		tag, err := s.pool.Exec(ctx, s.sweepSQL)
		if err != nil {
			return n, fmt.Errorf("pgstore: sweep %s: %w", s.table, err)
		}
		n += tag.RowsAffected()
		if tag.RowsAffected() < sweepBatch {
			return n, nil
		}
	}
}
