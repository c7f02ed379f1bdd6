// Package peers holds the ways a Go service might cache a page of rows, side
// by side: rowpage itself and the alternatives a Go developer would pick
// (the JSON text as it is, encoding/json decoding plus re-marshalling,
// CBOR, MessagePack with and without interned strings, and JSON compressed
// with zstd or S2). Each Codec says how to build its cache entry, how to
// serve a cache hit as the JSON response, and how to handle a miss.
//
// The rowpage command's bench subcommand times them; the package's own
// benchmarks (go test -bench . ./internal/peers) time the same functions
// for benchstat.
//
// # Terminology
//
//   - Entry: the bytes a codec stores in the cache for one page of rows.
//   - Hit: a request whose page is cached: the entry becomes the response,
//     the JSON text of the rows.
//   - Miss: a request whose page is not cached: the rows, as the
//     application holds them (structs or maps), become both the entry to
//     store and the response to send.
package peers
