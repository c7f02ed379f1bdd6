package sqlpage

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/rowpage/rowpage/format"
)

// How SQL values become page values: the package documentation has the
// table that the functions below implement.

// sqlKind is how a column's cells are written.
type sqlKind uint8

const (
	kindSQLAuto    sqlKind = iota // by the Go type of the value
	kindSQLJSON                   // JSON text: nested values
	kindSQLNumeric                // decimal text: exact numbers
	kindSQLBinary                 // bytes
	kindSQLFloat32                // a float64 holding a float32
	kindSQLBool                   // bool, or SQLite's 0 and 1
	kindSQLText                   // text, even if the driver yields []byte
	kindSQLInt                    // integer (array elements, given as text)
	kindSQLFloat                  // float (array elements, given as text)
	kindSQLString                 // other array elements kept as text (uuid)
	kindSQLArray                  // PostgreSQL array text of elements of another kind
)

// sqlKindOf returns the kind of a column with database type name t and,
// for an array, the kind of its elements.
func sqlKindOf(t string) (kind, elem sqlKind) {
	if i := strings.IndexByte(t, '('); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	t = strings.ToUpper(t)
	if len(t) > 1 && t[0] == '_' {
		// pgx names an array type after its element type with a leading
		// underscore, as PostgreSQL's catalog does.
		if e := sqlElemKind(t[1:]); e != kindSQLAuto {
			return kindSQLArray, e
		}
		return kindSQLAuto, 0
	}
	switch t {
	case "JSON", "JSONB":
		return kindSQLJSON, 0
	case "NUMERIC", "DECIMAL":
		return kindSQLNumeric, 0
	case "BYTEA", "BLOB", "BINARY", "VARBINARY", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB":
		return kindSQLBinary, 0
	case "FLOAT4":
		return kindSQLFloat32, 0
	case "BOOL", "BOOLEAN":
		return kindSQLBool, 0
	case "CLOB", "XML":
		return kindSQLText, 0
	}
	if strings.Contains(t, "CHAR") || strings.Contains(t, "TEXT") {
		return kindSQLText, 0
	}
	return kindSQLAuto, 0
}

// sqlElemKind is the kind of a PostgreSQL array's elements of type t, or
// kindSQLAuto for element types whose arrays stay text.
func sqlElemKind(t string) sqlKind {
	switch t {
	case "INT2", "INT4", "INT8", "OID":
		return kindSQLInt
	case "FLOAT8":
		return kindSQLFloat
	case "UUID":
		return kindSQLString
	case "DATE", "TIMESTAMP", "TIMESTAMPTZ", "TIME", "TIMETZ", "INTERVAL", "BYTEA":
		return kindSQLAuto // their text is not the JSON a Go program writes
	}
	switch k, _ := sqlKindOf(t); k {
	case kindSQLJSON, kindSQLNumeric, kindSQLFloat32, kindSQLBool, kindSQLText:
		return k
	}
	return kindSQLAuto
}

// cell writes v, the driver's value for column c, as the next value.
func (s *sqlState) cell(c *sqlColumn, v any) {
	b := s.b
	switch x := v.(type) {
	case nil:
		b.Null()
	case string:
		s.text(c.kind, c.elem, x, nil)
	case []byte:
		s.text(c.kind, c.elem, "", x)
	case int64:
		if c.kind == kindSQLBool && (x == 0 || x == 1) {
			b.Bool(x == 1)
			return
		}
		b.Int(x)
	case float64:
		if c.kind == kindSQLFloat32 {
			s.st.Float32(x)
			return
		}
		b.Float(x)
	case bool:
		b.Bool(x)
	case time.Time:
		b.Time(x)
	default:
		s.other(v)
	}
}

// text writes a string value, given as s or, when b is not nil, as b,
// by its column's kind.
func (s *sqlState) text(kind, elem sqlKind, str string, b []byte) {
	bl := s.b
	switch kind {
	case kindSQLJSON:
		if b == nil {
			s.scratch = append(s.scratch[:0], str...)
			b = s.scratch
		}
		bl.JSON(b)
		return
	case kindSQLNumeric:
		switch {
		case b != nil:
			s.numberBytes(b)
		case floatText(str):
			f, _ := strconv.ParseFloat(str, 64) // cannot fail: floatText checked it
			bl.Float(f)
		case format.ValidNumber(str):
			bl.Number(str)
		default:
			bl.String(str) // NaN, Infinity, -Infinity
		}
		return
	case kindSQLBinary:
		if b == nil {
			s.scratch = append(s.scratch[:0], str...)
			b = s.scratch
		}
		bl.Bytes(b)
		return
	case kindSQLArray:
		if b == nil {
			s.scratch = append(s.scratch[:0], str...)
			b = s.scratch
		}
		if !s.array(elem, b) {
			bl.StringBytes(b)
		}
		return
	}
	if b != nil {
		if kind == kindSQLText {
			bl.StringBytes(b)
		} else {
			bl.Bytes(b)
		}
		return
	}
	bl.String(str)
}

// numberBytes writes decimal text held in bytes: as an exact number if it
// is valid JSON number text, else (NaN, Infinity) as a string.
func (s *sqlState) numberBytes(b []byte) {
	t := string(b) // t is not kept: no copy
	switch {
	case floatText(t):
		f, _ := strconv.ParseFloat(t, 64)
		s.b.Float(f)
	case format.ValidNumber(t):
		s.b.Number(t)
	default:
		s.b.StringBytes(b)
	}
}

// floatText reports whether s is exactly the text json.Marshal writes for
// the float64 nearest to it: plain decimal notation with a fraction, at
// most 15 significant digits (so that no shorter or nearer decimal names
// the same float64), no leading or trailing zero that json.Marshal would
// not write, and a magnitude from 1e-6 (below it json.Marshal uses an
// exponent). Builder.Number stores such text as a float after formatting
// the float to compare; for the decimal columns of SQL results, where most
// values look like this, the check is a cheap scan.
func floatText(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	for i < len(s) && s[i]-'0' <= 9 {
		i++
	}
	intLen := i - start
	if intLen == 0 || (intLen > 1 && s[start] == '0') || i == len(s) || s[i] != '.' || s[len(s)-1] == '0' {
		return false
	}
	frac := i + 1
	for i = frac; i < len(s); i++ {
		if s[i]-'0' > 9 {
			return false
		}
	}
	if i == frac {
		return false // "1."
	}
	sig := intLen + len(s) - frac
	if s[start] == '0' { // 0.000ddd: leading zeros are not significant
		z := frac
		for z < len(s) && s[z] == '0' {
			z++
		}
		if z-frac > 5 { // below 1e-6
			return false
		}
		sig = len(s) - z
	}
	return sig <= 15
}

// other writes a value of a Go type outside database/sql's driver.Value
// set, which some drivers yield: other integer and float types and
// json.RawMessage natively, anything else (a slice, a driver's own type)
// as Marshal writes it.
func (s *sqlState) other(v any) {
	b := s.b
	switch x := v.(type) {
	case int:
		b.Int(int64(x))
	case int32:
		b.Int(int64(x))
	case int16:
		b.Int(int64(x))
	case int8:
		b.Int(int64(x))
	case uint64:
		b.Uint(x)
	case uint32:
		b.Uint(uint64(x))
	case uint:
		b.Uint(uint64(x))
	case float32:
		s.st.Float32(float64(x))
	case json.RawMessage:
		b.JSON(x)
	default:
		b.Value(v)
	}
}
