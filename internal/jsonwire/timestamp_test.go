package jsonwire

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// zoneOf returns the location a Timestamp uses for offset off.
func zoneOf(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	return time.FixedZone("Z"+strconv.Itoa(off), off)
}

// checkTime compares TimestampOf, AppendTimestampJSON and Time with
// package time for t.
func checkTime(t testing.TB, tm time.Time) {
	want, werr := tm.MarshalJSON()
	ts, err := format.TimestampOf(tm)
	if (werr != nil) != (err != nil) {
		t.Fatalf("TimestampOf(%v) err = %v, MarshalJSON err = %v", tm, err, werr)
	}
	if err != nil {
		if !errors.Is(err, format.ErrTimeRange) || ts != (format.Timestamp{}) {
			t.Fatalf("TimestampOf(%v) = %+v, %v", tm, ts, err)
		}
		return
	}
	if !ts.Valid() {
		t.Fatalf("TimestampOf(%v) = %+v is not Valid", tm, ts)
	}
	if got := AppendTimestampJSON([]byte("x"), ts); string(got[1:]) != string(want) {
		t.Fatalf("AppendTimestampJSON(%+v) = %s, want %s", ts, got[1:], want)
	}
	text := AppendTimestampText(nil, ts)
	if string(text) != string(want[1:len(want)-1]) {
		t.Fatalf("AppendTimestampText(%+v) = %s, want %s", ts, text, want)
	}
	back := ts.Time()
	if !back.Equal(tm) {
		t.Fatalf("Time() of %+v = %v, want %v", ts, back, tm)
	}
	if _, off := back.Zone(); off != int(ts.Offset) || (off == 0) != (back.Location() == time.UTC) {
		t.Fatalf("Time() of %+v has zone offset %d, location %v", ts, off, back.Location())
	}
	if b, _ := back.MarshalJSON(); string(b) != string(want) {
		t.Fatalf("Time().MarshalJSON() = %s, want %s", b, want)
	}
	p, ok := ParseTimestamp(text)
	wantP := ts
	wantP.Offset = ts.Offset / 60 * 60
	if ts.Offset != 0 && wantP.Offset == 0 { // a sub-minute offset writes "+00:00"
		wantP.ZeroPlus = true
	}
	if !ok || p != wantP {
		t.Fatalf("ParseTimestamp(%s) = %+v, %v; want %+v", text, p, ok, wantP)
	}
	if again := AppendTimestampText(nil, p); string(again) != string(text) {
		t.Fatalf("re-render %s, want %s", again, text)
	}
}

// randOffset returns offsets of every kind: zero, whole hours, quarter
// hours, whole minutes, seconds, and the extremes.
func randOffset(rng *rand.Rand) int {
	s := 1
	if rng.IntN(2) == 0 {
		s = -1
	}
	switch rng.IntN(7) {
	case 0:
		return 0
	case 1:
		return s * 3600 * rng.IntN(24)
	case 2:
		return s * 900 * rng.IntN(96)
	case 3:
		return s * 60 * rng.IntN(1440)
	case 4:
		return s * rng.IntN(86400)
	case 5:
		return s * rng.IntN(60)
	default:
		return s * (86400 - 1 + rng.IntN(3)) // 86399, 86400, 86401
	}
}

func randNanos(rng *rand.Rand) int {
	ns := rng.IntN(1_000_000_000)
	return ns / int(pow10u32[rng.IntN(10)]) * int(pow10u32[rng.IntN(10)]) % 1_000_000_000
}

