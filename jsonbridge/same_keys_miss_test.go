package jsonbridge

import (
	"strconv"
	"strings"
	"testing"
)

// TestShuffledThenShapedRowsEqualBuilderPages builds, through the cell
// sink and through the Builder's methods, pages whose rows shuffle their
// keys for a while (so that the tokenizer stops matching a row's keys
// against the previous row's) and then settle into one shape, shuffle
// again, or settle into another, and compares them byte for byte.
func TestShuffledThenShapedRowsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	shuffled := []string{`"a":1,"b":2,"c":3`, `"b":2,"c":3,"a":1`, `"c":3,"a":1,"b":2`, `"b":2,"a":1`, `"c":3`}
	settled := []string{`"a":1,"b":2,"c":3`, `"b":2,"c":3,"a":1`, `"a":1,"b":{"x":[1]},"c":3,"d":4`}
	for _, miss := range []int{3, 4, 5, 9} {
		for _, run := range []int{1, 15, 16, 17, 40} {
			var rows []string
			for phase, shape := range settled {
				for i := range miss {
					rows = append(rows, "{"+shuffled[(i+phase)%len(shuffled)]+"}")
				}
				if phase == 1 {
					rows = append(rows, "null", "{}")
				}
				for range run {
					rows = append(rows, "{"+shape+"}")
				}
			}
			x := "[" + strings.Join(rows, ",") + "]"
			sameAsBuilder(t, p, strconv.Itoa(miss)+","+strconv.Itoa(run)+": "+x, []byte(x))
		}
	}
}
