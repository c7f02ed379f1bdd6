package format

import (
	"errors"
	"strconv"
)

// Sentinel errors. Callers branch on them with errors.Is; every error this
// package returns wraps exactly one of them in an *Error that says where.
var (
	ErrCorrupt       = errors.New("rowpage: corrupt page")                                                                           // bytes that break a rule of SPEC.md
	ErrTruncated     = errors.New("rowpage: truncated page")                                                                         // a page that ends before its structure does
	ErrChecksum      = errors.New("rowpage: checksum mismatch")                                                                      // a CRC-32C trailer that does not match
	ErrUnsupported   = errors.New("rowpage: unsupported format or version")                                                          // not a page this reader reads (JSON, a newer major version): a cache miss
	ErrLimit         = errors.New("rowpage: limit exceeded")                                                                         // a page or value beyond a Limits field
	ErrInvalidOption = errors.New("rowpage: invalid option")                                                                         // an option outside its documented range
	ErrNonFinite     = errors.New("rowpage: float is NaN or infinite")                                                               // from AppendFloatCell: pages, like JSON, hold finite numbers
	ErrTimeRange     = errors.New("rowpage: time outside RFC 3339 range (year outside [0,9999] or zone offset hour outside [0,23])") // from TimestampOf
)

// Error says what went wrong and where; Offset (in the page), Row and Column
// are -1 when unknown.
type Error struct {
	Err        error // one of the sentinels
	Cause      error // the underlying error, such as one from a MarshalJSON method, or nil
	Msg        string
	Offset     int
	Row        int
	Column     int
	ColumnName string
}

// Error formats the message as "rowpage: <kind>: <detail> at byte N (row R, column C "name")".
func (e *Error) Error() string {
	b := make([]byte, 0, 96)
	b = append(b, e.Err.Error()...)
	if e.Msg != "" {
		b = append(b, ": "...)
		b = append(b, e.Msg...)
	}
	if e.Offset >= 0 {
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
	}
	if e.Row >= 0 || e.Column >= 0 {
		b = append(b, " ("...)
		if e.Row >= 0 {
			b = append(b, "row "...)
			b = strconv.AppendInt(b, int64(e.Row), 10)
			if e.Column >= 0 {
				b = append(b, ", "...)
			}
		}
		if e.Column >= 0 {
			b = append(b, "column "...)
			b = strconv.AppendInt(b, int64(e.Column), 10)
			if e.ColumnName != "" {
				b = append(b, ' ')
				b = strconv.AppendQuote(b, e.ColumnName)
			}
		}
		b = append(b, ')')
	}
	if e.Cause != nil {
		b = append(b, ": "...)
		b = append(b, e.Cause.Error()...)
	}
	return string(b)
}

// Unwrap returns the sentinel and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// errTimeRange is TimestampOf's error, built only on the error path.
func errTimeRange() error { return errAt(ErrTimeRange, -1, "") }

// errAt builds an *Error at a byte offset with no row or column.
func errAt(kind error, off int, msg string) *Error {
	return &Error{Err: kind, Msg: msg, Offset: off, Row: -1, Column: -1}
}
