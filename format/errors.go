package format

import (
	"errors"
	"strconv"
)

// Sentinel errors. Callers branch on them with errors.Is; every error this
// package returns wraps exactly one of them in an *Error that says where.
var (
	// ErrCorrupt reports a page whose bytes break a rule of SPEC.md.
	ErrCorrupt = errors.New("rowpage: corrupt page")
	// ErrTruncated reports a page that ends before its structure does.
	ErrTruncated = errors.New("rowpage: truncated page")
	// ErrChecksum reports a page whose CRC-32C trailer does not match its bytes.
	ErrChecksum = errors.New("rowpage: checksum mismatch")
	// ErrUnsupported reports bytes that are not a page this reader understands:
	// another format (a JSON entry, for instance), an unknown major version, an
	// unknown header flag, kind or column encoding. Caches treat it as a miss.
	ErrUnsupported = errors.New("rowpage: unsupported format or version")
	// ErrLimit reports a page or a value that exceeds a configured limit.
	ErrLimit = errors.New("rowpage: limit exceeded")
	// ErrInvalidOption reports an option outside its documented range,
	// when options are frozen into a mode.
	ErrInvalidOption = errors.New("rowpage: invalid option")
	// ErrNonFinite reports NaN or an infinity given to AppendFloatCell: the
	// page format, like JSON, cannot hold them.
	ErrNonFinite = errors.New("rowpage: float is NaN or infinite")
	// ErrTimeRange reports a time given to TimestampOf that has no RFC 3339
	// form, exactly when time.Time.MarshalJSON fails.
	ErrTimeRange = errors.New("rowpage: time outside RFC 3339 range (year outside [0,9999] or zone offset hour outside [0,23])")
)

// Error describes what went wrong and where. Offset is the byte offset in the
// page (-1 when unknown); Row and Column are -1 when unknown. ColumnName is
// filled when the column's name could be read.
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

// Unwrap returns the sentinel and the cause, so errors.Is(err, ErrCorrupt)
// and errors.Is(err, cause) both work.
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
