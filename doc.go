// Package rowpage stores pages of rows (the result of a list or SQL query)
// in a compact, columnar binary form made to be cached, and reads them back
// fast: typed and without allocating per row, into maps and structs, or, with
// package jsonbridge, straight to the JSON that json.Marshal would have
// written for the same values.
//
// # Terminology
//
//   - Page: the bytes one Marshal call produces; what a cache stores. SPEC.md
//     defines them byte by byte.
//   - Row: one JSON object of the page's top-level array. Rows may differ in
//     their keys and key order; a row may also be null.
//   - Column: every value of one top-level key across the rows, stored
//     together with one encoding (integers as varints or deltas, strings as
//     string-table indexes, and so on).
//   - Cell: one row's value for one column. A cell is present or absent (the
//     row lacks the key), and a present cell may be null.
//   - Shape: the ordered list of keys a row has. Rows with the same keys in
//     the same order share a shape; the page stores each shape once.
//   - String table: each distinct string of the page (keys and values) stored
//     once, reachable by index in O(1), with a mark saying whether it needs
//     JSON escaping.
//   - Document page: a page holding one JSON object or value instead of an
//     array of rows (a session, a schema, a single record).
//
// # Producers
//
// Marshal and Encoder take Go values (structs, maps, slices, as json.Marshal
// does); sqlpage.AppendSQL takes *sql.Rows as the driver yields them, typed
// by the result's ColumnTypes; jsonbridge.AppendPage takes JSON text; a Builder
// takes values one call at a time. All four share one encoder, so that
// equivalent values give the same page.
//
// # Costs
//
// Marshal walks the values once, interning strings in a map, and writes the
// page in one pass; an Encoder reused across pages allocates only the output.
// Open validates the whole page (checksum, every section and every cell)
// before returning, so that iteration and decoding read without further
// checks; it allocates in proportion to the column count. (The string
// table's JSON escaping flags are checked by the JSON transcoder, the only
// reader that relies on them.) Rows
// allocates once per iteration, never per row.
//
// # Errors
//
// Errors wrap one of the sentinels (ErrCorrupt, ErrTruncated, ErrChecksum,
// ErrUnsupported, ErrLimit, ErrInvalidOption, ErrUnsupportedType,
// ErrInvalidJSON, ErrDecode, ErrDuplicateKey from a Builder,
// sqlpage.ErrMoreRows from sqlpage.AppendSQL) in an *Error that names the
// byte offset, row and column where known. A cache
// that meets ErrUnsupported (another format, or a page from a newer release)
// should treat the entry as a miss.
//
// # Packages
//
// This package encodes and decodes Go values. Package format is the public
// wire layer (grammar, primitives, limits, errors); package jsonbridge turns
// pages into JSON text and JSON text into pages; package sqlpage turns
// database/sql rows into pages; package cache serves pages from a store,
// with stores for Redis and PostgreSQL in its sub-packages; package seal
// encrypts entries at rest. Dependencies point one way: format at the
// bottom, internal packages that read and build pages above it, this
// package above them, and jsonbridge, sqlpage and cache on top.
// ARCHITECTURE.md in the repository names every package and arrow.
package rowpage