func TestTimestampRandom(t *testing.T) {
	n := 300_000
	if testing.Short() {
		n = 20_000
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for range n {
		// A little beyond the valid years on both sides.
		unix := format.TimeMinLocal - 2*86400 + rng.Int64N(format.TimeMaxLocal-format.TimeMinLocal+4*86400)
		checkTime(t, time.Unix(unix, int64(randNanos(rng))).In(zoneOf(randOffset(rng))))
	}
}

func TestTimestampEdges(t *testing.T) {
	var times []time.Time
	for _, off := range []int{0, 1, -1, 59, -59, 60, -60, 61, -61, 3600, -3600, 5*3600 + 30*60, -(9*3600 + 30*60 + 15),
		86340, -86340, 86399, -86399, 86400, -86400, 100000, -100000} {
		loc := zoneOf(off)
		for _, d := range []struct{ y, m, d int }{{0, 1, 1}, {0, 2, 29}, {0, 3, 1}, {0, 12, 31}, {1, 1, 1}, {4, 2, 29},
			{100, 2, 28}, {100, 3, 1}, {400, 2, 29}, {1582, 10, 15}, {1900, 2, 28}, {1900, 3, 1}, {1969, 12, 31},
			{1970, 1, 1}, {2000, 2, 29}, {2024, 2, 29}, {2100, 3, 1}, {9999, 12, 31}, {10000, 1, 1}, {-1, 12, 31}} {
			for _, clock := range [][3]int{{0, 0, 0}, {23, 59, 59}, {12, 0, 0}} {
				for _, ns := range []int{0, 1, 10, 100000000, 120000000, 999999999, 500000} {
					times = append(times, time.Date(d.y, time.Month(d.m), d.d, clock[0], clock[1], clock[2], ns, loc))
				}
			}
		}
	}
	times = append(times, time.Time{}, time.Unix(0, 0), time.Unix(0, 0).UTC(), time.Unix(1e9, 5).In(time.Local),
		time.Unix(math.MaxInt64/2, 0), time.Unix(math.MinInt64/2, 0), time.Unix(-62167219200, 0).UTC(),
		time.Unix(-62167219201, 0).UTC(), time.Unix(253402300799, 999999999).UTC(), time.Unix(253402300800, 0).UTC())
	for _, tm := range times {
		checkTime(t, tm)
	}
}

func TestTimestampTable(t *testing.T) {
	tests := []struct {
		ts   format.Timestamp
		text string
	}{
		{format.Timestamp{}, "1970-01-01T00:00:00Z"},
		{format.Timestamp{Frac: 5, Digits: 1}, "1970-01-01T00:00:00.5Z"},
		{format.Timestamp{Frac: 0, Digits: 3}, "1970-01-01T00:00:00.000Z"},
		{format.Timestamp{Frac: 1, Digits: 9}, "1970-01-01T00:00:00.000000001Z"},
		{format.Timestamp{Frac: 999999999, Digits: 9}, "1970-01-01T00:00:00.999999999Z"},
		{format.Timestamp{Local: -1}, "1969-12-31T23:59:59Z"},
		{format.Timestamp{Local: format.TimeMinLocal}, "0000-01-01T00:00:00Z"},
		{format.Timestamp{Local: format.TimeMaxLocal}, "9999-12-31T23:59:59Z"},
		{format.Timestamp{Local: 951782400}, "2000-02-29T00:00:00Z"},
		{format.Timestamp{Local: 3600, Offset: 3600}, "1970-01-01T01:00:00+01:00"},
		{format.Timestamp{Local: 0, Offset: -19800}, "1970-01-01T00:00:00-05:30"},
		{format.Timestamp{Offset: 30}, "1970-01-01T00:00:00+00:00"},
		{format.Timestamp{Offset: -30}, "1970-01-01T00:00:00+00:00"},
		{format.Timestamp{Offset: -90}, "1970-01-01T00:00:00-00:01"},
		{format.Timestamp{Offset: 86399}, "1970-01-01T00:00:00+23:59"},
		{format.Timestamp{Offset: -86399}, "1970-01-01T00:00:00-23:59"},
	}
	for _, tt := range tests {
		if got := string(AppendTimestampText(nil, tt.ts)); got != tt.text {
			t.Errorf("AppendTimestampText(%+v) = %s, want %s", tt.ts, got, tt.text)
		}
		if got := string(AppendTimestampJSON(nil, tt.ts)); got != `"`+tt.text+`"` {
			t.Errorf("AppendTimestampJSON(%+v) = %s", tt.ts, got)
		}
		if !tt.ts.Valid() {
			t.Errorf("%+v not Valid", tt.ts)
		}
	}
}

func TestTimestampValid(t *testing.T) {
	tests := []struct {
		ts   format.Timestamp
		want bool
	}{
		{format.Timestamp{}, true},
		{format.Timestamp{Local: format.TimeMinLocal}, true},
		{format.Timestamp{Local: format.TimeMinLocal - 1}, false},
		{format.Timestamp{Local: format.TimeMaxLocal}, true},
		{format.Timestamp{Local: format.TimeMaxLocal + 1}, false},
		{format.Timestamp{Local: math.MinInt64}, false},
		{format.Timestamp{Local: math.MaxInt64}, false},
		{format.Timestamp{Frac: 1}, false},
		{format.Timestamp{Frac: 9, Digits: 1}, true},
		{format.Timestamp{Frac: 10, Digits: 1}, false},
		{format.Timestamp{Frac: 999999999, Digits: 9}, true},
		{format.Timestamp{Frac: 1000000000, Digits: 9}, false},
		{format.Timestamp{Digits: 10}, false},
		{format.Timestamp{Digits: 255}, false},
		{format.Timestamp{Offset: 86399}, true},
		{format.Timestamp{Offset: -86399}, true},
		{format.Timestamp{Offset: 86400}, false},
		{format.Timestamp{Offset: -86400}, false},
		{format.Timestamp{Offset: math.MinInt32}, false},
	}
	for _, tt := range tests {
		if got := tt.ts.Valid(); got != tt.want {
			t.Errorf("%+v.Valid() = %v, want %v", tt.ts, got, tt.want)
		}
		// Invalid timestamps must not make the writers or Time panic.
		AppendTimestampJSON(nil, tt.ts)
		tt.ts.Time()
	}
}

func TestTimestampOfErrors(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(-1, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2000, 1, 1, 0, 0, 0, 0, time.FixedZone("", 86400)),
		time.Date(2000, 1, 1, 0, 0, 0, 0, time.FixedZone("", -86400)),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.FixedZone("", 3600)).Add(-time.Second), // UTC year 0, local year -1
		time.Date(9999, 12, 31, 23, 59, 59, 0, time.FixedZone("", -3600)).Add(time.Second),
		time.Unix(math.MaxInt64, 0),
		time.Unix(math.MinInt64, 0),
	} {
		if _, err := tm.MarshalJSON(); err == nil {
			t.Errorf("MarshalJSON(%v) succeeded; bad test", tm)
		}
		if ts, err := format.TimestampOf(tm); !errors.Is(err, format.ErrTimeRange) {
			t.Errorf("TimestampOf(%v) = %+v, %v; want ErrTimeRange", tm, ts, err)
		}
	}
}

