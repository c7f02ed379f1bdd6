package jsontext

// Sink receives the values of one JSON value in text order. Strings and keys
// are given as byte slices that stay valid until the Parser is next used:
// slices of the caller's text or of the Parser's scratch buffer. A sink that
// keeps them longer must copy them (rowpage.Builder.StringBytes does, the
// first time it sees a string). Number text is a valid JSON number that is
// not an integer of up to 18 digits (those go to Int).
//
// The Parser calls Err after each key, to tell a key the sink refused from
// one it took; every other method is called without checking.
type Sink interface {
	Null()
	Bool(v bool)
	Int(v int64)
	Number(text []byte)
	String(s []byte)
	Key(k []byte)
	BeginArray()
	EndArray()
	BeginObject()
	EndObject()
	Err() error
}

// PageSink is a Sink that also builds the page a whole JSON text describes:
// rows, a one-object page, or a one-value page (the methods of
// *rowpage.Builder with the same names). StartValue returns the Sink that
// takes the value of a one-value page, which may be the PageSink itself.
type PageSink interface {
	Sink
	StartRows()
	StartObject()
	StartValue() Sink
	BeginRow()
	EndRow()
	NullRow()
}

// DecimalSink is a Sink that takes numbers with a fraction or exponent
// with their digits read, so that it need not read the text again: text is
// ±mant × 10^exp with nd significant digits, as jsonwire.ScanDecimal reads
// it, or nd is -1 and mant 0 for more than 19 significant digits. The
// Parser calls Decimal instead of Number for such numbers when its sink is
// a DecimalSink.
type DecimalSink interface {
	Sink
	Decimal(text []byte, neg bool, mant uint64, nd, exp int)
}

// EmptySink is a Sink that takes an empty array or object in one call, for
// the empty lists and objects that API responses are full of ("tags": [],
// "blockIds": []): the Parser calls EmptyArray instead of BeginArray and
// EndArray, and EmptyObject instead of BeginObject and EndObject, when its
// sink is an EmptySink.
type EmptySink interface {
	Sink
	EmptyArray()
	EmptyObject()
}
