package jsonbridge_test

import (
	"math"
	"testing"
)

// uintEdges is every digit-count boundary of a uint64 (0, 9, 10, 99, 100,
// ..., 10^19-1, 10^19) and the signed and unsigned extremes.
func uintEdges() []uint64 {
	vals := []uint64{0}
	for p := uint64(10); ; p *= 10 {
		vals = append(vals, p-1, p, p+1)
		if p == 1e19 {
			break
		}
	}
	return append(vals, math.MaxInt64, 1<<63, math.MaxUint64-1, math.MaxUint64)
}

// TestAppendJSONUintEdges renders unsigned cells at every boundary as
// encoding/json does, byte for byte: as a struct column (EncUint, from
// the values past 2^63), in rows of maps of differing keys (the varied
// rows' loop), as cells of a column that also holds strings (EncAny),
// and inside nested arrays.
func TestAppendJSONUintEdges(t *testing.T) {
	type row struct {
		U uint64 `json:"u"`
		S string `json:"s"`
	}
	vals := uintEdges()
	var rows []row
	var maps, mixed []map[string]any
	for i, v := range vals {
		rows = append(rows, row{v, "x"})
		m := map[string]any{"u": v}
		if i%3 == 0 {
			m["k"] = i
		}
		maps = append(maps, m)
		var other any = v
		if i%2 == 1 {
			other = "s"
		}
		mixed = append(mixed, map[string]any{"a": other, "l": []any{v, "t", []uint64{v, v / 7}}})
	}
	same(t, rows)
	same(t, maps)
	same(t, mixed)
	// Each value alone in a column, and the column's largest first.
	for _, v := range vals {
		same(t, []row{{v, ""}, {math.MaxUint64, ""}, {v, ""}})
	}
}
