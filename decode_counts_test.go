package rowpage

import (
	"math"
	"strconv"
	"testing"
)

// Element counts and integers that the byte-level decoders read without a
// call when they take one byte (counts) or up to two (integers of []int64
// fields), at the boundaries of those lengths, against encoding/json.

type countInner struct {
	Ints []int64        `json:"ints"`
	Strs []string       `json:"strs"`
	N    int64          `json:"n"`
	M    map[string]any `json:"m"`
	Sub  *countInner    `json:"sub"`
}

type countRow struct {
	In   countInner     `json:"in"`
	P    *countInner    `json:"p"`
	L    []countInner   `json:"l"`
	Strs []string       `json:"strs"`
	M    map[string]any `json:"m"`
	A    any            `json:"a"`
}

func TestDecodeCountBoundaries(t *testing.T) {
	ints := []int64{0, 63, 64, -64, -65, 8191, 8192, -8192, -8193, 1<<20 - 1, 1 << 20, math.MaxInt64, math.MinInt64}
	var rows []map[string]any
	var prev map[string]any
	for _, n := range []int{0, 1, 127, 128, 129, 300} {
		is := make([]any, n)
		ss := make([]any, n)
		m := map[string]any{}
		for i := range n {
			is[i] = ints[i%len(ints)]
			ss[i] = "s" + strconv.Itoa(i%200)
			if i%50 == 7 {
				ss[i] = nil // an array with a null is not a string list
			}
			m["k"+strconv.Itoa(i)] = is[i]
		}
		inner := map[string]any{"ints": is, "strs": ss, "n": ints[n%len(ints)], "m": m}
		for i := range n { // members no field takes: objects of n+4 members
			inner["x"+strconv.Itoa(i)] = i
		}
		if prev != nil {
			inner["sub"] = prev // an object inside an object (structBytes)
		}
		prev = inner
		rows = append(rows, map[string]any{"in": inner, "p": inner, "l": []any{inner, inner}, "strs": ss, "m": m, "a": inner})
	}
	for _, v := range ints {
		rows = append(rows, map[string]any{"in": map[string]any{"n": v, "ints": []any{v, v}}})
	}
	sameAsJSON[[]countRow](t, rows)
	sameAsJSON[[]map[string]any](t, rows)
	sameAsJSON[[]any](t, rows)
}
