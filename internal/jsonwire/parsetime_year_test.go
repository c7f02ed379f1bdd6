package jsonwire

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestParseTimestampYearMemo checks ParseTimestampDay against
// ParseTimestamp on dates drawn at random from a few years, so that the
// memo's year (yearMemo) mostly matches and its date does not: common and
// leap years (1900 and 2100 common, 2000 leap), the first and last years,
// with months 00-13 and days 00-32 so that February 29, the day after
// each month's last and months out of range follow a year the memo holds.
func TestParseTimestampYearMemo(t *testing.T) {
	var m DayMemo
	r := rand.New(rand.NewPCG(21, 22))
	years := []int{2024, 2025, 1900, 2000, 2100, 0, 9999}
	year := years[0]
	for range 300_000 {
		if r.IntN(50) == 0 {
			year = years[r.IntN(len(years))]
		}
		s := fmt.Sprintf("%04d-%02d-%02dT%02d:59:07.25-03:30", year, r.IntN(14), r.IntN(33), r.IntN(24))
		want, wok := ParseTimestamp(s)
		if got, ok := ParseTimestampDay(s, &m); got != want || ok != wok {
			t.Fatalf("ParseTimestampDay(%q) = %+v, %v; ParseTimestamp %+v, %v", s, got, ok, want, wok)
		}
	}
}
