package jsonwire

import "github.com/rowpage/rowpage/format"

// AppendTimestampJSON appends ts as a quoted RFC 3339 string: for
// ts = TimestampOf(t) the bytes of t.MarshalJSON(). See AppendTimestampText.
func AppendTimestampJSON(dst []byte, ts format.Timestamp) []byte {
	if ts.Valid() {
		return AppendValidTimestamp(dst, ts, true, nil)
	}
	return append(AppendTimestampText(append(dst, '"'), ts), '"')
}

// AppendTimestampText appends ts as RFC 3339 text without quotes:
// "YYYY-MM-DDThh:mm:ss", then "." and exactly Digits digits of Frac when
// Digits > 0, then "Z" when Offset is 0 (without ZeroPlus) or else "±HH:MM" with the offset
// truncated towards zero to whole minutes, as package time writes it (so an
// offset of 30 seconds gives "+00:00"). It uses its own calendar arithmetic:
// about 25ns, no allocation beyond growing dst. If ts is not Valid the
// output is not RFC 3339 (years print with more digits or a sign, for
// instance) but the call does not panic.
func AppendTimestampText(dst []byte, ts format.Timestamp) []byte {
	if ts.Valid() {
		return AppendValidTimestamp(dst, ts, false, nil)
	}
	return appendTimestampAny(dst, ts)
}

// appendTimestampAny is AppendTimestampText for any ts, valid or not, in
// signed arithmetic; for valid timestamps AppendValidTimestamp writes the
// same bytes faster.
func appendTimestampAny(dst []byte, ts format.Timestamp) []byte {
	days, secs := splitDays(ts.Local)
	return appendClock(appendDate(dst, days), secs, ts)
}

// splitDays splits local seconds into days since 1970-01-01 and seconds of
// the day.
func splitDays(local int64) (days, secs int64) {
	days = local / 86400
	secs = local % 86400
	if secs < 0 {
		days--
		secs += 86400
	}
	return days, secs
}

// appendDate appends YYYY-MM-DD for a day number.
func appendDate(dst []byte, days int64) []byte {
	y, m, d := civilFromDays(days)
	if y >= 0 && y <= 9999 {
		dst = append(dst, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10))
	} else {
		dst = appendPadded(dst, y, 4)
	}
	return append(dst, '-', byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d/10), byte('0'+d%10))
}

// appendClock appends Thh:mm:ss, the fraction and the offset.
func appendClock(dst []byte, secs int64, ts format.Timestamp) []byte {
	hh, mm, ss := secs/3600, secs/60%60, secs%60
	dst = append(dst, 'T', byte('0'+hh/10), byte('0'+hh%10), ':', byte('0'+mm/10), byte('0'+mm%10),
		':', byte('0'+ss/10), byte('0'+ss%10))
	if n := int(ts.Digits); n > 0 {
		var buf [16]byte
		buf[0] = '.'
		f := ts.Frac
		for i := min(n, len(buf)-1); i > 0; i-- {
			buf[i] = byte('0' + f%10)
			f /= 10
		}
		dst = append(dst, buf[:min(n, len(buf)-1)+1]...)
	}
	if ts.Offset == 0 && !ts.ZeroPlus {
		return append(dst, 'Z')
	}
	zone := int64(ts.Offset / 60) // truncated towards zero, like package time
	sign := byte('+')
	if zone < 0 {
		sign, zone = '-', -zone
	}
	if h := zone / 60; h < 100 {
		dst = append(dst, sign, byte('0'+h/10), byte('0'+h%10))
	} else {
		dst = appendPadded(append(dst, sign), h, 2)
	}
	return append(dst, ':', byte('0'+zone%60/10), byte('0'+zone%60%10))
}

// appendPadded writes v in decimal with at least width digits, with a
// leading '-' when negative, like package time's appendInt. Only invalid
// timestamps reach it.
func appendPadded(dst []byte, v int64, width int) []byte {
	u := uint64(v)
	if v < 0 {
		dst = append(dst, '-')
		u = -u
	}
	var buf [20]byte
	i := len(buf)
	for u >= 10 || width > 1 {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
		width--
	}
	i--
	buf[i] = byte('0' + u)
	return append(dst, buf[i:]...)
}

// civilFromDays converts days since 1970-01-01 to a proleptic Gregorian
// date (H. Hinnant's algorithm: years counted from March, 400-year eras).
func civilFromDays(days int64) (year, month, day int64) {
	z := days + 719468 // days since 0000-03-01
	era := z / 146097
	if z%146097 < 0 {
		era--
	}
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365]
	mp := (5*doy + 2) / 153                                // [0, 11], March first
	day = doy - (153*mp+2)/5 + 1
	month = mp + 3
	year = yoe + era*400
	if month > 12 {
		month -= 12
		year++
	}
	return year, month, day
}
