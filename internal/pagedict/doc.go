// Package pagedict holds compression dictionaries for pages (SPEC.md 2.6):
// the serialized form, its id, training from sample sections, and the zstd
// and S2 state that writers (pagebuild) and readers (pageread) use with one.
// It imports only format, so both sides share one Dict.
package pagedict
