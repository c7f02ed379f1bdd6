// Package jsonwire holds the stateless JSON text primitives that page
// writers and renderers share, each writing exactly what encoding/json
// writes: quoted strings (AppendQuoted, with StringFlags and the plain-byte
// sweep PlainPrefix that string tables use), integers (AppendInt,
// AppendUint), floats (AppendFloat64JSON, and AppendFloatJSON for a float
// cell), RFC 3339 timestamps as time.Time.MarshalJSON writes them (with
// DateCache, which remembers the dates of a page, and ParseTimestamp, their
// inverse), raw JSON (AppendRawJSON, JSONDepth, ValidCompactJSON), the
// render budget (JSONStop, JSONLimitError) and the literals as words
// (NullWord, TrueWord, FalseWord).
//
// It imports only format; internal/jsontext, internal/pageread,
// internal/pagebuild, the root package and jsonbridge import it.
package jsonwire
