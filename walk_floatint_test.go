package rowpage

import (
	"bytes"
	"math"
	"testing"
)

// floatIntCells are cell values around the integral-float columns of
// floatcol.go: whole floats at the varint and FloatIntMax boundaries, -0,
// fractions, large floats, and the other kinds that turn a column into
// tagged values.
var floatIntCells = []any{
	0.0, 1.0, -1.0, 127.0, 128.0, 16383.0, 16384.0, -16384.0, 1e15, float64(1 << 53), -float64(1 << 53),
	float64(1<<53 + 2), math.Copysign(0, -1), 0.5, 12.25, 1e300, -1e-300, 5e-324,
	nil, "s", "2024-03-04T10:50:07Z", true, int64(7), []any{1.0, 2.5}, map[string]any{"k": 3.0},
}

// TestFloatIntColumns builds pages of rows {"a": v} for every sequence of
// up to three values of floatIntCells, and of four for a subset, with
// Marshal (whose map cells keep whole floats as integers while their
// column holds only those) and with the Builder (whose Value writes every
// cell's float as its float cell), and requires the same bytes; then rows
// that nest them in arrays and objects (which Marshal writes as
// TagFloatInt values at once), against an encoder that writes every float
// as its cell (walker.cellFloats), and the JSON json.Marshal writes.
func TestFloatIntColumns(t *testing.T) {
	seqs := cellSequences(floatIntCells, 3)
	seqs = append(seqs, cellSequences([]any{1.0, 0.5, math.Copysign(0, -1), float64(1<<53 + 2), nil, "s", int64(7)}, 4)...)
	enc, ref := NewEncoder(), NewEncoder()
	ref.w.cellFloats = true
	for _, seq := range seqs {
		rows := sameCellsAsBuilder(t, enc, seq, false)
		// Nested: in arrays and objects, and a column of both.
		for i, v := range seq {
			rows[i] = map[string]any{"n": []any{v, seq[0]}, "m": map[string]any{"k": v, "j": []any{seq}}, "x": seq}
			if i%2 == 1 {
				rows[i]["x"] = v
			}
		}
		got, err := enc.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ref.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%v nested: Marshal gives\n%x\nwith float cells\n%x", seq, got, want)
		}
	}
	checkJSON(t, []map[string]any{{"a": 1.0}, {"a": 2.0}, {"a": nil}, {"a": 3.0}})
	checkJSON(t, []map[string]any{{"a": 1.0}, {"a": 2.5}, {"a": 3.0}})
	checkJSON(t, []map[string]any{{"a": 1.0}, {"a": math.Copysign(0, -1)}, {"a": "x"}})
	checkJSON(t, []map[string]any{{"a": []any{1.0, 2.5, -0.0, map[string]any{"b": float64(1 << 53)}}}})
}
