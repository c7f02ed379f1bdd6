package rowpage

import (
	"bytes"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

// TestEncoderReuse checks that an Encoder writing a sequence of different
// pages (large then small, rows then values, many shapes then few) writes
// each exactly as a fresh Encoder does, including when the interner's page
// generation wraps around.
func TestEncoderReuse(t *testing.T) {
	inputs := []any{
		dataset.Rows(1000), dataset.SparseMaps(500), dataset.Rows(3), 42, dataset.GenericMaps(10),
		dataset.SparseMaps(5), "x", dataset.Events(20), []int{1, 2}, dataset.Rows(1), dataset.SparseMaps(300),
		map[string]any{"a": 1.0}, dataset.Maps(7),
	}
	want := make([][]byte, len(inputs))
	for i, v := range inputs {
		var err error
		if want[i], err = NewEncoder().Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	e := NewEncoder()
	for round := range 3 {
		if round == 2 {
			e.b.In.Gen = 1<<16 - 3 // wraps within the round
		}
		for i, v := range inputs {
			got, err := e.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want[i]) {
				t.Fatalf("round %d, input %d (%T): page differs from a fresh encoder's", round, i, v)
			}
		}
	}
}
