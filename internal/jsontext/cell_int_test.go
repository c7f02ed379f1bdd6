package jsontext

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestCellIntegerEveryLengthEveryEnd parses a number that is a whole
// cell (value's short path for integers of up to 7 digits, when 16 bytes
// of text remain) of 1 to 10 digits, with leading zeros, fractions and
// exponents, followed by each kind of byte that can end it and by enough
// spaces for the short path or too few: a valid integer of up to 18 digits
// must come to Int with strconv's value, any other valid number to Number
// as its text, and text json.Valid rejects must fail.
func TestCellIntegerEveryLengthEveryEnd(t *testing.T) {
	var p Parser
	for n := 1; n <= 10; n++ {
		for _, first := range "019" {
			digits := string(first) + strings.Repeat("9081726354", 2)[:n-1]
			for _, end := range []string{"", ".5", ".", "e3", "E+2", "e", "x", "0", " "} {
				for pad := 0; pad < 20; pad++ {
					checkWholeCell(t, &p, digits+end+strings.Repeat(" ", pad), func(num string) (int64, bool) {
						v, err := strconv.ParseInt(num, 10, 64)
						return v, err == nil
					})
				}
			}
		}
	}
}

// checkWholeCell parses text as one cell: text json.Valid rejects must
// fail; a valid number must come to Int with the value asInt gives for its
// trimmed text when asInt accepts it, else to Number as that exact text.
func checkWholeCell(t *testing.T, p *Parser, text string, asInt func(num string) (int64, bool)) {
	t.Helper()
	var s intSink
	e := p.Value(&s, []byte(text), 10)
	if !json.Valid([]byte(text)) {
		if e == nil {
			t.Fatalf("%q: no error, ints %v, numbers %q", text, s.ints, s.nums)
		}
		return
	}
	if e != nil {
		t.Fatalf("%q: %v", text, e)
	}
	num := strings.TrimSpace(text)
	if want, ok := asInt(num); ok {
		if len(s.ints) != 1 || s.ints[0] != want || len(s.nums) != 0 {
			t.Fatalf("%q: ints %v, numbers %q, want %d", text, s.ints, s.nums, want)
		}
	} else if len(s.nums) != 1 || s.nums[0] != num || len(s.ints) != 0 {
		t.Fatalf("%q: ints %v, numbers %q, want %q", text, s.ints, s.nums, num)
	}
}
