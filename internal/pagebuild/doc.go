// Package pagebuild builds pages: it collects rows into column accumulators,
// interns their strings, and writes the page, compressed if asked. It is the
// one seam through which every producer of pages writes: the root package's
// Marshal, Encoder and Builder, and through the Builder the JSON bridge's
// AppendPage and SQL ingestion (package sqlpage).
//
// # Terminology
//
//   - Builder: one page being built. Reset starts a page of a format.Kind;
//     rows are added with BeginRow, Key (or ColumnIndex and Use), a Column
//     append method per cell, and EndRow (or NullRow, or RepeatRow for a row
//     with the previous row's keys); Finish writes the page. Reset keeps
//     every buffer, so a steady stream of pages allocates nothing beyond
//     the output.
//   - Column: one key's cells. A column holds one native kind of cell
//     (CellKind) until a cell of another kind arrives; it then holds tagged
//     values (Tagged), as nested arrays and objects always are.
//   - Interner: the page's strings, each given a provisional id in order of
//     first appearance, mapped to its string table index as the page is
//     written.
//   - Deferred string: a string of a column whose strings have all been new
//     so far, given an id without a lookup and checked for repeats once,
//     before the page is written (Settle). The columns keep the ids they
//     were given; the writer maps a merged repeat's id with the rest.
//
// Nothing here validates a producer's calls: the root package's Builder
// checks their order and reports misuse; this package trusts its callers.
package pagebuild
