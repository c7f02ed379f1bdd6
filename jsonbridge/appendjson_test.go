package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

func mustPage(t testing.TB, v any) []byte {
	t.Helper()
	p, err := rowpage.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMode(t testing.TB, o jsonbridge.Options) *jsonbridge.Mode {
	t.Helper()
	m, err := o.Mode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// same requires AppendJSON(Marshal(v)) == json.Marshal(v).
func same(t *testing.T, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := jsonbridge.AppendJSON([]byte("prefix"), mustPage(t, v))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got[6:], want) || string(got[:6]) != "prefix" {
		t.Fatalf("JSON differs\n got: %.1500s\nwant: %.1500s", got[6:], want)
	}
}

func TestAppendJSONDatasets(t *testing.T) {
	for _, n := range append([]int{0, 1}, dataset.Sizes...) {
		same(t, dataset.Rows(n))
		same(t, dataset.Maps(n))
		same(t, dataset.GenericMaps(n))
		same(t, dataset.Events(n))
		same(t, dataset.EventMaps(n))
		same(t, dataset.SparseMaps(n))
	}
	same(t, dataset.Rows(3)[1])
	same(t, []any{1, "x", nil})
	same(t, map[string]any{})
	same(t, []map[string]any{nil, {}})
}

func TestAppendJSONNoEscapeHTML(t *testing.T) {
	rows := dataset.Rows(200)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rows); err != nil {
		t.Fatal(err)
	}
	want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	got, err := mustMode(t, jsonbridge.Options{NoEscapeHTML: true}).AppendJSON(nil, mustPage(t, rows))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("differs from SetEscapeHTML(false)")
	}
	if !bytes.Contains(want, []byte("<b>")) {
		t.Fatal("dataset has no HTML to test with")
	}
}

func TestAppendJSONColumnsAndRange(t *testing.T) {
	rows := dataset.GenericMaps(100)
	page := mustPage(t, rows)
	keep := []string{"id", "title", "missing", "tags"}
	for _, tc := range []struct{ off, lim int }{{0, 0}, {10, 5}, {95, 10}, {100, 3}, {0, 1}} {
		m := mustMode(t, jsonbridge.Options{Columns: keep, Offset: tc.off, Limit: tc.lim})
		got, err := m.AppendJSON(nil, page)
		if err != nil {
			t.Fatal(err)
		}
		end := len(rows)
		if tc.lim > 0 {
			end = min(end, tc.off+tc.lim)
		}
		var sub []map[string]any
		for _, r := range rows[min(tc.off, len(rows)):end] {
			f := map[string]any{}
			for _, k := range keep {
				if v, ok := r[k]; ok {
					f[k] = v
				}
			}
			sub = append(sub, f)
		}
		if sub == nil {
			sub = []map[string]any{}
		}
		want, _ := json.Marshal(sub)
		if !bytes.Equal(got, want) {
			t.Fatalf("offset %d limit %d:\n got %.300s\nwant %.300s", tc.off, tc.lim, got, want)
		}
	}
}

func TestAppendJSONEnvelope(t *testing.T) {
	rows := dataset.Rows(30)
	m := mustMode(t, jsonbridge.Options{Offset: 5, Limit: 10, Envelope: &jsonbridge.Envelope{
		CountKey: "count",
		Before:   []jsonbridge.Field{{Key: "page", Value: json.RawMessage(` 2 `)}},
		After:    []jsonbridge.Field{{Key: "metadata", Value: json.RawMessage(`{"next": "<cursor>"}`)}},
	}})
	got, err := m.AppendJSON(nil, mustPage(t, rows))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(struct {
		Page     int            `json:"page"`
		Rows     []dataset.Row  `json:"rows"`
		Count    int            `json:"count"`
		Metadata map[string]any `json:"metadata"`
	}{2, rows[5:15], 10, map[string]any{"next": "<cursor>"}})
	if !bytes.Equal(got, want) {
		t.Fatalf("\n got %.400s\nwant %.400s", got, want)
	}
	if _, err := (jsonbridge.Options{Envelope: &jsonbridge.Envelope{After: []jsonbridge.Field{{Key: "x", Value: json.RawMessage(`{`)}}}}).Mode(); err == nil {
		t.Fatal("invalid envelope JSON accepted")
	}
}

// chunkWriter records the largest single write.
type chunkWriter struct {
	bytes.Buffer
	max, writes int
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	w.max = max(w.max, len(p))
	w.writes++
	return w.Buffer.Write(p)
}

func TestWriteJSONChunks(t *testing.T) {
	rows := dataset.Rows(5000)
	page := mustPage(t, rows)
	var w chunkWriter
	if err := jsonbridge.WriteJSON(&w, page); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(rows)
	if !bytes.Equal(w.Bytes(), want) {
		t.Fatal("WriteJSON output differs from json.Marshal")
	}
	if w.max > 64<<10 || w.writes < len(want)/(64<<10) {
		t.Fatalf("%d writes, largest %d bytes: not bounded chunks", w.writes, w.max)
	}
}

