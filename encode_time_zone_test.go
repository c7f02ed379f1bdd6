package rowpage

import (
	"testing"
	"time"
)

// zoneTimes are times whose zone offset changes from one to the next in
// every way the walker's zone memo must notice: another Location with the
// same instant, the same Location across a daylight-saving change, a
// fixed zone made anew for each time, and the zero time.
func zoneTimes(t *testing.T) []time.Time {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Skip("no zone database:", err)
	}
	base := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC) // Berlin moves to +02:00 at 01:00 UTC
	var ts []time.Time
	for i := range 12 {
		at := base.Add(time.Duration(i) * 15 * time.Minute)
		ts = append(ts, at, at.In(berlin), at.In(berlin).Add(500*time.Millisecond),
			at.In(time.FixedZone("", -5*3600)), at.In(time.FixedZone("x", (i%3)*1800)))
	}
	return append(ts, time.Time{}, time.Date(1, 1, 1, 0, 0, 0, 0, berlin), time.Date(9999, 12, 31, 23, 0, 0, 0, berlin))
}

// TestTimesAcrossZonesMatchJSON writes times whose zones change from cell to
// cell, as struct columns (putTimeAt), nested struct fields and generic
// values (putTime), and holds each page to encoding/json's text: every
// time's offset is its own, whatever the time before it was.
func TestTimesAcrossZonesMatchJSON(t *testing.T) {
	type inner struct {
		At time.Time `json:"at"`
		N  int       `json:"n"`
	}
	type row struct {
		At  time.Time  `json:"at"`
		P   *time.Time `json:"p"`
		In  inner      `json:"in"`
		Any any        `json:"any"`
	}
	ts := zoneTimes(t)
	rows := make([]row, len(ts))
	generic := make([]map[string]any, len(ts))
	for i := range ts {
		j := len(ts) - 1 - i
		rows[i] = row{At: ts[i], P: &ts[j], In: inner{At: ts[(i+7)%len(ts)], N: i}, Any: []any{ts[j], ts[i]}}
		generic[i] = map[string]any{"at": ts[i], "list": []any{ts[j], map[string]any{"t": ts[(i+3)%len(ts)]}}}
	}
	checkJSON(t, rows)
	checkJSON(t, generic)
	// A second page after the first: the memo is kept from call to call.
	checkJSON(t, rows[len(rows)/2:])
}
