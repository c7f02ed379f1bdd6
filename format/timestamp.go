package format

import (
	"time"
)

// Timestamps are stored as the wall clock they display, so that they render
// as RFC 3339 text byte for byte like time.Time.MarshalJSON:
//
//	text := YYYY "-" MM "-" DD "T" hh ":" mm ":" ss [ "." 1*9DIGIT ] ( "Z" | ("+"|"-") HH ":" MM )
//
// Years run 0000 to 9999 in the value's own zone, and the zone offset is
// below 24 hours in magnitude: the values time.Time.MarshalJSON accepts.

// Local-time bounds of RFC 3339 text, in seconds since 1970-01-01T00:00:00.
const (
	TimeMinLocal  = -62167219200 // 0000-01-01T00:00:00
	TimeMaxLocal  = 253402300799 // 9999-12-31T23:59:59
	TimeMaxOffset = 86399        // largest |offset| in seconds (hour 23)
)

// Timestamp is a time as a page stores it. Local is the wall clock in the
// value's own zone as seconds since 1970-01-01T00:00:00 (Unix seconds plus
// Offset). Frac is the value of the Digits fractional-second digits that are
// written (Frac < 10^Digits, Digits 0 to 9), so ".500" is Frac 500, Digits
// 3. Offset is the zone in seconds east of UTC, |Offset| <= 86399.
type Timestamp struct {
	Local  int64
	Frac   uint32
	Digits uint8
	Offset int32
}

// pow10u32[k] = 10^k.
var pow10u32 = [...]uint32{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000}

// TimestampOf returns t as a Timestamp. Digits is the number of fractional
// digits time.RFC3339Nano writes (trailing zeros trimmed). It returns
// ErrTimeRange exactly when t.MarshalJSON fails: the year in t's zone is
// outside [0, 9999] or the zone offset is 24 hours or more. Cost: a few
// arithmetic operations and t.Zone(); no allocation.
func TimestampOf(t time.Time) (Timestamp, error) {
	_, off := t.Zone()
	unix := t.Unix()
	if off < -TimeMaxOffset || off > TimeMaxOffset || unix < TimeMinLocal-TimeMaxOffset || unix > TimeMaxLocal+TimeMaxOffset {
		return Timestamp{}, errTimeRange()
	}
	local := unix + int64(off)
	if local < TimeMinLocal || local > TimeMaxLocal {
		return Timestamp{}, errTimeRange()
	}
	ts := Timestamp{Local: local, Offset: int32(off)}
	if ns := uint32(t.Nanosecond()); ns != 0 {
		d := uint8(9)
		for ns%10 == 0 {
			ns /= 10
			d--
		}
		ts.Frac, ts.Digits = ns, d
	}
	return ts, nil
}

// Time returns the instant ts denotes, in time.UTC when Offset is 0 and
// otherwise in an unnamed time.FixedZone (which allocates one Location).
// The result is unspecified, but Time does not panic, when ts is not Valid.
func (ts Timestamp) Time() time.Time {
	var ns int64
	if ts.Digits <= 9 {
		ns = int64(ts.Frac) * int64(pow10u32[9-ts.Digits])
	}
	t := time.Unix(ts.Local-int64(ts.Offset), ns)
	if ts.Offset == 0 {
		return t.UTC()
	}
	return t.In(time.FixedZone("", int(ts.Offset)))
}

// Valid reports whether ts has an RFC 3339 form: Local from
// 0000-01-01T00:00:00 to 9999-12-31T23:59:59, Digits <= 9,
// Frac < 10^Digits and |Offset| <= 86399. Constant time.
func (ts Timestamp) Valid() bool {
	return ts.Local >= TimeMinLocal && ts.Local <= TimeMaxLocal &&
		ts.Digits <= 9 && ts.Frac < pow10u32[ts.Digits%10] &&
		ts.Offset >= -TimeMaxOffset && ts.Offset <= TimeMaxOffset
}

// daysFromCivil returns the days since 1970-01-01 of a proleptic Gregorian
// date, for 1 <= month <= 12.
func daysFromCivil(year, month, day int64) int64 {
	if month <= 2 {
		year--
		month += 12
	}
	era := year / 400
	if year%400 < 0 {
		era--
	}
	yoe := year - era*400                  // [0, 399]
	doy := (153*(month-3)+2)/5 + day - 1   // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// ParseTimestamp parses RFC 3339 text as AppendTimestampText writes it and
// accepts nothing else, so that AppendTimestampText(dst, ts) reproduces
// text byte for byte: "YYYY-MM-DDThh:mm:ss[.d{1,9}](Z|±HH:MM)" with a real
// calendar date (leap years included), hours 00-23, minutes and seconds
// 00-59 (no leap second), upper-case T and Z, offset hours 00-23 and
// minutes 00-59, and neither "+00:00" nor "-00:00" (offset 0 is written Z).
// Fractional digits keep their count: ".500" gives Frac 500, Digits 3.
// Linear in len(text), no allocation.
func ParseTimestamp(text []byte) (Timestamp, bool) {
	if len(text) < len("0000-00-00T00:00:00Z") ||
		text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':' {
		return Timestamp{}, false
	}
	y1, ok1 := num2(text[0], text[1])
	y2, ok2 := num2(text[2], text[3])
	mon, ok3 := num2(text[5], text[6])
	day, ok4 := num2(text[8], text[9])
	hh, ok5 := num2(text[11], text[12])
	mm, ok6 := num2(text[14], text[15])
	ss, ok7 := num2(text[17], text[18])
	year := y1*100 + y2
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7) ||
		mon < 1 || mon > 12 || day < 1 || day > daysIn(year, mon) || hh > 23 || mm > 59 || ss > 59 {
		return Timestamp{}, false
	}
	ts := Timestamp{Local: daysFromCivil(year, mon, day)*86400 + hh*3600 + mm*60 + ss}
	i := 19
	if text[i] == '.' {
		i++
		var f uint32
		start := i
		for i < len(text) && i-start < 10 && text[i]-'0' <= 9 {
			f = f*10 + uint32(text[i]-'0')
			i++
		}
		if n := i - start; n == 0 || n > 9 {
			return Timestamp{}, false
		}
		ts.Frac, ts.Digits = f, uint8(i-start)
	}
	switch rest := text[i:]; {
	case len(rest) == 1 && rest[0] == 'Z':
		return ts, true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := num2(rest[1], rest[2])
		om, ok2 := num2(rest[4], rest[5])
		if !ok1 || !ok2 || oh > 23 || om > 59 || oh+om == 0 {
			return Timestamp{}, false
		}
		off := int32(oh*3600 + om*60)
		if rest[0] == '-' {
			off = -off
		}
		ts.Offset = off
		return ts, true
	}
	return Timestamp{}, false
}

// num2 parses two ASCII digits.
func num2(a, b byte) (int64, bool) {
	a, b = a-'0', b-'0'
	return int64(a)*10 + int64(b), a <= 9 && b <= 9
}

// daysIn returns the number of days in month (1-12) of year.
func daysIn(year, month int64) int64 {
	if month == 2 {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	return 30 + (month+month>>3)&1 // 31 in Jan, Mar, May, Jul, Aug, Oct, Dec
}