func TestAppendJSONAllocs(t *testing.T) {
	if jsonbridge.RaceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	page := mustPage(t, dataset.Rows(1000))
	buf, _ := jsonbridge.AppendJSON(nil, page)
	allocs := testing.AllocsPerRun(50, func() {
		var err error
		if buf, err = jsonbridge.AppendJSON(buf[:0], page); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != pureGoAllocs {
		t.Fatalf("AppendJSON with a reused buffer allocated %v times per call", allocs)
	}
}

func TestAppendJSONErrors(t *testing.T) {
	page := mustPage(t, dataset.Rows(3))
	page[len(page)/2] ^= 0xff
	out, err := jsonbridge.AppendJSON([]byte("keep"), page)
	if err == nil || string(out) != "keep" {
		t.Fatalf("corrupt page: out %q err %v", out, err)
	}
	if _, err := jsonbridge.AppendJSON(nil, []byte(`[{"a":1}]`)); err == nil {
		t.Fatal("JSON text accepted as a page")
	}
}

// TestLyingStringFlags: a page whose string table marks a string with a
// quote as clean. Open (which does not read string bytes) accepts it and
// its readers still write valid JSON; AppendJSON, which would copy the
// string on the flag's word, rejects the page.
func TestLyingStringFlags(t *testing.T) {
	m, _ := rowpage.EncOptions{NoChecksum: true}.EncMode()
	page, err := m.Marshal([]map[string]any{{"a": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndexByte(page, 'x')
	page[i] = '"'
	p, err := rowpage.Open(page)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	for r := range p.Rows() {
		if out, err := r.AppendJSON(nil, 0); err != nil || !json.Valid(out) || string(out) != `"\""` {
			t.Fatalf("Row.AppendJSON wrote %s", out)
		}
	}
	if _, err := jsonbridge.AppendJSON(nil, page); !errors.Is(err, rowpage.ErrCorrupt) {
		t.Fatalf("AppendJSON: %v, want ErrCorrupt", err)
	}
}

func TestModeErrors(t *testing.T) {
	for _, o := range []jsonbridge.Options{{Offset: -1}, {Limit: -1}, {Limits: rowpage.Limits{MaxDepth: -1}}} {
		if _, err := o.Mode(); !errors.Is(err, rowpage.ErrInvalidOption) {
			t.Fatalf("%+v: %v, want ErrInvalidOption", o, err)
		}
	}
}

// TestAppendJSONEverySpareCapacity appends into buffers with every amount of
// spare capacity up to past the longest key and short string, so the
// transcoder's fixed-size moves meet both their fast and their fallback
// paths at every position; the output must not depend on it.
func TestAppendJSONEverySpareCapacity(t *testing.T) {
	type row struct {
		A      string   `json:"a"`
		Key    string   `json:"twelve_chars"`  // `,"twelve_chars":` is 16 bytes
		Longer string   `json:"thirteen_char"` // 17 bytes
		L      []string `json:"l"`
		N      int      `json:"n"`
	}
	rows := []row{
		{"", "x", "short", []string{"p", "q<"}, 1},
		{"fourteen bytes", "fifteen bytes..", "sixteen bytes...", nil, -2},
		{"\"quoted\"", "caf\u00e9", "", []string{}, 3},
	}
	want, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	page := mustPage(t, rows)
	for spare := 0; spare <= len(want)+20; spare++ {
		dst := make([]byte, 3, 3+spare)
		copy(dst, "pre")
		got, err := jsonbridge.AppendJSON(dst, page)
		if err != nil {
			t.Fatal(err)
		}
		if string(got[:3]) != "pre" || !bytes.Equal(got[3:], want) {
			t.Fatalf("spare %d:\n got %s\nwant pre%s", spare, got, want)
		}
	}
}

// TestAppendJSONColumnsFirstKey renders rows whose first written cell is
// not their shape's first column, and rows that write none: every key is
// stored with its comma and row turns the first into the '{'.
func TestAppendJSONColumnsFirstKey(t *testing.T) {
	rows := dataset.SparseMaps(60)
	page := mustPage(t, rows)
	var all []string
	seen := map[string]bool{}
	for _, r := range rows {
		for k := range r {
			if !seen[k] {
				seen[k] = true
				all = append(all, k)
			}
		}
	}
	sort.Strings(all)
	for _, keep := range [][]string{all[1:], all[len(all)-1:], {"missing"}, all[:1]} {
		m := mustMode(t, jsonbridge.Options{Columns: keep})
		got, err := m.AppendJSON(nil, page)
		if err != nil {
			t.Fatal(err)
		}
		sub := make([]map[string]any, len(rows))
		for i, r := range rows {
			if r == nil {
				continue
			}
			sub[i] = map[string]any{}
			for _, k := range keep {
				if v, ok := r[k]; ok {
					sub[i][k] = v
				}
			}
		}
		want, _ := json.Marshal(sub)
		if !bytes.Equal(got, want) {
			t.Fatalf("columns %q:\n got %.300s\nwant %.300s", keep, got, want)
		}
	}
}

// TestAppendJSONWideShapes renders rows of varying shapes over more than
// 128 columns, whose shape lists hold two-byte column indexes: the fast
// reading of the shape lists must leave them to the checked one.
func TestAppendJSONWideShapes(t *testing.T) {
	var rows []map[string]any
	for r := 0; r < 12; r++ {
		row := map[string]any{}
		for c := 0; c < 140; c++ {
			if (c+r)%5 != 0 || c >= 120 && r%2 == 0 {
				row["k"+strconv.Itoa(1000+c)] = c * r
			}
		}
		rows = append(rows, row)
	}
	same(t, rows)
}
