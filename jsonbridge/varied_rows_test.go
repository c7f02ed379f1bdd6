package jsonbridge

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// variedPage builds the page of rows and reports whether its shapes are
// varied enough for allRows to read them in place (transcoder.varied).
func variedPage(t *testing.T, rows any) (page []byte, varied bool) {
	t.Helper()
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	m := defaultMode
	tr := m.get()
	defer m.put(tr)
	if err := tr.open(page, true); err != nil {
		t.Fatal(err)
	}
	return page, tr.varied
}

// A page whose rows have about a shape each renders, through the shapes'
// own column lists, what encoding/json writes, and so do the renders that
// lay out the steps instead (WriteJSON, Offset and Limit) and a Columns
// mode, which skips columns in the same loop.
func TestVariedRowsRenderEveryWay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rows   []map[string]any
		varied bool
	}{
		{"hetero", dataset.HeteroMaps(300), true},
		{"sparse", dataset.SparseMaps(300), true},
		{"two rows, two shapes", []map[string]any{{"a": 1}, {"b": "x", "a": 2}}, true},
		{"null and empty rows", []map[string]any{nil, {}, {"a": nil}, nil, {"b": []any{}}}, true},
		{"two rows, one shape", []map[string]any{{"a": 1}, {"a": 2}}, false},
		{"eight rows, two narrow shapes", []map[string]any{{"a": 1}, {"b": 2}, {"a": 3}, {"b": 4}, {"a": 5}, {"b": 6}, {"a": 7}, {"b": 8}}, true},
		{"eight rows, two wide shapes", wideShapes(8, 2, variedColumns), false},
		{"hetero, four rows a shape", dataset.HeteroMaps(1000), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, varied := variedPage(t, tc.rows)
			if varied != tc.varied {
				t.Fatalf("varied = %v, want %v", varied, tc.varied)
			}
			want, _ := json.Marshal(tc.rows)
			got, err := AppendJSON(nil, page)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("AppendJSON: %v\n%s", err, firstMismatch(got, want))
			}
			var w bytes.Buffer
			if err := WriteJSON(&w, page); err != nil || !bytes.Equal(w.Bytes(), want) {
				t.Fatalf("WriteJSON: %v\n%s", err, firstMismatch(w.Bytes(), want))
			}
			ranged, err := Options{Offset: 1, Limit: len(tc.rows)}.Mode()
			if err != nil {
				t.Fatal(err)
			}
			got, err = ranged.AppendJSON(nil, page)
			wantRange, _ := json.Marshal(tc.rows[1:])
			if err != nil || !bytes.Equal(got, wantRange) {
				t.Fatalf("Offset 1: %v\n%s", err, firstMismatch(got, wantRange))
			}
			keep := []string{"a", "id", "value", "tags"}
			cols, err := Options{Columns: keep}.Mode()
			if err != nil {
				t.Fatal(err)
			}
			got, err = cols.AppendJSON(nil, page)
			wantCols, _ := json.Marshal(keepKeys(tc.rows, keep))
			if err != nil || !bytes.Equal(got, wantCols) {
				t.Fatalf("Columns: %v\n%s", err, firstMismatch(got, wantCols))
			}
		})
	}
}

// keepKeys is rows with only the keys of keep (null rows stay null).
func keepKeys(rows []map[string]any, keep []string) []map[string]any {
	out := make([]map[string]any, len(rows))
	for i, r := range rows {
		if r == nil {
			continue
		}
		out[i] = map[string]any{}
		for _, k := range keep {
			if v, ok := r[k]; ok {
				out[i][k] = v
			}
		}
	}
	return out
}

// A pooled transcoder that rendered a page of varied rows renders a page
// of few shapes next, and the other way round, each as encoding/json
// does: neither keeps the other's steps.
func TestVariedRowsThenFewShapes(t *testing.T) {
	varied := dataset.HeteroMaps(50)
	few := dataset.GenericMaps(50)
	pv, isVaried := variedPage(t, varied)
	pf, fewVaried := variedPage(t, few)
	if !isVaried || fewVaried {
		t.Fatalf("varied pages: %v and %v, want true and false", isVaried, fewVaried)
	}
	wv, _ := json.Marshal(varied)
	wf, _ := json.Marshal(few)
	var out []byte
	for i, p := range [][]byte{pv, pf, pv, pf, pv} {
		want := wv
		if i%2 == 1 {
			want = wf
		}
		var err error
		if out, err = AppendJSON(out[:0], p); err != nil || !bytes.Equal(out, want) {
			t.Fatalf("page %d: %v\n%s", i, err, firstMismatch(out, want))
		}
	}
}

// Row shape ids of one, two and three bytes (shapes 1 to 127, 128 to
// 16,383, then 16,384 on) are read by variedObjects in line, the longest
// through pageread.ShapeIDAt: a page of 16,500 rows, each of its own key
// set (the bits of its index name its keys), with a null row now and
// then, renders what encoding/json writes.
func TestVariedRowsShapeIDLengths(t *testing.T) {
	if testing.Short() {
		t.Skip("16,500 rows")
	}
	const n = 16500
	rows := make([]map[string]any, n)
	keys := [15]string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o"}
	for i := range rows {
		if i%1000 == 999 {
			continue // a null row
		}
		r := map[string]any{}
		for b, k := range keys {
			if (i+1)>>b&1 != 0 {
				r[k] = b
			}
		}
		rows[i] = r
	}
	page, varied := variedPage(t, rows)
	if !varied {
		t.Fatal("not varied")
	}
	want, _ := json.Marshal(rows)
	got, err := AppendJSON(nil, page)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("AppendJSON: %v\n%s", err, firstMismatch(got, want))
	}
}

// wideShapes returns n rows of the given count of shapes, taken in turn,
// each of cols keys: shape s's keys are "s.0" to "s.<cols-1>".
func wideShapes(n, shapes, cols int) []map[string]any {
	rows := make([]map[string]any, n)
	for i := range rows {
		s := i % shapes
		rows[i] = make(map[string]any, cols)
		for c := range cols {
			rows[i][strconv.Itoa(s)+"."+strconv.Itoa(c)] = i + c
		}
	}
	return rows
}
