package format

import (
	"math/rand/v2"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, whatever the host has
)

// TestZoneMemo checks ZoneMemo.TimestampOf against TimestampOf over runs
// of times that share a Location and walk across its zone changes (DST,
// rule changes, the ends of the zone table), interleaved with other
// Locations, and out to the ends of the valid years, where both must fail
// alike.
func TestZoneMemo(t *testing.T) {
	var locs []*time.Location
	for _, name := range []string{"America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia", "Europe/Dublin", "America/Sao_Paulo"} {
		l, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		locs = append(locs, l)
	}
	locs = append(locs, time.UTC, time.Local, time.FixedZone("", 5*3600+1800), time.FixedZone("X", -TimeMaxOffset), time.FixedZone("", TimeMaxOffset+1))
	r := rand.New(rand.NewPCG(1, 2))
	starts := []int64{TimeMinLocal - 2*86400, zeroUnix - 3*86400, -2208988800, 0, 1e9, 1.7e9, 4102444800, TimeMaxLocal - 86400}
	var z ZoneMemo
	check := func(x time.Time) {
		t.Helper()
		want, werr := TimestampOf(x)
		got, gerr := z.TimestampOf(x)
		if got != want || (gerr == nil) != (werr == nil) {
			t.Fatalf("%v (unix %d, %v): got %+v, %v; want %+v, %v", x, x.Unix(), x.Location(), got, gerr, want, werr)
		}
	}
	for range 3000 {
		loc := locs[r.IntN(len(locs))]
		sec := starts[r.IntN(len(starts))] + r.Int64N(400*86400) - 200*86400
		if r.IntN(4) == 0 {
			sec = r.Int64N(TimeMaxLocal-TimeMinLocal+4*86400) + TimeMinLocal - 2*86400
		}
		step := []int64{1, 1800, 3600, 86400, 7 * 86400}[r.IntN(5)]
		for range r.IntN(200) + 1 {
			x := time.Unix(sec, int64(r.IntN(3))*int64(r.IntN(1e9))).In(loc)
			check(x)
			if r.IntN(50) == 0 {
				check(x.In(locs[r.IntN(len(locs))])) // another zone in between
			}
			sec += step + r.Int64N(step)
		}
	}
}

// BenchmarkZoneMemo compares TimestampOf with a ZoneMemo's on a column of
// time.Local values, as pgx yields them.
func BenchmarkZoneMemo(b *testing.B) {
	ts := make([]time.Time, 1000)
	for i := range ts {
		ts[i] = time.Unix(1.7e9+int64(i)*2222, 0).In(time.Local)
	}
	b.Run("via=TimestampOf", func(b *testing.B) {
		for b.Loop() {
			for _, x := range ts {
				_, _ = TimestampOf(x)
			}
		}
	})
	b.Run("via=ZoneMemo", func(b *testing.B) {
		for b.Loop() {
			var z ZoneMemo
			for _, x := range ts {
				_, _ = z.TimestampOf(x)
			}
		}
	})
}
