// Package cache serves query results ("pages" of rows) from a byte store,
// as rowpage pages, with the freshness rules a SQL-backed endpoint needs.
//
// # Terminology
//
//   - Store: a byte store (Get, Set, Delete) shared by every process of an
//     application. NewMemory is the in-process one; sub-packages redisstore
//     and pgstore hold the Redis and PostgreSQL ones, so that importing this
//     package pulls in no client library.
//   - Key: what names a query's result: the tenant (connection, organization
//     or database), the scope (row-level-security group or role), the SQL
//     and its arguments. Cache.StoreKey turns it into the store's key.
//   - Entry: what the store holds under a store key: a small header with the
//     entry's freshness (fresh until, stale until), then the page.
//   - Hit, Stale, Miss: a page served fresh from the store; served from the
//     store past its TTL but within the stale window, while one background
//     refresh runs; or loaded by the caller's Loader.
//
// # Costs
//
// A hit costs one store Get into a pooled buffer, the key's encoding and a
// lookup of its store key among those of the keys asked for lately (a
// SHA-256 and a string when it is not there) and one look at the entry's
// 20-byte header (Get also validates the page
// with rowpage.Open); ServeJSON then renders the page's JSON straight
// from the entry (jsonbridge), into a pooled buffer for small pages or in
// chunks for large ones, so that a hit from the memory store allocates no
// page-sized buffer. A miss costs one load per key however many callers
// wait for it (singleflight), one store Set, and the copy of the page into
// the entry.
//
// # Failures
//
// The store is a cache, never the source of truth: a store that fails or
// is slower than Options.StoreTimeout is reported to Options.Observe (and
// Options.Logger) and the request is served from the loader; the cache
// then leaves the store alone for Options.StoreRetry, so that a store that
// is down costs one timeout per retry period, not one per request. An
// entry that is not one of ours (old JSON, another format, a damaged page)
// is a miss and is overwritten. A loader that fails while a stale entry
// exists serves the stale entry and reports the error.
package cache
