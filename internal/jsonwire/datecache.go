package jsonwire

import "github.com/rowpage/rowpage/format"

// DateCache renders timestamps like AppendTimestampJSON, remembering the
// text of the dates it wrote: a direct-mapped table of dateSlots dates,
// indexed by day number. The date of a day never changes, so one cache
// serves every timestamp column of a page, and every page after it; the
// columns a cached page holds (created_at, updated_at) span a few hundred
// days at most, and all but the first timestamp of each day skip the
// calendar arithmetic. The zero value is ready (2 KB); a DateCache is
// not safe for concurrent use.
type DateCache struct {
	// slots holds a date in each 16-byte slot, copied with one move: its
	// text "YYYY-MM-DDT with the opening quote, then its day number + 1
	// (0 = empty) as a little-endian uint32, which the clock's text then
	// covers.
	slots [dateSlots][16]byte
}

// dateSlots is the number of dates a DateCache holds: a power of two.
const dateSlots = 128

// AppendTimestampJSON appends ts as a quoted RFC 3339 string, byte for byte
// as the package-level AppendTimestampJSON does. A timestamp that is not
// Valid takes the general path and leaves the cache as it is.
func (c *DateCache) AppendTimestampJSON(dst []byte, ts format.Timestamp) []byte {
	if !ts.Valid() {
		return AppendTimestampJSON(dst, ts)
	}
	return AppendValidTimestamp(dst, ts, true, c)
}
