package rowpage

import (
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// TestLocalZoneJSONTime checks that localZone.jsonTime, which remembers
// time.Local's zone span, gives exactly what jsonTime gives, for times in
// order and out of order across daylight-saving changes, with several
// offsets, and after time.Local changes.
func TestLocalZoneJSONTime(t *testing.T) {
	saved := time.Local
	defer func() { time.Local = saved }()
	locals := []*time.Location{time.UTC, time.FixedZone("", -4*3600)}
	for _, name := range []string{"America/New_York", "Europe/Berlin", "Australia/Lord_Howe"} {
		if loc, err := time.LoadLocation(name); err == nil {
			locals = append(locals, loc)
		}
	}
	var z localZone // kept across Locals: a change of time.Local must be seen
	for _, loc := range locals {
		time.Local = loc
		base := time.Date(2024, 3, 9, 0, 0, 0, 0, time.UTC).Unix()
		for _, off := range []int32{-5 * 3600, 0, -4 * 3600, 3600, 7200, 37800, 39600, -4*3600 - 30, -5 * 3600} {
			for i := range 4000 {
				// Steps of 47 minutes cross both 2024 changes, in order,
				// then out of order.
				sec := base + int64(i%2000)*47*60
				if i >= 2000 {
					sec = base + int64((i*7919)%2000)*47*60
				}
				ts := format.Timestamp{Local: sec + int64(off), Frac: uint32(i % 1000), Digits: 3, Offset: off, ZeroPlus: i%3 == 0 && off == 0}
				want, got := jsonTime(ts), z.jsonTime(ts)
				if !got.Equal(want) || got.Location() != want.Location() || got.String() != want.String() {
					t.Fatalf("%v %+v: got %v (%p), want %v (%p)", loc, ts, got, got.Location(), want, want.Location())
				}
			}
		}
	}
}
