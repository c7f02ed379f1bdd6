package jsonbridge

import (
	"strings"
	"testing"
)

// TestBigIntCellsEqualBuilderPages checks the cells of integers of 18 to
// 21 digits, which the tokenizer gives to the cell sink with their
// magnitude read (cellSink.BigInt) when they fit, against the Builder's
// pages, which read their text (Number): every edge of the int64 and
// uint64 ranges with both signs, in a column of integers alone, in a
// column that also holds strings, and as the only cell of its column.
func TestBigIntCellsEqualBuilderPages(t *testing.T) {
	edges := []string{
		"999999999999999999", "1000000000000000000", "9223372036854775807", "9223372036854775808",
		"9223372036854775809", "9999999999999999999", "10000000000000000000", "12345678901234567890",
		"18446744073709551615", "18446744073709551616", "19999999999999999999", "20000000000000000000",
		"99999999999999999999", "100000000000000000000",
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	var all, mixed []string
	for _, e := range edges {
		for _, sign := range []string{"", "-"} {
			n := sign + e
			all = append(all, `{"n":`+n+`}`)
			mixed = append(mixed, `{"n":`+n+`}`, `{"n":"s"}`)
			sameAsBuilder(t, p, n, []byte(`[{"n":`+n+`,"s":"x"}]`))
		}
	}
	sameAsBuilder(t, p, "integers", []byte("["+strings.Join(all, ",")+"]"))
	sameAsBuilder(t, p, "mixed", []byte("["+strings.Join(mixed, ",")+"]"))
}
