package sqlpage_test

import (
	"bytes"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, whatever the host has

	"github.com/rowpage/rowpage/sqlpage"
)

// TestSQLTimeZones: a time column's cells, whose zone offsets the direct
// path remembers per column (format.ZoneMemo), write the page the Builder
// writes cell by cell when the column's times walk across daylight-saving
// changes, switch Location now and then, and (in the first cell or in
// the middle) are in the first valid year or past the last.
func TestSQLTimeZones(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	locs := []*time.Location{berlin, berlin, berlin, time.UTC, time.FixedZone("", -7*3600), time.Local}
	mode, err := sqlpage.SQLOptions{}.SQLMode()
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 3, 28, 0, 0, 0, 0, berlin)
	for _, odd := range []time.Time{{}, time.Date(0, 1, 1, 0, 30, 0, 0, berlin), time.Date(9999, 12, 31, 23, 59, 0, 0, time.UTC).In(berlin)} {
		for _, at := range []int{-1, 0, 45} {
			res := fakeResult{cols: []string{"id", "at"}, types: []string{"INT8", "TIMESTAMPTZ"}}
			for i := range 200 {
				x := t0.Add(time.Duration(i) * 4 * time.Hour).In(locs[i/7%len(locs)])
				if i%31 == 30 {
					x = x.Add(123456789) // fractional seconds
				}
				if i == at && !odd.IsZero() {
					x = odd
				}
				res.rows = append(res.rows, []any{int64(i), x})
			}
			var pages [2][]byte
			var errs [2]error
			for i, m := range []*sqlpage.SQLMode{mode, sqlpage.GenericSQLMode(mode)} {
				rows, err := fakeDB(t, res).Query("q")
				if err != nil {
					t.Fatal(err)
				}
				pages[i], errs[i] = m.AppendSQL(nil, rows)
			}
			if !bytes.Equal(pages[0], pages[1]) || (errs[0] == nil) != (errs[1] == nil) {
				t.Fatalf("odd %v at %d: the page differs from the one written through the Builder (errors %v, %v)", odd, at, errs[0], errs[1])
			}
		}
	}
}
