package jsonbridge_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// writesRecorder keeps a copy of each Write.
type writesRecorder struct{ writes [][]byte }

func (w *writesRecorder) Write(p []byte) (int, error) {
	w.writes = append(w.writes, bytes.Clone(p))
	return len(p), nil
}

// writeRowsPages are pages of rows whose JSON spans several of WriteJSON's
// chunks: of one shape, with null rows among several shapes, of a shape a
// row (varied), of rows longer than a chunk, and of repeated object cells.
func writeRowsPages(t *testing.T) map[string][]byte {
	type obj = map[string]any
	var nulls, varied, long, repeats []any
	for i := range 3000 {
		if i%7 == 3 {
			nulls = append(nulls, nil)
		} else {
			nulls = append(nulls, obj{"i": i, "s": fmt.Sprint("v", i%5), "t": strings.Repeat("t", i%60)})
		}
		row := obj{}
		for k := range 12 { // a set of keys a row: about a shape a row
			if i>>k&1 == 1 {
				row[fmt.Sprint("k", k)] = i * k
			}
		}
		varied = append(varied, row)
		repeats = append(repeats, obj{"id": i, "o": obj{"n": i % 40, "t": strings.Repeat("<x>", 20+i%40)}})
	}
	for i := range 12 { // 20 KiB to 60 KiB a row
		long = append(long, obj{"i": i, "s": strings.Repeat(string(rune('a'+i)), 20<<10*(1+i%3))})
	}
	pages := map[string][]byte{"one shape": mustPage(t, dataset.Rows(3000))}
	for name, v := range map[string]any{"null rows": nulls, "varied": varied, "long rows": long, "repeats": repeats} {
		page, err := rowpage.Marshal(v)
		if err != nil {
			t.Fatal(name, err)
		}
		pages[name] = page
	}
	return pages
}

// TestWriteRowsChunksAsGeneralLoop: WriteJSON with neither Offset nor
// Limit renders its rows a chunk at a time (writeRows); its Writes must be
// those of the general loop, a row at a time (a mode with a Limit past the
// last row), byte for byte and chunk for chunk, with and without an
// envelope, on a first call and on the next, which reuses its buffers.
func TestWriteRowsChunksAsGeneralLoop(t *testing.T) {
	env := &jsonbridge.Envelope{CountKey: "n", Before: []jsonbridge.Field{{Key: "a", Value: []byte(`1`)}}}
	for name, page := range writeRowsPages(t) {
		for _, o := range []jsonbridge.Options{{}, {Envelope: env}} {
			fast, err := o.Mode()
			if err != nil {
				t.Fatal(err)
			}
			o.Limit = 1 << 30
			general, err := o.Mode()
			if err != nil {
				t.Fatal(err)
			}
			var ref writesRecorder
			if err := general.WriteJSON(&ref, page); err != nil {
				t.Fatal(name, err)
			}
			if len(ref.writes) < 3 {
				t.Fatalf("%s: %d writes, want several chunks", name, len(ref.writes))
			}
			for call := range 2 {
				var got writesRecorder
				if err := fast.WriteJSON(&got, page); err != nil {
					t.Fatal(name, err)
				}
				if len(got.writes) != len(ref.writes) {
					t.Fatalf("%s, envelope %v, call %d: %d writes, the general loop %d", name, o.Envelope != nil, call, len(got.writes), len(ref.writes))
				}
				for i := range got.writes {
					if !bytes.Equal(got.writes[i], ref.writes[i]) {
						t.Fatalf("%s, envelope %v, call %d: write %d differs from the general loop's (%d bytes, want %d)",
							name, o.Envelope != nil, call, i, len(got.writes[i]), len(ref.writes[i]))
					}
				}
			}
		}
	}
}

// TestWriteRowsBudgetEdges: at budgets around each chunk's end and the
// JSON's, WriteJSON without Offset or Limit writes the chunks and returns
// the error, the row it blames included, of the general loop.
func TestWriteRowsBudgetEdges(t *testing.T) {
	for name, page := range writeRowsPages(t) {
		var whole writesRecorder
		if err := jsonbridge.WriteJSON(&whole, page); err != nil {
			t.Fatal(name, err)
		}
		var edges []int // where each chunk ends, from the JSON's start
		n := 0
		for _, w := range whole.writes {
			n += len(w)
			edges = append(edges, n)
		}
		for _, edge := range edges {
			for _, max := range []int{edge - 3, edge - 1, edge, edge + 1, edge + 40} {
				lim := rowpage.Limits{MaxJSONBytes: max}
				fast, err := jsonbridge.Options{Limits: lim}.Mode()
				if err != nil {
					t.Fatal(err)
				}
				general, err := jsonbridge.Options{Limits: lim, Limit: 1 << 30}.Mode()
				if err != nil {
					t.Fatal(err)
				}
				var got, ref writesRecorder
				gotErr, refErr := fast.WriteJSON(&got, page), general.WriteJSON(&ref, page)
				if describe(gotErr) != describe(refErr) {
					t.Fatalf("%s, MaxJSONBytes %d: error %s; the general loop %s", name, max, describe(gotErr), describe(refErr))
				}
				if !bytes.Equal(bytes.Join(got.writes, nil), bytes.Join(ref.writes, nil)) || len(got.writes) != len(ref.writes) {
					t.Fatalf("%s, MaxJSONBytes %d: %d writes differ from the general loop's %d", name, max, len(got.writes), len(ref.writes))
				}
			}
		}
	}
}
