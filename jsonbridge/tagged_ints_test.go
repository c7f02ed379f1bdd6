package jsonbridge

import (
	"strconv"
	"strings"
	"testing"
)

// TestTaggedShortIntegers checks the tokenizer's way for integers of one
// and two digits nested in cells (and a 0 before anything), which it
// writes from the first bytes of one load: every value of up to three
// digits, with leading zeros, followed by each byte that can end or go on
// with a number, as an array's element and an object's member, first,
// last and between others, with the 16 bytes of text after it that the
// way needs and without them. Each page must be the Builder's, byte for
// byte, and each error its error.
func TestTaggedShortIntegers(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	var vals []string
	for v := range 1000 {
		vals = append(vals, strconv.Itoa(v))
	}
	vals = append(vals, "00", "01", "09", "001", "010", "-1", "-12", "1a", "12a")
	pad := `,"p":"` + strings.Repeat("x", 20) + `"`
	for _, v := range vals {
		for _, tail := range []string{"", ".5", ".", "e3", "E-2", "e", "x", " ", "\n", "0", "9"} {
			x := v + tail
			for _, text := range []string{
				`[{"c":[` + x + `,1]` + pad + `}]`,
				`[{"c":[1,` + x + `]` + pad + `}]`,
				`[{"c":{"a":` + x + `,"b":[` + x + `]}` + pad + `}]`,
				`[{"c":{"b":2,"a":` + x + `}` + pad + `},{"c":{"b":2,"a":` + x + `}` + pad + `}]`,
				`[{"c":[` + x + `]}]`,
			} {
				sameAsBuilder(t, p, text, []byte(text))
			}
		}
	}
}
