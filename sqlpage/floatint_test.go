package sqlpage_test

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestSQLFloatInts checks which REAL columns of the "integral floats"
// query become integral-float columns (SPEC.md 5.2): those whose every
// value is an integer within ±2^53. checkQuery (TestSQLSQLite) checks the
// same query's pages on every path and its JSON.
func TestSQLFloatInts(t *testing.T) {
	checkQueryEncodings(t, "integral floats", format.MinorFloatInt, map[string]uint8{
		"r":     format.EncFloatInt,
		"edge":  format.EncFloatInt | format.EncNullBitmap,
		"frac":  format.EncFloat,
		"over":  format.EncFloat,
		"twice": format.EncFloatInt,
		"total": format.EncFloatInt,
	})
}
