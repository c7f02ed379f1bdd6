// Package jsonwire holds stateless JSON text primitives that the page
// renderers share: RFC 3339 timestamps as time.Time.MarshalJSON writes them
// (with DateCache, which remembers the dates of a page), raw JSON with HTML
// escaping, and the render budget (JSONStop, JSONLimitError).
//
// String escaping, integer digits and float text still live in package
// format, whose exported writer helpers (AppendQuoted, AppendFloat64JSON)
// use them; format may not import this package.
//
// internal/pageread, the root package and jsonbridge import it. It imports
// only format.
package jsonwire
