package pagebuild

import (
	"strings"
	"testing"
)

// TestMayBeTextTime: MayBeTextTime, the inlined test callers run before
// CellTextTime and NestedTextTime, passes every string TextTime takes as a
// text time (so skipping those calls when it fails changes no page), and
// fails the strings of other lengths or without the 'T'.
func TestMayBeTextTime(t *testing.T) {
	times := []string{
		"2026-12-04T09:00:00Z",
		"2026-12-04T09:00:00.5Z",
		"2026-12-04T09:00:00.123456789Z",
		"2026-12-04T09:00:00+00:00",
		"2026-12-04T09:00:00-07:30",
		"2026-12-04T09:00:00.123456789+14:00",
		"0000-01-01T00:00:00Z",
	}
	for _, s := range times {
		if _, ok := TextTime(s); !ok {
			t.Fatalf("test table: TextTime(%q) is not a text time", s)
		}
		if !MayBeTextTime(s) {
			t.Errorf("MayBeTextTime(%q) = false for a text time", s)
		}
	}
	others := []string{
		"", "T", "2026-12-04", "2026-12-04T09:00:0Z", // too short
		"2026-12-04T09:00:00.1234567890+14:00", // too long
		"2026-12-04 09:00:00Z",                 // no 'T'
		strings.Repeat("x", 20), strings.Repeat("x", 35),
	}
	for _, s := range others {
		if MayBeTextTime(s) {
			t.Errorf("MayBeTextTime(%q) = true", s)
		}
		if _, ok := TextTime(s); ok {
			t.Errorf("TextTime(%q) took it as a text time", s)
		}
	}
	// Every string of length 0 to 40 that TextTime takes passes.
	for n := 0; n <= 40; n++ {
		s := []byte(strings.Repeat("0", n))
		if n > 10 {
			s[10] = 'T'
		}
		if _, ok := TextTime(string(s)); ok && !MayBeTextTime(string(s)) {
			t.Errorf("MayBeTextTime(%q) = false, TextTime took it", s)
		}
	}
}
