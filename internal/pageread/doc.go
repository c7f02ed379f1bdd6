// Package pageread reads pages: it validates a page once (header,
// checksum, every section, every cell, against format.Limits) into a
// Layout, and then walks it without re-checking.
//
// It owns the page reader machinery that package format, the public wire
// layer, leaves out: Layout and Parse, the column Cursor and its checked
// Take methods for deferred validation (ResetDeferred, CheckDeferred,
// DeferredGood), ShapeReader and ValueReader, the string table view and its
// flag verification, the inflation of compressed pages, the rendering of
// cells to JSON (through package jsonwire), and Inspect and Sections, which
// describe a page for the rowpage command.
//
// Terminology: a Layout "trusts" its page once Parse has accepted it; a
// Cursor reads cells with no checks beyond Go's bounds checks. A column is
// "deferred" when ResetDeferred left its cells to the checked Take methods.
//
// The root package (rowpage), jsonbridge, the rowpage command and the fuzz
// tests import it. It imports format and internal/jsonwire, never them.
package pageread
