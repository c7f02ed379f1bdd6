package rowpage

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage/internal/dataset"
)

// mapBesideStructs has a map[string]any field beside nested structs, as
// dataset.Event does, and a field whose cells can fail.
type mapBesideStructs struct {
	ID      string         `json:"id"`
	Actor   dataset.Actor  `json:"actor"`
	Payload map[string]any `json:"payload"`
	Small   int8           `json:"small"`
}

// TestDecodeMapAnyByColumns decodes pages whose struct has a
// map[string]any field, which outside JSON-compatible decoding go column
// by column (fastRows, byColumns), and the same rows followed by a null
// row, which go row by row: the rows must decode the same, and a failing
// cell must fail the same way, reported at the same row.
func TestDecodeMapAnyByColumns(t *testing.T) {
	events := dataset.Events(40)
	var rows []map[string]any
	for i, e := range events {
		rows = append(rows, map[string]any{"id": e.ID, "actor": e.Actor, "payload": e.Payload, "small": i % 100})
	}
	bad := append([]map[string]any(nil), rows...)
	bad[7] = map[string]any{"id": "7", "actor": e0(events), "payload": map[string]any{"n": int64(1 << 40), "s": "x"}, "small": 1000}
	bad[3] = map[string]any{"id": "3", "actor": map[string]any{"id": "not a number"}, "payload": nil, "small": 1}
	for name, in := range map[string][]map[string]any{"good": rows, "bad": bad, "one": rows[:1]} {
		byCols, byColsErr := decodeByColumnsAndRows(t, in)
		byRows, byRowsErr := decodeByColumnsAndRows(t, append(append([]map[string]any(nil), in...), nil))
		if (byColsErr == nil) != (byRowsErr == nil) {
			t.Fatalf("%s: by columns: %v; by rows: %v", name, byColsErr, byRowsErr)
		}
		if byColsErr != nil {
			e1, e2 := byColsErr.(*Error), byRowsErr.(*Error)
			if e1.Row != e2.Row || e1.Column != e2.Column || e1.Msg != e2.Msg {
				t.Fatalf("%s: by columns: %v; by rows: %v", name, byColsErr, byRowsErr)
			}
			continue
		}
		if d := cmp.Diff(byRows[:len(in)], byCols); d != "" {
			t.Fatalf("%s: by columns differs from by rows (-rows +columns):\n%s", name, d)
		}
	}
}

func e0(events []dataset.Event) dataset.Actor { return events[0].Actor }

// decodeByColumnsAndRows marshals in and decodes the page with the default mode.
func decodeByColumnsAndRows(t *testing.T, in []map[string]any) ([]mapBesideStructs, error) {
	t.Helper()
	page, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out []mapBesideStructs
	err = Unmarshal(page, &out)
	return out, err
}
