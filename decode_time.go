package rowpage

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rowpage/rowpage/format"
)

// Page timestamps become time.Time values in two ways:
//
//   - timeOf, for Row.Time and interface values: the exact instant stored,
//     in UTC or in a fixed zone of the stored offset (seconds included).
//   - jsonTime, for time.Time fields: exactly what time.Time.UnmarshalJSON
//     makes of the cell's RFC 3339 text, as json.Unmarshal would.
//
// Neither allocates for an offset seen before.

// quarterZones caches the fixed zones of offsets that are whole quarter
// hours (nearly all real ones), indexed by offset/900 + 96; slowZones holds
// the rest.
var (
	quarterZones [193]atomic.Pointer[time.Location]
	slowZones    sync.Map // int32 offset -> *time.Location
)

// zoneFor returns an unnamed fixed zone for offset seconds east of UTC,
// |offset| < 86400, creating it on first use. It does not allocate after
// that, and does not take a lock for quarter-hour offsets.
func zoneFor(offset int32) *time.Location {
	if offset%900 == 0 {
		z := &quarterZones[offset/900+96]
		if loc := z.Load(); loc != nil {
			return loc
		}
		loc := time.FixedZone("", int(offset))
		if z.CompareAndSwap(nil, loc) {
			return loc
		}
		return z.Load()
	}
	if loc, ok := slowZones.Load(offset); ok {
		return loc.(*time.Location)
	}
	loc, _ := slowZones.LoadOrStore(offset, time.FixedZone("", int(offset)))
	return loc.(*time.Location)
}

var pow10 = [10]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// timeOf converts a page timestamp to a time.Time: the same instant, in UTC
// when its offset is zero and otherwise in a fixed zone of that offset.
func timeOf(ts format.Timestamp) time.Time {
	nanos := int64(ts.Frac) * pow10[9-ts.Digits]
	t := time.Unix(ts.Local-int64(ts.Offset), nanos)
	if ts.Offset == 0 {
		return t.UTC()
	}
	return t.In(zoneFor(ts.Offset))
}

// jsonTime returns what time.Time.UnmarshalJSON makes of the timestamp's
// JSON text: UTC for an offset of zero written "Z"; otherwise the offset
// as the text writes it (truncated towards zero to whole minutes), in
// time.Local when Local has that offset at that instant, as time.Parse
// does, and in a fixed zone of it otherwise.
func jsonTime(ts format.Timestamp) time.Time {
	nanos := int64(ts.Frac) * pow10[9-ts.Digits]
	if ts.Offset == 0 && !ts.ZeroPlus {
		return time.Unix(ts.Local, nanos).UTC()
	}
	off := ts.Offset / 60 * 60
	t := time.Unix(ts.Local-int64(off), nanos)
	if lt := t.In(time.Local); localOffset(lt) == off {
		return lt
	}
	return t.In(zoneFor(off))
}

// localOffset returns the zone offset of t, a time in time.Local.
func localOffset(t time.Time) int32 {
	_, off := t.Zone()
	return int32(off)
}

// localZone remembers, for jsonTime, whether time.Local had a given offset
// over the span of its zone that held the last instant asked about, so
// that a column of times costs one time.Local lookup per zone span (most
// often one per page) instead of one per cell. The zero value is empty. A
// Row keeps one; it is not safe for concurrent use.
type localZone struct {
	loc        *time.Location // time.Local when filled, nil while empty
	off        int32          // the offset asked about
	start, end int64          // the zone's span, Unix seconds, end excluded
	local      bool           // whether time.Local has offset off over the span
}

// jsonTime is the package-level jsonTime, which it returns exactly, with
// the time.Local lookup remembered (see localZone). A lookup it does not
// remember costs what jsonTime's does and a time.Time.ZoneBounds.
func (z *localZone) jsonTime(ts format.Timestamp) time.Time {
	nanos := int64(ts.Frac) * pow10[9-ts.Digits]
	if ts.Offset == 0 && !ts.ZeroPlus {
		return time.Unix(ts.Local, nanos).UTC()
	}
	off := ts.Offset / 60 * 60
	sec := ts.Local - int64(off)
	t := time.Unix(sec, nanos)
	if z.loc != time.Local || z.off != off || sec < z.start || sec >= z.end {
		z.fill(t.In(time.Local), off)
	}
	if z.local {
		return t.In(time.Local)
	}
	return t.In(zoneFor(off))
}

// fill sets z from lt, a time in time.Local, for offset off: whether the
// zone in effect at lt has that offset, and the span that zone covers.
func (z *localZone) fill(lt time.Time, off int32) {
	start, end := lt.ZoneBounds()
	z.loc, z.off, z.local = time.Local, off, localOffset(lt) == off
	z.start, z.end = math.MinInt64, math.MaxInt64
	if !start.IsZero() {
		z.start = start.Unix()
	}
	if !end.IsZero() {
		z.end = end.Unix()
	}
}
