package format

import (
	"math"
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

// Timestamp is a time cell (SPEC.md 5.4): Local, the wall clock in seconds
// since 1970-01-01T00:00:00; Digits fractional digits of value Frac (".500"
// is 500, 3); Offset, the zone in seconds east of UTC; ZeroPlus, "+00:00" for 0.
type Timestamp struct {
	Local    int64
	Frac     uint32
	Digits   uint8
	Offset   int32
	ZeroPlus bool
}

// pow10u32[k] = 10^k.
var pow10u32 = [...]uint32{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000}

// TimestampOf returns t as a Timestamp with the digits time.RFC3339Nano
// writes, or ErrTimeRange exactly when t.MarshalJSON fails.
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

// ZoneMemo is TimestampOf for a run of times, such as a column's, that
// mostly share one *time.Location: it remembers the zone offset of the
// last time it looked up and the span of instants over which its zone
// keeps it (time.Time.ZoneBounds), and reuses it for a time of the same
// Location inside that span. A hit costs a pointer and two integer
// compares where time.Time.Zone costs 45-60 instructions (a Location's
// own cache check; more for time.Local). A Location never changes once
// made (time.Local's is set up once, before its first lookup), so the
// pointer names the zone rules. The zero ZoneMemo is empty.
type ZoneMemo struct {
	loc    *time.Location
	lo, hi int64 // the offset holds for lo <= unix < hi
	off    int
}

// TimestampOf returns TimestampOf(t), using and updating the memo.
func (z *ZoneMemo) TimestampOf(t time.Time) (Timestamp, error) {
	unix := t.Unix()
	if t.Location() != z.loc || unix < z.lo || unix >= z.hi {
		z.fill(t, unix)
	}
	// The rest is TimestampOf's, written out: a shared function's call
	// and result copy cost as much as the lookup this saves.
	off := z.off
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

// zeroUnix is the Unix time of the zero time.Time, which ZoneBounds also
// returns for a zone span without a start or an end.
const zeroUnix = -62135596800

// fill looks up t's zone offset and the span where it holds. ZoneBounds
// gives the zero Time both for a span without a start (or end) and for a
// real bound at that instant (year 1), so a zero bound is read as the
// widest span that is right in either case.
func (z *ZoneMemo) fill(t time.Time, unix int64) {
	_, z.off = t.Zone()
	start, end := t.ZoneBounds()
	z.lo, z.hi = start.Unix(), end.Unix()
	if start.IsZero() {
		z.lo = zeroUnix // a bound at year 1, or none: right from year 1 on
		if unix < zeroUnix {
			z.lo = math.MinInt64 // a bound at year 1 would be after t: none
		}
	}
	if end.IsZero() {
		z.hi = zeroUnix // a bound at year 1, or none: right before year 1
		if unix >= zeroUnix {
			z.hi = math.MaxInt64 // a bound at year 1 would be before t: none
		}
	}
	z.loc = t.Location()
}

// Time returns ts in time.UTC when Offset is 0, else in an unnamed
// time.FixedZone (one allocation).
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

// Valid reports whether ts is within the bounds of SPEC.md 5.4.
func (ts Timestamp) Valid() bool {
	return ts.Local >= TimeMinLocal && ts.Local <= TimeMaxLocal &&
		ts.Digits <= 9 && ts.Frac < pow10u32[ts.Digits%10] &&
		ts.Offset >= -TimeMaxOffset && ts.Offset <= TimeMaxOffset
}
