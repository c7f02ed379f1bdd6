// Package format is the wire layer of rowpage pages: grammar constants,
// primitives, cell types, header and checksum checks, Limits and errors.
//
// It is for tools that write or inspect pages at the byte level. Ordinary
// users want the root package, github.com/rowpage/rowpage, which builds,
// opens and decodes pages, and package jsonbridge, which renders them as
// JSON.
//
// SPEC.md is normative. Functions are stateless and allocate nothing beyond
// growing what they append to; Consume functions return a negative length
// (an ErrCode) instead of an error.
package format
