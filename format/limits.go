package format

import "math"

// Limits bound what a reader accepts, so that a hostile page costs no more than
// its size in memory and time. A zero field means its Default constant.
type Limits struct {
	MaxPageBytes   int // the page's size; 8 to 2^31-1
	MaxRows        int // rows; 1 to 2^31-1
	MaxColumns     int // distinct top-level keys; 1 to 2^24
	MaxStrings     int // string-table entries; 1 to 2^31-1
	MaxStringBytes int // one string, byte string, number or raw JSON text; 1 to 2^31-1
	MaxDepth       int // nesting of arrays and objects in a cell; 1 to MaxDepthLimit
	MaxShapes      int // distinct row shapes; 1 to 2^24
	// MaxJSONBytes caps the JSON text one call renders from a page (a whole
	// page, one cell, or the text handed to a json.Unmarshaler), since an
	// interned string is written once per reference and a hostile page could
	// expand without bound. Default JSONBytesPerByte × the page's size +
	// JSONBytesFree; 1 to math.MaxInt, or NoJSONCap. Exceeding it is ErrLimit.
	MaxJSONBytes int
}

// Default limits.
const (
	DefaultMaxPageBytes   = 1 << 30
	DefaultMaxRows        = 1 << 24
	DefaultMaxColumns     = 1 << 16
	DefaultMaxStrings     = 1 << 24
	DefaultMaxStringBytes = 1 << 28
	DefaultMaxDepth       = 1000
	DefaultMaxShapes      = 1 << 16
	MaxDepthLimit         = 10000   // the largest MaxDepth accepted
	JSONBytesPerByte      = 256     // the densest real pages render 100-200 bytes of JSON per byte
	JSONBytesFree         = 1 << 20 // added to JSONBytesPerByte × the page's size
	NoJSONCap             = -1      // as MaxJSONBytes, removes the cap
)

// FreeRows is the allowance of RowsFit beyond 8 rows per byte.
const FreeRows = 1024

// RowsFit reports whether a page of pageLen bytes may hold rows rows: at
// most 8 per byte plus FreeRows (SPEC.md 2.4).
func RowsFit(rows, pageLen int) bool { return uint64(rows) <= 8*uint64(pageLen)+FreeRows }

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	if l.MaxPageBytes == 0 {
		l.MaxPageBytes = DefaultMaxPageBytes
	}
	if l.MaxRows == 0 {
		l.MaxRows = DefaultMaxRows
	}
	if l.MaxColumns == 0 {
		l.MaxColumns = DefaultMaxColumns
	}
	if l.MaxStrings == 0 {
		l.MaxStrings = DefaultMaxStrings
	}
	if l.MaxStringBytes == 0 {
		l.MaxStringBytes = DefaultMaxStringBytes
	}
	if l.MaxDepth == 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxShapes == 0 {
		l.MaxShapes = DefaultMaxShapes
	}
	return l
}

// Check reports an error naming the first field outside its documented range.
func (l Limits) Check() error {
	type rng struct {
		name      string
		v, lo, hi int
	}
	for _, r := range []rng{
		{"MaxPageBytes", l.MaxPageBytes, HeaderSize, 1<<31 - 1},
		{"MaxRows", l.MaxRows, 1, 1<<31 - 1},
		{"MaxColumns", l.MaxColumns, 1, 1 << 24},
		{"MaxStrings", l.MaxStrings, 1, 1<<31 - 1},
		{"MaxStringBytes", l.MaxStringBytes, 1, 1<<31 - 1},
		{"MaxDepth", l.MaxDepth, 1, MaxDepthLimit},
		{"MaxShapes", l.MaxShapes, 1, 1 << 24},
		{"MaxJSONBytes", l.MaxJSONBytes, NoJSONCap, math.MaxInt}, // 0 is the default, as everywhere
	} {
		if r.v != 0 && (r.v < r.lo || r.v > r.hi) {
			return &Error{Err: ErrInvalidOption, Msg: "option " + r.name + " is out of range", Offset: -1, Row: -1, Column: -1}
		}
	}
	return nil
}

// JSONBudget is MaxJSONBytes for a page of pageLen bytes (MaxInt for none).
func (l Limits) JSONBudget(pageLen int) int {
	switch {
	case l.MaxJSONBytes == NoJSONCap:
		return math.MaxInt
	case l.MaxJSONBytes > 0:
		return l.MaxJSONBytes
	}
	if pageLen > (math.MaxInt-JSONBytesFree)/JSONBytesPerByte {
		return math.MaxInt
	}
	return JSONBytesPerByte*pageLen + JSONBytesFree
}
