package pageread

import (
	"strconv"

	"github.com/rowpage/rowpage/format"
)

// errAt builds a *format.Error at a byte offset with no row or column.
func errAt(kind error, off int, msg string) *format.Error {
	return &format.Error{Err: kind, Msg: msg, Offset: off, Row: -1, Column: -1}
}

// varintErr turns a negative Consume code into the matching error.
func varintErr(code int, off int, what string) *format.Error {
	switch code {
	case format.ErrCodeTruncated:
		return errAt(format.ErrTruncated, off, what+" runs past the end of its section")
	case format.ErrCodeNonMinimal:
		return errAt(format.ErrCorrupt, off, what+" is a non-minimal varint")
	case format.ErrCodeOverflow:
		return errAt(format.ErrCorrupt, off, what+" overflows 64 bits")
	default:
		return errAt(format.ErrCorrupt, off, what+" is invalid")
	}
}

func itoa(v int) string    { return strconv.Itoa(v) }
func utoa(v uint64) string { return strconv.FormatUint(v, 10) }
