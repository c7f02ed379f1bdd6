package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// timeCellWant is the quoted RFC 3339 text of a time cell's fields as
// package time formats them: the fraction with exactly digits digits, and
// a zero offset as Z, or as +00:00 when zeroPlus.
func timeCellWant(local int64, digits uint8, f uint32, offset int32, zeroPlus bool) string {
	layout := "2006-01-02T15:04:05"
	if digits > 0 {
		layout += "." + strings.Repeat("0", int(digits))
	}
	ns := int64(f) * int64(pow10u32[9-digits])
	tm := time.Unix(local-int64(offset), ns).In(time.FixedZone("", int(offset)))
	s := tm.Format(layout + "Z07:00")
	if offset == 0 && zeroPlus {
		s = strings.TrimSuffix(s, "Z") + "+00:00"
	}
	return `"` + s + `"`
}

// TestTimeCellWalks checks AppendTimeCellJSON (PutTimeCellJSON, after a
// grow) against package time on time columns as pages hold them: random
// walks of times a few seconds to a few hours apart, to and from the
// first and last seconds of hours, across days and at the first and last
// valid hours, with every fraction width, zones and +00:00, through one
// date cache shared by two interleaved walks, as a row's created and
// updated columns are.
func TestTimeCellWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 3600))
	var cache DateCache
	check := func(local int64, offset int32, zeroPlus bool) {
		t.Helper()
		digits := uint8(rng.IntN(10))
		f := uint32(rng.Int64N(int64(pow10u32[digits])))
		want := timeCellWant(local, digits, f, offset, zeroPlus)
		got, ok := AppendTimeCellJSON([]byte("x"), local, uint64(f)*10+uint64(digits), int64(offset), zeroPlus, &cache)
		if !ok || string(got[1:]) != want {
			t.Fatalf("local %d, frac %d (%d digits), offset %d, zeroPlus %v: got %s, %v, want %s",
				local, f, digits, offset, zeroPlus, got[1:], ok, want)
		}
	}
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	starts := []int64{format.TimeMinLocal, format.TimeMaxLocal - 2*3600, 1_700_000_000, 0, -1, 951_782_400 - 3600}
	for w := range 4 {
		local, other := starts[rng.IntN(len(starts))], starts[rng.IntN(len(starts))]
		for i := range n / 4 {
			switch rng.IntN(8) {
			case 0: // to the hour's edges
				local = local - local%3600 + []int64{0, 3599, 3600, -1}[rng.IntN(4)]
			case 1:
				local += rng.Int64N(4*3600) - 3600
			default:
				local += rng.Int64N(120) - 20
			}
			local = max(format.TimeMinLocal, min(format.TimeMaxLocal, local))
			offset := int32(0)
			if w&1 == 1 { // randOffset's, within the bounds
				offset = int32(max(-format.TimeMaxOffset, min(format.TimeMaxOffset, randOffset(rng))))
			}
			zeroPlus := w&2 == 2
			check(local, offset, zeroPlus)
			if i%2 == 0 { // a second column, with the same cache
				other = max(format.TimeMinLocal, min(format.TimeMaxLocal, other+rng.Int64N(5000)-1000))
				check(other, offset, zeroPlus)
			}
		}
	}
}

// TestTimeCellRejectsThenWrites checks that a cell that is not Valid is
// rejected between valid ones of the same hour and cache, and that the
// cells after it are written right.
func TestTimeCellRejectsThenWrites(t *testing.T) {
	var cache DateCache
	const local = 1_700_000_000
	if _, ok := AppendTimeCellJSON(nil, local, 1234*10+3, 0, false, &cache); ok { // 1234 in 3 digits
		t.Fatal("fraction past its digits accepted")
	}
	got, ok := AppendTimeCellJSON(nil, local, 0, 0, false, &cache)
	if want := timeCellWant(local, 0, 0, 0, false); !ok || string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	for _, c := range []struct {
		local  int64
		frac   uint64
		offset int64
		what   string
	}{
		{local + 1, 10_000_000_000, 0, "fraction of ten digits"},
		{local + 2, 1e9*10 + 9, 0, "fraction past nine digits"},
		{local + 3, 0, format.TimeMaxOffset + 1, "offset past the bound"},
		{local + 4, 0, -format.TimeMaxOffset - 1, "offset below the bound"},
		{format.TimeMaxLocal + 1, 0, 0, "local past the last"},
	} {
		if _, ok := AppendTimeCellJSON(nil, c.local, c.frac, c.offset, false, &cache); ok {
			t.Errorf("%s accepted", c.what)
		}
	}
	got, ok = AppendTimeCellJSON(nil, local+59, 5*10+1, 0, false, &cache)
	if want := timeCellWant(local+59, 1, 5, 0, false); !ok || string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}
