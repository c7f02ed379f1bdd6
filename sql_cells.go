package rowpage

import (
	"math"
	"time"

	"github.com/rowpage/rowpage/format"
)

// The direct path for the cells most results are made of. An SQL result
// writes the same keys in the same order in every row, and each cell is one
// scalar of a Go type the driver chooses from a short list, so the checks
// the Builder makes for every value (a started page, an open row, a pending
// key, the nesting stack) hold by construction here. fastCell writes such a
// cell straight into the page's column, as the Builder method it stands in
// for would; everything else (JSON, arrays, Go types outside the list, and
// any value that is an error) goes through the Builder as before, so errors
// and their positions do not change. TestSQLFastMatchesBuilder compares the
// pages of the two paths byte for byte.

// fastCell writes v, the driver's value for column c, into col, the page
// column the current row has just opened for it. It reports false, having
// written nothing, for a value it leaves to the Builder. Cost: one type
// switch and the column append; a string is interned.
func (s *sqlState) fastCell(c *sqlColumn, col *column, v any) bool {
	switch x := v.(type) {
	case nil:
		col.appendNull()
	case string:
		switch c.kind {
		case kindSQLAuto, kindSQLText:
			col.appendStr(s.b.e.b.in.intern(x))
		case kindSQLNumeric:
			return s.fastNumeric(col, x)
		default:
			return false
		}
	case []byte:
		s.scanBytes(c.src)
		switch c.kind {
		case kindSQLText:
			col.appendStr(s.b.e.b.in.internBytes(x))
		case kindSQLAuto, kindSQLBinary:
			col.appendBlob(kindBytes, x)
		case kindSQLNumeric:
			return s.fastNumeric(col, string(x)) // not kept: no copy
		default:
			return false
		}
	case int64:
		if c.kind == kindSQLBool {
			return false
		}
		col.appendInt(x)
	case float64:
		if c.kind == kindSQLFloat32 || math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
		_ = col.appendFloat(x, 64) // cannot fail: x is finite
	case bool:
		col.appendBool(x)
	case time.Time:
		ts, err := format.TimestampOf(x)
		if err != nil {
			return false
		}
		col.appendTime(ts)
	default:
		return false
	}
	return true
}

// fastNumeric writes NUMERIC text that is a plain decimal (see
// plainDecimal) as Builder.Number would: a float when the text is exactly
// json.Marshal's text of that float, else the text itself. It reports
// false for other text, which the Builder writes.
func (s *sqlState) fastNumeric(col *column, t string) bool {
	f, ok, plain := plainDecimal(t)
	switch {
	case ok:
		_ = col.appendFloat(f, 64) // cannot fail: f is finite
	case plain:
		s.scratch = append(s.scratch[:0], t...)
		col.appendBlob(kindNumber, s.scratch)
	default:
		return false
	}
	return true
}
