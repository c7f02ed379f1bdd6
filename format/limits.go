package format

import "math"

// Limits bound what a reader accepts, so that a hostile or damaged page can
// cost no more than its own size in memory and time. A zero field means the
// default. Every count in a page is also checked against the bytes that could
// hold it before anything is allocated for it.
type Limits struct {
	// MaxPageBytes caps the size of a page. Default 1 GiB; range 8 bytes to 2 GiB-1.
	MaxPageBytes int
	// MaxRows caps the row count. Default 16,777,216 (2^24); range 1 to 2^31-1.
	MaxRows int
	// MaxColumns caps the number of distinct top-level keys. Default 65,536; range 1 to 2^24.
	MaxColumns int
	// MaxStrings caps the string table's entry count. Default 16,777,216; range 1 to 2^31-1.
	MaxStrings int
	// MaxStringBytes caps the length of one string, byte string, number or raw
	// JSON text. Default 256 MiB; range 1 to 2^31-1.
	MaxStringBytes int
	// MaxDepth caps the nesting of arrays and objects inside a cell. Default
	// 1,000; range 1 to 10,000.
	MaxDepth int
	// MaxShapes caps the number of distinct row shapes. Default 65,536; range 1 to 2^24.
	MaxShapes int
	// MaxJSONBytes caps the JSON text one call renders from a page: a whole
	// page (jsonbridge's AppendJSON and WriteJSON, envelope included), one
	// cell (Row.AppendJSON, Elems.AppendJSON) or the text handed to a
	// json.Unmarshaler. A page legitimately expands into more JSON than its
	// size, since an interned string is written once per reference, but a
	// hostile page could expand without bound (a list in which every byte
	// refers to the same 16 KiB string), so the default is JSONBytesPerByte
	// times the page's size plus JSONBytesFree. Range 1 to math.MaxInt; -1 removes
	// the cap. Exceeding it is an ErrLimit error.
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
	// MaxDepthLimit is the largest MaxDepth accepted; deeper nesting would
	// need recursion deep enough to be a risk in itself.
	MaxDepthLimit = 10000
	// JSONBytesPerByte and JSONBytesFree make the default MaxJSONBytes of a
	// page of n bytes: JSONBytesPerByte*n + JSONBytesFree. The densest
	// legitimate pages (a bool column under a long key, a short list of
	// long interned strings in every row) expand to some 100 to 200 bytes
	// of JSON per page byte; 256 leaves room and still bounds the output,
	// and so the memory of a reader, by a constant times the page.
	JSONBytesPerByte = 256
	JSONBytesFree    = 1 << 20
	// NoJSONCap as MaxJSONBytes removes the cap.
	NoJSONCap = -1
)

// FreeRows is how many rows a page may hold beyond 8 per byte of page; see
// RowsFit.
const FreeRows = 1024

// RowsFit reports whether a page of pageLen bytes may hold rows rows
// (SPEC.md section 2.4): at most 8 per byte plus FreeRows. Every row that
// has a non-null cell costs at least a bit of some column, and every null
// row a byte of the row-shape section, so only rows that are all empty
// objects or whose every cell is in an all-null column can break the rule.
// It bounds what decoding a page can allocate per row by the page's size.
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

// JSONBudget returns how many bytes of JSON one call may render from a page
// of pageLen bytes under l (see MaxJSONBytes): math.MaxInt when uncapped.
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
