package jsonwire

import (
	"math"
	"strconv"

	"github.com/rowpage/rowpage/format"
)

// A render's budget: the bytes of JSON one call may write
// (format.Limits.JSONBudget).

// JSONStop returns the length past which a buffer that held start bytes
// before a render has used budget bytes (math.MaxInt if that overflows).
func JSONStop(start, budget int) int {
	if budget > math.MaxInt-start {
		return math.MaxInt
	}
	return start + budget
}

// JSONLimitError is the format.ErrLimit error of a render that passed its budget
// of budget bytes, at row and column (-1 when unknown).
func JSONLimitError(budget, row, column int) *format.Error {
	return &format.Error{Err: format.ErrLimit, Msg: "the page's JSON passes MaxJSONBytes (" + strconv.Itoa(budget) +
		" bytes); raise Limits.MaxJSONBytes, or set it to -1 to remove the cap", Offset: -1, Row: row, Column: column}
}
