// Package jsonbridge turns rowpage pages into wire JSON and JSON text into
// pages, without building maps in between.
//
// AppendJSON writes the JSON of a page straight from its bytes: keys are
// rendered once per call, strings whose table flags say they need no
// escaping are copied as they are, numbers and timestamps are formatted from
// their native form. The output is byte-identical to what json.Marshal
// writes for the values the page was built from. Options (HTML escaping, a
// subset of columns, a row range, an envelope around the rows) are frozen
// into a Mode.
//
// AppendPage parses JSON text with its own tokenizer and feeds the rows to
// the page builder directly, keeping key order and the exact text of every
// number.
package jsonbridge