// refParseTimestamp is the deliberately simple reference: a regular
// expression, then package time for the calendar.
var tsPattern = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$`)

func refParseTimestamp(text []byte) (format.Timestamp, bool) {
	m := tsPattern.FindSubmatch(text)
	if m == nil {
		return format.Timestamp{}, false
	}
	n := func(i int) int { v, _ := strconv.Atoi(string(m[i])); return v }
	y, mo, d, h, mi, s := n(1), n(2), n(3), n(4), n(5), n(6)
	if mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59 {
		return format.Timestamp{}, false
	}
	tm := time.Date(y, time.Month(mo), d, h, mi, s, 0, time.UTC)
	if tm.Day() != d || tm.Month() != time.Month(mo) { // normalised: no such day
		return format.Timestamp{}, false
	}
	ts := format.Timestamp{Local: tm.Unix()}
	if frac := m[7]; len(frac) > 0 {
		v, _ := strconv.Atoi(string(frac[1:]))
		ts.Frac, ts.Digits = uint32(v), uint8(len(frac)-1)
	}
	if string(m[8]) != "Z" {
		oh, om := n(10), n(11)
		if oh > 23 || om > 59 || (oh+om == 0 && string(m[9]) == "-") {
			return format.Timestamp{}, false
		}
		ts.Offset = int32(oh*3600 + om*60)
		ts.ZeroPlus = ts.Offset == 0
		if string(m[9]) == "-" {
			ts.Offset = -ts.Offset
		}
	}
	return ts, true
}

func TestParseTimestampRejects(t *testing.T) {
	for _, s := range []string{
		"",
		"2000-01-01",
		"2000-01-01T00:00:00",
		"2000-01-01T00:00:00z",
		"2000-01-01t00:00:00Z",
		"2000-01-01 00:00:00Z",
		"2000-01-01T00:00:00-00:00",
		"2000-01-01T00:00:00+24:00",
		"2000-01-01T00:00:00-24:00",
		"2000-01-01T00:00:00+01:60",
		"2000-01-01T00:00:00+0100",
		"2000-01-01T00:00:00+01",
		"2000-01-01T00:00:00+01:00:00",
		"2000-01-01T00:00:00+1:00",
		"2000-01-01T00:00:00ZZ",
		"2000-01-01T00:00:00Z ",
		" 2000-01-01T00:00:00Z",
		"2000-01-01T00:00:00.Z",
		"2000-01-01T00:00:00.1234567890Z",
		"2000-01-01T00:00:00,5Z",
		"2000-01-01T00:00:00.5",
		"2000-01-01T24:00:00Z",
		"2000-01-01T23:60:00Z",
		"2000-01-01T23:59:60Z",
		"2000-00-01T00:00:00Z",
		"2000-13-01T00:00:00Z",
		"2000-01-00T00:00:00Z",
		"2000-01-32T00:00:00Z",
		"2000-04-31T00:00:00Z",
		"2001-02-29T00:00:00Z",
		"1900-02-29T00:00:00Z",
		"2100-02-29T00:00:00Z",
		"2000-02-30T00:00:00Z",
		"+2000-01-01T00:00:00Z",
		"-0001-01-01T00:00:00Z",
		"10000-01-01T00:00:00Z",
		"200-01-01T00:00:00Z",
		"2000-1-01T00:00:00Z",
		"2000-01-01T0:00:00Z",
		"2000/01/01T00:00:00Z",
		"2000-01-01T00-00-00Z",
		"2000-01-01T00:00:0aZ",
		"２000-01-01T00:00:00Z",
		"2000-01-01T00:00:00\x00",
	} {
		if ts, ok := ParseTimestamp([]byte(s)); ok {
			t.Errorf("ParseTimestamp(%q) = %+v, true; want false", s, ts)
		}
		if _, ok := refParseTimestamp([]byte(s)); ok {
			t.Errorf("reference accepted %q; bad test", s)
		}
	}
	for _, s := range []string{
		"0000-01-01T00:00:00Z",
		"0000-02-29T00:00:00Z",
		"2000-02-29T00:00:00Z",
		"2400-02-29T23:59:59.999999999-23:59",
		"9999-12-31T23:59:59+23:59",
		"2000-01-01T00:00:00.000Z",
		"2000-01-01T00:00:00.0Z",
		"2000-01-01T00:00:00+00:01",
		"2000-01-01T00:00:00-00:01",
	} {
		ts, ok := ParseTimestamp([]byte(s))
		if !ok || string(AppendTimestampText(nil, ts)) != s {
			t.Errorf("ParseTimestamp(%q) = %+v, %v", s, ts, ok)
		}
	}
	if ts, _ := ParseTimestamp([]byte("2000-01-01T00:00:00.000Z")); ts.Frac != 0 || ts.Digits != 3 {
		t.Errorf(".000 gave %+v", ts)
	}
}

func TestParseTimestampRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	base := []byte("2000-02-29T23:59:59.123456789+23:59")
	mutations := []byte("0123456789-+:.TZtz 9")
	buf := make([]byte, 0, 64)
	for range 300_000 {
		buf = append(buf[:0], base...)
		for k := rng.IntN(4); k > 0; k-- {
			switch i := rng.IntN(len(buf) + 1); rng.IntN(3) {
			case 0:
				if i < len(buf) {
					buf[i] = mutations[rng.IntN(len(mutations))]
				}
			case 1:
				if i < len(buf) {
					buf = append(buf[:i], buf[i+1:]...)
				}
			default:
				buf = append(buf[:i], append([]byte{mutations[rng.IntN(len(mutations))]}, buf[i:]...)...)
			}
		}
		got, ok := ParseTimestamp(buf)
		want, wok := refParseTimestamp(buf)
		if got != want || ok != wok {
			t.Fatalf("ParseTimestamp(%q) = %+v, %v; reference %+v, %v", buf, got, ok, want, wok)
		}
	}
}

// TestCivilDays checks civilFromDays against package time on every day of
// the range; TestDaysFromCivil checks its inverse the same way.
func TestCivilDays(t *testing.T) {
	for days := int64(-1_000_000); days <= 3_000_000; days++ {
		y, m, d := civilFromDays(days)
		tm := time.Unix(days*86400, 0).UTC()
		if int64(tm.Year()) != y || int64(tm.Month()) != m || int64(tm.Day()) != d {
			t.Fatalf("civilFromDays(%d) = %d-%d-%d, time says %v", days, y, m, d, tm)
		}
	}
}

func TestTimestampAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	tm := time.Date(2024, 5, 6, 7, 8, 9, 123000000, time.FixedZone("", 5*3600+1800))
	text := []byte("2024-05-06T07:08:09.123+05:30")
	if a := testing.AllocsPerRun(100, func() {
		ts, _ := format.TimestampOf(tm)
		buf = AppendTimestampJSON(buf[:0], ts)
		ParseTimestamp(text)
		ts.Valid()
	}); a != 0 {
		t.Errorf("allocs = %v, want 0", a)
	}
}

func FuzzTimestampJSON(f *testing.F) {
	f.Add(int64(0), uint32(0), int32(0))
	f.Add(int64(format.TimeMinLocal), uint32(1), int32(-30))
	f.Add(int64(format.TimeMaxLocal), uint32(999999999), int32(86399))
	f.Fuzz(func(t *testing.T, unix int64, ns uint32, off int32) {
		if off < -200000 || off > 200000 {
			off %= 200000
		}
		checkTime(t, time.Unix(unix, int64(ns%1_000_000_000)).In(zoneOf(int(off))))
	})
}

func FuzzParseTimestamp(f *testing.F) {
	for _, s := range []string{"2000-02-29T23:59:59.123456789+23:59", "0000-01-01T00:00:00Z",
		"2000-01-01T00:00:00+00:00", "2001-02-29T00:00:00Z", "2000-01-01T00:00:00.000Z",
		"0000-01-01T00:00:00-00:00"} { // refused with the zero Timestamp, as every refusal (found by this target)
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := ParseTimestamp(b)
		want, wok := refParseTimestamp(b)
		if got != want || ok != wok {
			t.Fatalf("ParseTimestamp(%q) = %+v, %v; reference %+v, %v", b, got, ok, want, wok)
		}
		if ok {
			if !got.Valid() || string(AppendTimestampText(nil, got)) != string(b) {
				t.Fatalf("ParseTimestamp(%q) = %+v does not reproduce the text", b, got)
			}
			checkTime(t, got.Time())
		}
	})
}

func BenchmarkAppendTimestampJSON(b *testing.B) {
	tm := time.Date(2024, 5, 6, 7, 8, 9, 123000000, time.FixedZone("", 5*3600+1800))
	ts, _ := format.TimestampOf(tm)
	buf := make([]byte, 0, 64)
	b.Run("format", func(b *testing.B) {
		for b.Loop() {
			buf = AppendTimestampJSON(buf[:0], ts)
		}
	})
	b.Run("time.MarshalJSON", func(b *testing.B) {
		for b.Loop() {
			buf, _ = tm.MarshalJSON()
		}
	})
	text := AppendTimestampText(nil, ts)
	b.Run("parse", func(b *testing.B) {
		for b.Loop() {
			ts, _ = ParseTimestamp(text)
		}
	})
}

// civilDate is the date of a day counted from 0000-01-01 (day 0), by the
// general code's civilFromDays: the reference the fast renderer's date
// arithmetic and the parser's civilDay are checked against.
func civilDate(day uint32) (year, month, dayOfMonth uint32) {
	const epochDay = -format.TimeMinLocal / 86400 // 1970-01-01, counted from 0000-01-01
	y, m, d := civilFromDays(int64(day) - epochDay)
	return uint32(y), uint32(m), uint32(d)
}

// TestTimeCellDates checks the date arithmetic of the fast renderer on
// every day a valid timestamp can fall on, 0000-01-01 to 9999-12-31,
// computed without a cache, computed into a cache, and copied from it.
// Under the race detector, every 97th day (a prime, so the days sampled
// fall on every day of the month and of the week in turn).
func TestTimeCellDates(t *testing.T) {
	last := uint32((format.TimeMaxLocal - format.TimeMinLocal) / 86400)
	step := uint32(1)
	if raceEnabled {
		step = 97
	}
	var cache DateCache
	var b [TimestampWindow]byte
	for day := uint32(0); day <= last; day += step {
		y, m, d := civilDate(day)
		want := fmt.Sprintf("\"%04d-%02d-%02dT", y, m, d)
		local := format.TimeMinLocal + int64(day)*86400 + int64(day%86400)
		for _, c := range []*DateCache{nil, &cache, &cache} {
			if n, ok := PutTimeCellJSON(&b, local, 0, 0, false, c); !ok || n != 22 || string(b[:12]) != want {
				t.Fatalf("day %d (cache %v): got %q, %d, %v; want %s", day, c != nil, b[:n], n, ok, want)
			}
		}
	}
	if y, m, d := civilDate(last); y != 9999 || m != 12 || d != 31 {
		t.Fatalf("last day = %d-%d-%d", y, m, d)
	}
}

// TestValidTimestampMatchesGeneral compares the fast renderer of valid
// timestamps with the general one, on the range's edges and random values
// of every field, quoted and not, with and without a date cache.
func TestValidTimestampMatchesGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var cache DateCache
	check := func(ts format.Timestamp) {
		t.Helper()
		if !ts.Valid() {
			t.Fatalf("test generated an invalid %+v", ts)
		}
		want := appendTimestampAny(nil, ts)
		if got := AppendValidTimestamp([]byte("x"), ts, false, nil); string(got) != "x"+string(want) {
			t.Fatalf("%+v: got %s, want %s", ts, got[1:], want)
		}
		q := `"` + string(want) + `"`
		if got := AppendValidTimestamp(nil, ts, true, &cache); string(got) != q {
			t.Fatalf("%+v with cache: got %s, want %s", ts, got, q)
		}
	}
	for _, local := range []int64{format.TimeMinLocal, format.TimeMinLocal + 59*86400, format.TimeMinLocal + 60*86400 - 1, 0, -1, 951782400, format.TimeMaxLocal} {
		for d := uint8(0); d <= 9; d++ {
			for _, off := range []int32{0, 1, 59, 60, -60, -61, 3600, -format.TimeMaxOffset, format.TimeMaxOffset} {
				check(format.Timestamp{Local: local, Digits: d, Frac: pow10u32[d] - 1, Offset: off})
				check(format.Timestamp{Local: local, Digits: d, Frac: pow10u32[d] / 10 * 3, Offset: off})
			}
		}
	}
	for range 500_000 {
		d := uint8(rng.IntN(10))
		check(format.Timestamp{
			Local:  rng.Int64N(format.TimeMaxLocal-format.TimeMinLocal+1) + format.TimeMinLocal,
			Digits: d,
			Frac:   uint32(rng.Int64N(int64(pow10u32[d]))),
			Offset: int32(rng.IntN(2*format.TimeMaxOffset+1) - format.TimeMaxOffset),
		})
	}
}

// pow10u32[k] = 10^k.
var pow10u32 = [...]uint32{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000}

// TestTimeCellJSONChecks checks that AppendTimeCellJSON accepts exactly
// the fields of a Valid timestamp, at every bound of each field and with
// values too wide for a Timestamp (a fraction of ten digits or more, F
// past 2^32, offsets past int32), writes what AppendTimestampJSON writes
// when it accepts, and leaves dst as it was when it does not.
func TestTimeCellJSONChecks(t *testing.T) {
	locals := []int64{math.MinInt64, format.TimeMinLocal - 1, format.TimeMinLocal, 0, format.TimeMaxLocal, format.TimeMaxLocal + 1, math.MaxInt64}
	offsets := []int64{math.MinInt64, math.MinInt32, -format.TimeMaxOffset - 1, -format.TimeMaxOffset, -60, 0, 30, format.TimeMaxOffset, format.TimeMaxOffset + 1, math.MaxInt32, math.MaxInt32 + 1, math.MaxInt64}
	var fracs []uint64 // F × 10 + digits
	for d := uint64(0); d <= 9; d++ {
		p := uint64(pow10u32[d])
		fracs = append(fracs, d, (p-1)*10+d, p*10+d, (p+1)*10+d)
	}
	fracs = append(fracs, 9_999_999_999, 10_000_000_000, 10_000_000_009, 1<<32*10+9, (1<<32+5)*10+1, 1<<63, math.MaxUint64)
	for _, local := range locals {
		for _, off := range offsets {
			for _, frac := range fracs {
				for _, plus := range []bool{false, true} {
					f, d := frac/10, frac%10
					fits := f <= math.MaxUint32 && off >= math.MinInt32 && off <= math.MaxInt32
					ts := format.Timestamp{Local: local, Frac: uint32(f), Digits: uint8(d), Offset: int32(off), ZeroPlus: plus}
					want := fits && ts.Valid()
					got, ok := AppendTimeCellJSON([]byte("pre"), local, frac, off, plus, nil)
					if ok != want {
						t.Fatalf("local %d frac %d offset %d: ok = %v, want %v", local, frac, off, ok, want)
					}
					if !ok && string(got) != "pre" {
						t.Fatalf("local %d frac %d offset %d: rejected but wrote %q", local, frac, off, got)
					}
					if ok && string(got) != "pre"+string(AppendTimestampJSON(nil, ts)) {
						t.Fatalf("%+v: got %s, want %s", ts, got[3:], AppendTimestampJSON(nil, ts))
					}
				}
			}
		}
	}
}

// TestValidTimestampZeroPlus compares the fast renderer with the general
// one on zero offsets written "+00:00" and on offsets of under a minute,
// which write "+00:00" or "-00:00"'s neighbours as package time does.
func TestValidTimestampZeroPlus(t *testing.T) {
	var cache DateCache
	for _, local := range []int64{format.TimeMinLocal, 0, 1_741_946_709, format.TimeMaxLocal} {
		for d := uint8(0); d <= 9; d++ {
			for _, off := range []int32{0, 1, -1, 59, -59, 60, -60} {
				for _, plus := range []bool{false, true} {
					ts := format.Timestamp{Local: local, Digits: d, Frac: pow10u32[d] / 2, Offset: off, ZeroPlus: plus}
					want := appendTimestampAny(nil, ts)
					if got := AppendValidTimestamp(nil, ts, false, nil); string(got) != string(want) {
						t.Fatalf("%+v: got %s, want %s", ts, got, want)
					}
					if got := AppendValidTimestamp(nil, ts, true, &cache); string(got) != `"`+string(want)+`"` {
						t.Fatalf("%+v quoted: got %s, want %q", ts, got, want)
					}
				}
			}
		}
	}
}

// TestTimestampWindow renders into buffers with every spare capacity from
// none to past the window, quoted and not, with and without a cache, and
// checks that the text is right and that nothing is written past cap(dst):
// the bytes after it in the backing array are canaries.
func TestTimestampWindow(t *testing.T) {
	stamps := []format.Timestamp{
		{Local: 1_741_946_709, Digits: 9, Frac: 662288188},
		{Local: format.TimeMaxLocal, Digits: 9, Frac: 999_999_999, Offset: -format.TimeMaxOffset},
		{Local: format.TimeMinLocal, Offset: 3600},
		{Local: 951_782_400, Digits: 3, Frac: 5, ZeroPlus: true},
	}
	var cache DateCache
	for _, ts := range stamps {
		want := appendTimestampAny(nil, ts)
		for _, quote := range []bool{false, true} {
			w := string(want)
			if quote {
				w = `"` + w + `"`
			}
			for _, c := range []*DateCache{nil, &cache} {
				for spare := 0; spare <= TimestampWindow+8; spare++ {
					back := make([]byte, 3+spare+16)
					for i := range back {
						back[i] = 0xAA
					}
					copy(back, "pre")
					dst := back[: 3 : 3+spare]
					got := AppendValidTimestamp(dst, ts, quote, c)
					if string(got) != "pre"+w {
						t.Fatalf("%+v quote %v spare %d: got %q, want %q", ts, quote, spare, got, "pre"+w)
					}
					for i, b := range back[3+spare:] {
						if b != 0xAA {
							t.Fatalf("%+v quote %v spare %d: wrote past cap at %d", ts, quote, spare, i)
						}
					}
				}
			}
		}
	}
}

// BenchmarkTimestampRun renders a run of 50 nanosecond timestamps of one
// morning, as a page's created_at column holds them, with a DateCache and
// a reused buffer: the cost of a time cell on the hit, less its decoding.
func BenchmarkTimestampRun(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	stamps := make([]format.Timestamp, 50)
	local := int64(1_741_946_709)
	for i := range stamps {
		local += rng.Int64N(90)
		stamps[i] = format.Timestamp{Local: local, Digits: 9, Frac: uint32(rng.IntN(1_000_000_000))}
	}
	var cache DateCache
	buf := make([]byte, 0, 2048)
	n := 0
	for _, ts := range stamps {
		n += len(AppendTimestampJSON(nil, ts))
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		buf = buf[:0]
		for _, ts := range stamps {
			buf = cache.AppendTimestampJSON(buf, ts)
		}
	}
}
