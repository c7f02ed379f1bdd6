package jsonwire

import "github.com/rowpage/rowpage/format"

// DateCache renders timestamps like AppendTimestampJSON, remembering the
// text of the dates it wrote: a direct-mapped table of dateSlots dates,
// indexed by day number. The date of a day never changes, so one cache
// serves every timestamp column of a page, and every page after it; the
// columns a cached page holds (created_at, updated_at) span a few hundred
// days at most, and all but the first timestamp of each day skip the
// calendar arithmetic. The zero value is ready (1.75 KB); a DateCache is
// not safe for concurrent use.
type DateCache struct {
	days  [dateSlots]uint32 // day number + 1 of the date in each slot, 0 = empty
	dates [dateSlots][10]byte
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

// putDate writes the date of day (YYYY-MM-DD, 10 bytes) at b[0:10], from
// the cache when it holds that day.
func (c *DateCache) putDate(b []byte, day uint32) {
	s := day % dateSlots
	if c.days[s] == day+1 {
		*(*[10]byte)(b[:10]) = c.dates[s]
		return
	}
	putDate(b, day)
	c.days[s] = day + 1
	c.dates[s] = *(*[10]byte)(b[:10])
}
