package jsonwire

import "github.com/rowpage/rowpage/format"

// DateCache renders timestamps like AppendTimestampJSON, remembering the
// text of the dates it wrote: a direct-mapped table of dateSlots dates,
// indexed by day number. The date of a day never changes, so one cache
// serves every timestamp column of a page, and every page after it; the
// columns a cached page holds (created_at, updated_at) span a few hundred
// days at most, and all but the first timestamp of each day skip the
// calendar arithmetic. The zero value is ready (2.5 KB); a DateCache is
// not safe for concurrent use.
type DateCache struct {
	days [dateSlots]uint32 // day number + 1 of the date in each slot, 0 = empty
	// dates holds each slot's YYYY-MM-DDT in a 16-byte block, copied with
	// one move; the last 5 bytes are slack.
	dates [dateSlots][16]byte
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

// fill writes YYYY-MM-DDT for day at b[0:11], computing the date, and when
// c is not nil keeps it in day's slot; b[11:16] is slack. It is the miss
// path of AppendTimeFieldsJSON, which copies a date c holds itself.
func (c *DateCache) fill(b *[16]byte, day uint32) {
	putDate(b[:10], day)
	b[10] = 'T'
	if c != nil {
		s := day % dateSlots
		c.days[s] = day + 1
		c.dates[s] = *b
	}
}
