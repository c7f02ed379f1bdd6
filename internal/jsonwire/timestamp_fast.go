package jsonwire

import "github.com/rowpage/rowpage/format"

// The renderer of valid timestamps, which every timestamp of a validated page
// is. Validity bounds every field, so the arithmetic runs on unsigned values
// counted from 0000-01-01 (divisions by constants become multiplications,
// with no sign fix-ups), and the text goes into a fixed-size window of dst
// two digits at a time. AppendTimestampText and DateCache use it for valid
// timestamps and keep the general code (timestamp.go) for the rest.

// put2 writes the two digits of v < 100 at b[0:2] (pairs).
func put2(b []byte, v uint32) {
	*(*[2]byte)(b[:2]) = pairs[v]
}

// maxTimestampText is the longest RFC 3339 text of a valid timestamp:
// YYYY-MM-DDThh:mm:ss.nnnnnnnnn+hh:mm.
const maxTimestampText = 35

// civilDate is the date of a day counted from 0000-01-01 (day 0) up to
// 9999-12-31: H. Hinnant's civil-from-days with the count shifted by one
// 400-year era, so that every intermediate value is a non-negative uint32.
func civilDate(day uint32) (year, month, dayOfMonth uint32) {
	// Days since -0400-03-01: 0000-03-01 is day 60 of year 0 (a leap year).
	z := day + 146097 - 60
	era := z / 146097
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365], from March 1
	mp := (5*doy + 2) / 153                                // [0, 11], March first
	dayOfMonth = doy - (153*mp+2)/5 + 1
	year = yoe + era*400 - 400
	if mp < 10 {
		return year, mp + 3, dayOfMonth
	}
	return year + 1, mp - 9, dayOfMonth
}

// putDate writes YYYY-MM-DD (10 bytes) at b[0:10].
func putDate(b []byte, day uint32) {
	y, m, d := civilDate(day)
	_ = b[9]
	put2(b[0:], y/100)
	put2(b[2:], y%100)
	b[4] = '-'
	put2(b[5:], m)
	b[7] = '-'
	put2(b[8:], d)
}

// putClock writes Thh:mm:ss, the fraction and the zone of a valid ts at
// b[0:], which holds at least 25 bytes, and returns the bytes written.
func putClock(b []byte, secs uint32, ts format.Timestamp) int {
	_ = b[24]
	h := secs / 3600
	rem := secs - h*3600
	m := rem / 60
	b[0] = 'T'
	put2(b[1:], h)
	b[3] = ':'
	put2(b[4:], m)
	b[6] = ':'
	put2(b[7:], rem-m*60)
	n := 9
	if d := int(ts.Digits); d > 0 {
		b[n] = '.'
		f := ts.Frac
		i := n + d
		for ; i > n+2; i -= 2 {
			put2(b[i-1:], f%100)
			f /= 100
		}
		if i == n+2 {
			put2(b[n+1:], f)
		} else if i == n+1 {
			b[n+1] = byte('0' + f)
		}
		n += 1 + d
	}
	if ts.Offset == 0 && !ts.ZeroPlus {
		b[n] = 'Z'
		return n + 1
	}
	zone := ts.Offset / 60 // truncated towards zero, like package time
	b[n] = '+'
	if zone < 0 {
		b[n] = '-'
		zone = -zone
	}
	put2(b[n+1:], uint32(zone/60))
	b[n+3] = ':'
	put2(b[n+4:], uint32(zone%60))
	return n + 6
}

// AppendValidTimestamp appends ts, which must be Valid, as RFC 3339 text,
// quoted when quote is set. With a non-nil cache, a date the cache holds is
// copied instead of computed.
func AppendValidTimestamp(dst []byte, ts format.Timestamp, quote bool, cache *DateCache) []byte {
	n := len(dst)
	if cap(dst)-n < maxTimestampText+2 {
		dst = append(dst, make([]byte, maxTimestampText+2)...)[:n]
	}
	b := dst[n : n+maxTimestampText+2]
	i := 0
	if quote {
		b[0] = '"'
		i = 1
	}
	u := uint64(ts.Local - format.TimeMinLocal) // seconds since 0000-01-01T00:00:00
	day := uint32(u / 86400)
	secs := uint32(u - uint64(day)*86400)
	if cache == nil {
		putDate(b[i:], day)
	} else {
		cache.putDate(b[i:], day)
	}
	i += 10
	i += putClock(b[i:], secs, ts)
	if quote {
		b[i] = '"'
		i++
	}
	return dst[:n+i]
}
