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
