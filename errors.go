package rowpage

import (
	"errors"

	"github.com/rowpage/rowpage/format"
)

// Sentinel errors. Every error this package returns wraps one of them, so
// callers branch with errors.Is; the *Error around it says where.
var (
	// ErrCorrupt reports a page whose bytes break a rule of SPEC.md.
	ErrCorrupt = format.ErrCorrupt
	// ErrTruncated reports a page cut short.
	ErrTruncated = format.ErrTruncated
	// ErrChecksum reports a page whose CRC-32C does not match its bytes.
	ErrChecksum = format.ErrChecksum
	// ErrUnsupported reports bytes that are not a page this release reads: an
	// entry of another format (such as JSON), a newer major version, or an
	// unknown flag or encoding, or a page compressed with a dictionary the
	// reader was not given (DecOptions.Dictionaries). A cache should treat
	// it as a miss.
	ErrUnsupported = format.ErrUnsupported
	// ErrLimit reports input beyond a configured limit, such as a value
	// nested deeper than MaxDepth: that is also how Marshal reports a
	// cycle, which it meets as endless nesting.
	ErrLimit = format.ErrLimit
	// ErrInvalidOption reports options outside their documented ranges,
	// from EncOptions.EncMode, DecOptions.DecMode and the other packages'
	// Mode methods.
	ErrInvalidOption = format.ErrInvalidOption
	// ErrUnsupportedType reports a Go type or value that has no JSON form:
	// channels, functions, complex numbers, NaN and infinities,
	// unsupported map keys, times outside years 0-9999. (Cycles are
	// ErrLimit.)
	ErrUnsupportedType = errors.New("rowpage: unsupported type or value")
	// ErrInvalidJSON reports JSON text that is not valid, or that a
	// MarshalJSON method returned invalid.
	ErrInvalidJSON = errors.New("rowpage: invalid JSON")
	// ErrDecode reports a page value that does not fit the Go value it is
	// decoded into (a string into an int field, for example).
	ErrDecode = errors.New("rowpage: cannot decode value")
)

// Error is the error type of every failure: a sentinel (Err), an optional
// cause, and where it happened. Offset, Row and Column are -1 when unknown.
type Error = format.Error

func encodeError(kind error, msg string, cause error) *Error {
	return &Error{Err: kind, Msg: msg, Cause: cause, Offset: -1, Row: -1, Column: -1}
}
