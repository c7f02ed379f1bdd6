package format

// DateCache renders timestamps like AppendTimestampJSON, remembering the
// last date it wrote: a column of timestamps that fall on few distinct days
// (the usual created_at column) skips the calendar arithmetic for all but
// the first of each day. The zero value is ready; a DateCache is not safe
// for concurrent use.
type DateCache struct {
	day   uint32 // days since 0000-01-01 of date
	valid bool
	date  [10]byte
}

// AppendTimestampJSON appends ts as a quoted RFC 3339 string, byte for byte
// as the package-level AppendTimestampJSON does. A timestamp that is not
// Valid takes the general path and leaves the cache as it is.
func (c *DateCache) AppendTimestampJSON(dst []byte, ts Timestamp) []byte {
	if !ts.Valid() {
		return AppendTimestampJSON(dst, ts)
	}
	return appendValidTimestamp(dst, ts, true, c)
}
