package rowpage

import (
	"testing"
	"time"
)

// TestRowTimeDigits reads time cells of every fraction length, in UTC and
// in a fixed zone, with Row.Time, whose UTC case reads the timestamp in
// place: each must be the instant written, in UTC for a zero offset and in
// a zone of the offset otherwise, exactly as timeOf gives it.
func TestRowTimeDigits(t *testing.T) {
	type row struct {
		T time.Time `json:"t"`
	}
	zone := time.FixedZone("", -5*3600)
	var rows []row
	for _, loc := range []*time.Location{time.UTC, zone} {
		for d, ns := range []int{0, 100_000_000, 120_000_000, 123_000_000, 123_400_000, 123_450_000, 123_456_000, 123_456_700, 123_456_780, 123_456_789} {
			rows = append(rows, row{time.Date(2025, time.March, 14, 10, d, 15, ns, loc)})
		}
	}
	p := openMarshalled(t, rows)
	c, _ := p.Column("t")
	for r := range p.Rows() {
		want := rows[r.Index()].T
		got, ok := r.Time(c)
		ref := timeOf(r.cell(c).Time)
		if !ok || !got.Equal(want) || got.Location().String() != ref.Location().String() || got != ref {
			t.Errorf("row %d: Time = %v, %v; want %v (timeOf %v)", r.Index(), got, ok, want, ref)
		}
		if _, off := got.Zone(); off != 0 && want.Location() == time.UTC {
			t.Errorf("row %d: Time %v is not in UTC", r.Index(), got)
		}
	}
}
