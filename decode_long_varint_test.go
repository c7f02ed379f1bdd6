package rowpage_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestUnmarshalLongVarints decodes integers of every varint length (one
// to ten bytes, zigzag) held in nested objects, as a struct field and as
// a map[string]any value, at the start, middle and end of their column's
// payload: the readers of varints of three bytes or more take them from
// one load when eight bytes are left and fall back to UvarintAt near the
// payload's end or past eight bytes.
func TestUnmarshalLongVarints(t *testing.T) {
	type inner struct {
		N int64 `json:"n"`
	}
	type row struct {
		S inner          `json:"s"`
		M map[string]any `json:"m"`
	}
	var vals []int64
	for shift := 0; shift < 63; shift += 7 {
		x := int64(1) << shift
		vals = append(vals, x-1, x, -x, x+1)
	}
	vals = append(vals, math.MaxInt64, math.MinInt64, math.MaxInt64-1)
	var rows []row
	for _, v := range vals {
		rows = append(rows, row{S: inner{N: v}, M: map[string]any{"n": v}})
	}
	for n := 1; n <= len(rows); n++ {
		for _, in := range [][]row{rows[:n], rows[len(rows)-n:]} {
			page, err := rowpage.Marshal(in)
			if err != nil {
				t.Fatal(err)
			}
			var out []row
			if err := rowpage.Unmarshal(page, &out); err != nil {
				t.Fatal(err)
			}
			for i := range in {
				if out[i].S != in[i].S {
					t.Fatalf("rows %d: row %d: struct field %d, want %d", len(in), i, out[i].S.N, in[i].S.N)
				}
				want := map[string]any{"n": in[i].M["n"].(int64)}
				if !reflect.DeepEqual(out[i].M, want) {
					t.Fatalf("rows %d: row %d: map %#v, want %#v", len(in), i, out[i].M, want)
				}
			}
		}
	}
}
