package rowpage_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage"
)

// Times kept as RFC 3339 text in string fields are stored as time cells
// and decoded back to the same text, through a DateCache per call: days
// that share a slot of the cache (128 days apart), the same day many
// times, every fraction length and zone form, in one page and across
// calls that reuse pooled caches.
func TestDecodeTimeTextThroughDateCache(t *testing.T) {
	type row struct {
		At   string `json:"at"`
		Note string `json:"note"`
	}
	base := time.Date(2025, 3, 14, 10, 4, 15, 738123456, time.UTC)
	zones := []*time.Location{time.UTC, time.FixedZone("", 0), time.FixedZone("", 5*3600+30*60), time.FixedZone("", -7*3600)}
	var rows []row
	for i := range 600 {
		day := (i * 37) % 700 // collisions in every slot, repeats of each day
		if i%5 == 0 {
			day = (i / 5) * 128 % 2048 // days 128 apart: one slot
		}
		at := base.AddDate(0, 0, day).Add(time.Duration(i) * 1013 * time.Second)
		text := at.In(zones[i%len(zones)]).Format(time.RFC3339Nano)
		switch i % 4 {
		case 1:
			text = at.Format("2006-01-02T15:04:05.000+00:00")
		case 2:
			text = at.Format("2006-01-02T15:04:05Z")
		}
		rows = append(rows, row{At: text, Note: "n"})
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	for call := range 3 { // later calls take caches the earlier ones filled
		var got []row
		if err := rowpage.Unmarshal(page, &got); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(rows, got); diff != "" {
			t.Fatalf("call %d: decoded text differs (-want +got):\n%s", call, diff)
		}
	}
}
