// Package jsontext is the JSON tokenizer shared by jsonbridge.AppendPage
// (JSON text to a page) and rowpage.Builder.JSON (a JSON value, such as a
// JSON column of a SQL row, to a nested cell). It parses in one pass,
// without recursion and without allocating beyond its reusable scratch
// buffers, and hands every value to a Sink, which *rowpage.Builder drives
// through a small adapter in each caller. A page's sink may be a
// TaggedSink (jsonbridge's cell sink): the tokenizer then writes the
// arrays and objects of each cell itself, as the tagged values of the
// cell's column, and asks the sink only for their strings, keys and
// numbers other than short integers; keys it met before at the same
// place of a cell's structure it finds in a cache of its own.
//
// It accepts exactly the texts json.Valid accepts, decodes strings as
// json.Unmarshal does, keeps the exact text of every number that is not a
// short integer, and reports problems at a byte offset in encoding/json's
// words.
//
// Terminology:
//   - cell: the value of one key of a row, or the whole value of a value
//     page; it has depth 1 and may hold at most cellMax nested arrays and
//     objects.
//   - sink: what receives the values: a Sink for one value, a PageSink or
//     a TaggedSink for a page (both Pagers); a TaggedSink has no methods
//     for arrays and objects, only those of ScalarSink.
//   - tagged value: a value of a column of package pagebuild that holds
//     nested or mixed cells: a format value tag, then its payload; an
//     array's or object's count is four little-endian bytes, patched
//     when it closes, and each member's key comes before its value.
package jsontext
