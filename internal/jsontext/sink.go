package jsontext

// ScalarSink receives the scalars and keys of JSON text in text order.
// Strings and keys are given as byte slices that stay valid until the
// Parser is next used: slices of the caller's text or of the Parser's
// scratch buffer. A sink that keeps them longer must copy them
// (rowpage.Builder.StringBytes does, the first time it sees a string).
// Number text is a valid JSON number that is not an integer of up to 18
// digits (those go to Int), nor, for a DecimalSink, one whose digits the
// Parser has read (those go to Decimal or BigInt).
//
// The Parser calls Err after each key, to tell a key the sink refused from
// one it took; every other method is called without checking.
type ScalarSink interface {
	Null()
	Bool(v bool)
	Int(v int64)
	Number(text []byte)
	String(s []byte)
	Key(k []byte)
	Err() error
}

// Sink is a ScalarSink that also receives the arrays and objects of one
// JSON value, each as a Begin and an End call around its members.
type Sink interface {
	ScalarSink
	BeginArray()
	EndArray()
	BeginObject()
	EndObject()
}

// Pager is what builds the page a whole JSON text describes: rows, a
// one-object page, or a one-value page (the methods of *rowpage.Builder
// with the same names), with the scalars and keys of its rows and object.
// StartValue returns the Sink that takes the value of a one-value page.
// A Pager is either a PageSink, which also takes the arrays and objects
// of the cells, or a TaggedSink, for which the Parser writes them itself.
type Pager interface {
	ScalarSink
	StartRows()
	StartObject()
	StartValue() Sink
	BeginRow()
	EndRow()
	NullRow()
}

// PageSink is a Pager that takes the arrays and objects of the cells
// through the methods of Sink.
type PageSink interface {
	Pager
	Sink
}

// DecimalSink is a ScalarSink that takes the numbers whose digits the
// Parser has read with their digits, so that it need not read the text
// again. The Parser calls Decimal or BigInt instead of Number for them
// when its sink is a DecimalSink:
//
//   - Decimal, for a number with a fraction or exponent: text is ±mant ×
//     10^exp with nd significant digits, as jsonwire.ScanDecimal reads it,
//     or nd is -1 and mant 0 for more than 19 significant digits.
//   - BigInt, for an integer of 19 or 20 digits that fits a uint64 (not
//     negative) or an int64 (negative): text is the integer, of magnitude
//     u, negative if neg. Longer integers, and those out of range, still
//     go to Number.
type DecimalSink interface {
	ScalarSink
	Decimal(text []byte, neg bool, mant uint64, nd, exp int)
	BigInt(text []byte, neg bool, u uint64)
}
