package rowpage

import (
	"bytes"
	"math"
	"testing"
)

// TestMapIntCells builds pages of map rows {"a": v, "b": "x"} for every
// sequence of up to three values of a list of Go integers (int and
// int64, at the varint and sign boundaries) mixed with the other kinds a
// column may hold, with Marshal (whose anyCell writes int and int64 cells
// itself) and with the Builder (whose Value writes them through anyValue
// and putInt), and requires the same bytes, on rows whose keys vary
// (setRow) and rows that repeat them.
func TestMapIntCells(t *testing.T) {
	cells := []any{
		0, 1, -1, 127, 128, -129, 16384, math.MaxInt, math.MinInt,
		int64(0), int64(7), int64(-7), int64(math.MaxInt64), int64(math.MinInt64),
		1.0, 0.5, nil, "s", true, uint64(math.MaxUint64),
	}
	var seqs [][]any
	var grow func(seq []any, n int)
	grow = func(seq []any, n int) {
		if len(seq) > 0 {
			seqs = append(seqs, seq)
		}
		if len(seq) == n {
			return
		}
		for _, v := range cells {
			grow(append(seq[:len(seq):len(seq)], v), n)
		}
	}
	grow(nil, 3)
	enc := NewEncoder()
	for _, seq := range seqs {
		for _, vary := range []bool{false, true} {
			rows := make([]map[string]any, len(seq))
			b := NewBuilder()
			b.StartRows()
			for i, v := range seq {
				rows[i] = map[string]any{"a": v, "b": "x"}
				b.BeginRow()
				b.Key("a")
				b.Value(v)
				b.Key("b")
				b.String("x")
				if vary && i%2 == 1 {
					rows[i]["c"] = i
					b.Key("c")
					b.Value(i)
				}
				b.EndRow()
			}
			want, err := b.Finish(nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := enc.Marshal(rows)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%v (vary %v): Marshal gives\n%x\nthe Builder\n%x", seq, vary, got, want)
			}
		}
	}
}
