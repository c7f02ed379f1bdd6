package jsontext

import (
	"strconv"
	"strings"
	"testing"
)

// TestCellNegativeEveryLengthEveryEnd parses a negative number that is a
// whole cell, of every digit count from -1 to -9223372036854775808 and one
// past it, followed by each kind of byte that can end it and by 0 to 11
// spaces, so that the cell ends at every position of a word and at the
// end of the input (what a short path that loads a word after the sign,
// like value's for positive integers, must get right): a valid integer of
// up to 18 bytes must come to Int with strconv's value, any other valid
// number (-0, 19 bytes or more) to Number as its exact text, and text
// json.Valid rejects must fail.
func TestCellNegativeEveryLengthEveryEnd(t *testing.T) {
	var p Parser
	bodies := []string{"0", "01", "00", "9223372036854775808", "9223372036854775809"}
	for n := 1; n <= 19; n++ {
		bodies = append(bodies, strings.Repeat("9081726354", 2)[:n], "1"+strings.Repeat("0", n-1))
	}
	for _, body := range bodies {
		for _, end := range []string{"", ".5", ".", "e3", "E+2", "e", "x", "0", " ", "-", ",", "]"} {
			for pad := 0; pad < 12; pad++ {
				checkWholeCell(t, &p, "-"+body+end+strings.Repeat(" ", pad), func(num string) (int64, bool) {
					v, err := strconv.ParseInt(num, 10, 64)
					return v, err == nil && len(num) <= maxFastDigits && v != 0
				})
			}
		}
	}
}

// TestCellNegativeErrors pins the errors of bad negative cells, with and
// without a word of text after the sign: each at the offset and with the
// message number gives ("-01" stops after "-0", as encoding/json does).
func TestCellNegativeErrors(t *testing.T) {
	var p Parser
	for _, c := range []struct {
		text string
		want string
	}{
		{"-01", "invalid character '1' after top-level value at byte 2"},
		{"-01        ", "invalid character '1' after top-level value at byte 2"},
		{"-", "unexpected end of JSON input at byte 1"},
		{"-x        ", "invalid character 'x' in numeric literal at byte 1"},
		{"--1       ", "invalid character '-' in numeric literal at byte 1"},
		{"- 1       ", "invalid character ' ' in numeric literal at byte 1"},
		{"-12x      ", "invalid character 'x' after top-level value at byte 3"},
		{"-1.       ", "invalid character ' ' after decimal point in numeric literal at byte 3"},
	} {
		var s intSink
		e := p.Value(&s, []byte(c.text), 10)
		if e == nil || e.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.text, e, c.want)
		}
	}
}
