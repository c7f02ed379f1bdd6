package jsonwire

import (
	"testing"
	"time"
)

// TestDaysFromCivil checks daysFromCivil against package time on every day
// of the range that TestCivilDays checks civilFromDays on.
func TestDaysFromCivil(t *testing.T) {
	for days := int64(-1_000_000); days <= 3_000_000; days++ {
		tm := time.Unix(days*86400, 0).UTC()
		if got := daysFromCivil(int64(tm.Year()), int64(tm.Month()), int64(tm.Day())); got != days {
			t.Fatalf("daysFromCivil(%v) = %d, want %d", tm, got, days)
		}
	}
}
