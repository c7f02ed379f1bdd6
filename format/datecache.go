package format

// DateCache renders timestamps like AppendTimestampJSON, remembering the
// last date it wrote: a column of timestamps that fall on few distinct days
// (the usual created_at column) skips the calendar arithmetic for all but
// the first of each day. The zero value is ready; a DateCache is not safe
// for concurrent use.
type DateCache struct {
	days  int64
	valid bool
	date  [10]byte
}

// AppendTimestampJSON appends ts as a quoted RFC 3339 string, byte for byte
// as the package-level AppendTimestampJSON does.
func (c *DateCache) AppendTimestampJSON(dst []byte, ts Timestamp) []byte {
	days, secs := splitDays(ts.Local)
	dst = append(dst, '"')
	if c.valid && c.days == days {
		dst = append(dst, c.date[:]...)
	} else {
		n := len(dst)
		dst = appendDate(dst, days)
		c.valid = len(dst)-n == len(c.date)
		if c.valid {
			c.days = days
			copy(c.date[:], dst[n:])
		}
	}
	return append(appendClock(dst, secs, ts), '"')
}
