// Package dataset generates deterministic, realistic pages of rows for
// benchmarks, tests and the command-line tools.
//
// Six datasets are provided, each with a different flavour (see [Sets]):
//
//   - [Row]: the result of a list query that a web backend would cache: ids,
//     timestamps (some with milliseconds or non-UTC offsets), short and long
//     text (some needing JSON escapes), small enums, string lists, counters,
//     money-like and arbitrary floats, and a mostly-null pointer. About 800 bytes
//     of JSON per row.
//   - [Event]: a GitHub-events-like log line with nested objects and a
//     payload whose shape depends on the event type.
//   - [SparseMaps]: heterogeneous rows whose key sets differ and whose
//     values switch type between rows, for testing pages without a fixed
//     schema.
//   - [BaaSDoc]: backend-as-a-service documents ($id, $permissions with
//     quoted arguments, +00:00 millisecond timestamps kept as strings).
//   - [AnalyticsRow]: analytics SQL rows with a nested struct for a JSON
//     column, money mixing 12 and 12.5, nanosecond timestamps.
//   - [HeteroMaps]: rows no schema describes, with the text, numbers and
//     nesting that JSON encoders get wrong, and JSON text ([HeteroJSON])
//     whose key order changes from row to row.
//
// # Terminology
//
// Native form: a []map[string]any built the way a Go program would build it
// by hand, holding int64, int, time.Time, []string, float64, bool and nil.
// See [Maps].
//
// Generic form: a []map[string]any exactly as encoding/json.Unmarshal
// produces it, holding only float64, string, bool, nil, []any and
// map[string]any. See [GenericMaps] and [EventMaps].
//
// # Determinism
//
// Every generator draws from math/rand/v2 PCG sources with fixed seeds, so
// the output depends only on n, and every sequence is prefix-stable:
// Rows(5) equals Rows(10)[:5], and likewise for every other generator.
// Each call generates from scratch and returns fresh values that the caller
// may modify. Generation is linear in n; 5,000 rows take a few milliseconds.

package dataset
