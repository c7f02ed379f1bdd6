package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestWriteJSONRepeatsAfterFlush checks WriteJSON on repeats (SPEC.md 5.5)
// whose cell was written out in an earlier chunk: it copies the cell's
// JSON from the last chunks written, which WriteJSON keeps; past them the
// first such repeat renders the cell again and keeps its JSON for the next
// ones, up to a bound past which they render it again too. The JSON must be
// encoding/json's either way, with and without HTML escaping, on the
// first call and on the next, which reuses the pooled layout and so must
// not copy what the first one kept.
func TestWriteJSONRepeatsAfterFlush(t *testing.T) {
	for _, tc := range []struct {
		name     string
		distinct int // objects, each about 0.5 KiB of JSON
		rounds   int // times each is repeated
	}{
		{"few", 8, 100},          // kept in full
		{"beyond-bound", 800, 3}, // about 400 KiB: more than a layout keeps
	} {
		t.Run(tc.name, func(t *testing.T) {
			objs := make([]map[string]any, tc.distinct)
			for i := range objs {
				objs[i] = map[string]any{
					"n":    i,
					"text": fmt.Sprintf("<b>%d</b> & %s", i, strings.Repeat("é", 200+i%7)),
					"list": []any{float64(i), "x", true, nil},
				}
			}
			// Every object once, in order, then every object again
			// tc.rounds times in another order: the repeats meet flushed
			// cells.
			var rows []map[string]any
			for i := range objs {
				rows = append(rows, map[string]any{"id": len(rows), "v": objs[i]})
			}
			for r := range tc.rounds {
				for i := range objs {
					rows = append(rows, map[string]any{"id": len(rows), "v": objs[(i*7+r)%len(objs)]})
				}
			}
			page, err := rowpage.Marshal(rows)
			if err != nil {
				t.Fatal(err)
			}
			if page[5] != format.MinorRepeat {
				t.Fatalf("minor %d: no repeats", page[5])
			}
			for _, o := range []jsonbridge.Options{{}, {NoEscapeHTML: true}} {
				mode, err := o.Mode()
				if err != nil {
					t.Fatal(err)
				}
				var want bytes.Buffer
				enc := json.NewEncoder(&want)
				enc.SetEscapeHTML(!o.NoEscapeHTML)
				if err := enc.Encode(rows); err != nil {
					t.Fatal(err)
				}
				want.Truncate(want.Len() - 1) // Encode's newline
				for range 2 {                 // the second call reuses the pooled layout
					var w chunkWriter
					if err := mode.WriteJSON(&w, page); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(w.Bytes(), want.Bytes()) {
						t.Fatalf("%+v: WriteJSON differs from encoding/json", o)
					}
					if w.writes < 8 {
						t.Fatalf("%d chunks: too few for repeats to meet flushed cells", w.writes)
					}
				}
			}
		})
	}
}
