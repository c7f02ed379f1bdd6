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
	enc := NewEncoder()
	for _, seq := range cellSequences(cells, 3) {
		for _, vary := range []bool{false, true} {
			sameCellsAsBuilder(t, enc, seq, vary)
		}
	}
}

// cellSequences returns every sequence of 1 to n values of cells, each
// sequence followed by those it starts.
func cellSequences(cells []any, n int) [][]any {
	var seqs [][]any
	var grow func(seq []any)
	grow = func(seq []any) {
		if len(seq) > 0 {
			seqs = append(seqs, seq)
		}
		if len(seq) == n {
			return
		}
		for _, v := range cells {
			grow(append(seq[:len(seq):len(seq)], v))
		}
	}
	grow(nil)
	return seqs
}

// sameCellsAsBuilder requires enc.Marshal of the rows {"a": v, "b": "x"},
// one for each value v of seq (and "c": i in its odd rows i if vary), to
// write the page the Builder writes for them, whose Value takes every
// cell through anyValue. It returns the rows.
func sameCellsAsBuilder(t *testing.T, enc *Encoder, seq []any, vary bool) []map[string]any {
	t.Helper()
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
	return rows
}
