package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// The hit copies a repeated string that needs escaping from where the same
// render wrote it before (pageread.EscapedStrings). These tests render
// pages whose escaped strings repeat, in every place a string is written,
// under every way of rendering, and compare the JSON with encoding/json's
// byte for byte.

// escapeClasses holds one string per kind of escaping encoding/json does:
// quotes, backslashes, control characters, HTML's <, > and &, U+2028 and
// U+2029, invalid UTF-8 (written as U+FFFD), and a permission string.
var escapeClasses = []string{
	`say "hi"`,
	`C:\dir\file`,
	"two\nlines\r\n",
	"tab\tand\x01\x1f",
	"<b>&amp;</b>",
	"line\u2028para\u2029end",
	"bad\xffutf8\xc3(",
	`read("user:42")`,
}

// escapedString returns the j-th of a page's distinct escaped strings.
func escapedString(j int) string {
	return fmt.Sprintf("%s #%d", escapeClasses[j%len(escapeClasses)], j)
}

// escapedRows returns n rows that reference distinct escaped strings in a
// pattern spread over the string table: a string column, a second column
// with the same strings, a string list, an escaped key, and nested objects
// and arrays with escaped keys and members. With distinct past 256,
// strings whose indexes share a slot of the table are referenced in turn.
func escapedRows(n, distinct int, nested bool) []map[string]any {
	rows := make([]map[string]any, n)
	for i := range rows {
		a, b := escapedString(i*7%distinct), escapedString((i*7+256)%distinct)
		row := map[string]any{
			"s":          a,
			"t":          b,
			"same":       a,
			"perm":       []string{a, b, escapedString(i % 3), a},
			`k"ey<&>`:    escapedString(i % 5),
			"plain":      "clean",
			"line\u2028": i,
		}
		if nested {
			row["doc"] = map[string]any{
				a:          b,
				"list":     []any{a, 1, b, []any{a}, map[string]any{`q"`: a}},
				`x\y`:      escapedString(i % 3),
				"deep":     map[string]any{"z": []any{b, b}},
				"count":    i,
				"escaped?": escapeClasses[i%len(escapeClasses)],
			}
		}
		rows[i] = row
	}
	return rows
}

// wantJSON is what encoding/json writes for v, with HTML escaping or not.
func wantJSON(t *testing.T, v any, escapeHTML bool) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func checkJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: JSON differs from encoding/json (-want +got):\n%s", what, cmp.Diff(string(want), string(got)))
	}
}

func TestEscapedStringsRepeated(t *testing.T) {
	for _, distinct := range []int{1, 8, 255, 256, 257, 300, 512, 600} {
		for _, nested := range []bool{false, true} {
			rows := escapedRows(700, distinct, nested)
			page := mustPage(t, rows)
			what := fmt.Sprintf("%d distinct, nested %v", distinct, nested)
			got, err := jsonbridge.AppendJSON([]byte("prefix"), page)
			if err != nil {
				t.Fatal(err)
			}
			if string(got[:6]) != "prefix" {
				t.Fatalf("%s: dst's prefix overwritten: %q", what, got[:6])
			}
			checkJSON(t, what, got[6:], wantJSON(t, rows, true))
			noHTML := mustMode(t, jsonbridge.Options{NoEscapeHTML: true})
			got, err = noHTML.AppendJSON(nil, page)
			if err != nil {
				t.Fatal(err)
			}
			checkJSON(t, what+", NoEscapeHTML", got, wantJSON(t, rows, false))
		}
	}
}

// TestEscapedStringsFromJSONText renders pages built from JSON text, whose
// tokenizer interns strings in another order than Marshal; the JSON is
// that of the values json.Unmarshal reads from the text (invalid UTF-8
// has become U+FFFD, which encoding/json writes as it is).
func TestEscapedStringsFromJSONText(t *testing.T) {
	for _, distinct := range []int{3, 256, 600} {
		text := wantJSON(t, escapedRows(600, distinct, true), true)
		var rows []any
		if err := json.Unmarshal(text, &rows); err != nil {
			t.Fatal(err)
		}
		page, err := jsonbridge.AppendPage(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jsonbridge.AppendJSON(nil, page)
		if err != nil {
			t.Fatal(err)
		}
		checkJSON(t, fmt.Sprintf("%d distinct, from JSON text", distinct), got, wantJSON(t, rows, true))
	}
}

// TestEscapedStringsModes renders with an offset, a limit and a column
// subset: rows and columns skipped write nothing the table could point at.
func TestEscapedStringsModes(t *testing.T) {
	rows := escapedRows(900, 300, true)
	page := mustPage(t, rows)
	cols := []string{"perm", "doc", `k"ey<&>`}
	for _, o := range []jsonbridge.Options{
		{Offset: 17},
		{Limit: 300},
		{Offset: 250, Limit: 400},
		{Columns: cols},
		{Columns: cols, Offset: 3, Limit: 500},
	} {
		rs := rows[min(o.Offset, len(rows)):]
		if o.Limit > 0 && o.Limit < len(rs) {
			rs = rs[:o.Limit]
		}
		if o.Columns != nil {
			rs = keepColumns(rs, o.Columns)
		}
		got, err := mustMode(t, o).AppendJSON(nil, page)
		if err != nil {
			t.Fatal(err)
		}
		checkJSON(t, fmt.Sprintf("%+v", o), got, wantJSON(t, rs, true))
	}
}

func keepColumns(rows []map[string]any, cols []string) []map[string]any {
	out := make([]map[string]any, len(rows))
	for i, r := range rows {
		out[i] = map[string]any{}
		for _, c := range cols {
			if v, ok := r[c]; ok {
				out[i][c] = v
			}
		}
	}
	return out
}

// TestEscapedStringsWriteJSON writes pages of several chunks: a chunk's
// buffer is written out and then reused (a page without array or object
// cells) or replaced (one with them), and a string escaped in an earlier
// chunk must be escaped again, never copied from the buffer it was in.
func TestEscapedStringsWriteJSON(t *testing.T) {
	for _, nested := range []bool{false, true} {
		for _, distinct := range []int{2, 256, 600} {
			rows := escapedRows(3000, distinct, nested)
			page := mustPage(t, rows)
			want := wantJSON(t, rows, true)
			if len(want) < 4*32<<10 {
				t.Fatalf("%d bytes of JSON: too few chunks", len(want))
			}
			var w chunkWriter
			if err := jsonbridge.WriteJSON(&w, page); err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("WriteJSON, %d distinct, nested %v", distinct, nested)
			checkJSON(t, what, w.Bytes(), want)
			if w.writes < 2 {
				t.Fatalf("%s: %d writes, want several chunks", what, w.writes)
			}
			w = chunkWriter{}
			m := mustMode(t, jsonbridge.Options{Offset: 1, Limit: 2998})
			if err := m.WriteJSON(&w, page); err != nil {
				t.Fatal(err)
			}
			checkJSON(t, what+", offset and limit", w.Bytes(), wantJSON(t, rows[1:2999], true))
		}
	}
}

// TestEscapedStringsReusedAcrossPages renders, with one mode and one
// buffer, pages whose string tables give the same indexes to different
// strings, and a page that fails its JSON budget in between: nothing one
// render recorded is copied by the next.
func TestEscapedStringsReusedAcrossPages(t *testing.T) {
	rowsA := escapedRows(400, 300, true)
	rowsB := escapedRows(100, 300, true)
	for _, r := range rowsB {
		for k, v := range r {
			if s, ok := v.(string); ok {
				r[k] = strings.ToUpper(s) + `"`
			}
		}
	}
	pageA, pageB := mustPage(t, rowsA), mustPage(t, rowsB)
	wantA, wantB := wantJSON(t, rowsA, true), wantJSON(t, rowsB, true)
	m := mustMode(t, jsonbridge.Options{})
	small := mustMode(t, jsonbridge.Options{Limits: rowpage.Limits{MaxJSONBytes: len(wantB) + 10}})
	var out []byte
	for i := range 3 {
		var err error
		if out, err = m.AppendJSON(out[:0], pageA); err != nil {
			t.Fatal(err)
		}
		checkJSON(t, fmt.Sprintf("round %d, page A", i), out, wantA)
		if out, err = m.AppendJSON(out[:0], pageB); err != nil {
			t.Fatal(err)
		}
		checkJSON(t, fmt.Sprintf("round %d, page B", i), out, wantB)
		// The same transcoder fails on A after writing most of its
		// budget, then renders B into the same buffer.
		if out, err = small.AppendJSON(out[:0], pageA); !errors.Is(err, rowpage.ErrLimit) {
			t.Fatalf("round %d: page A over budget: %v, want ErrLimit", i, err)
		}
		if out, err = small.AppendJSON(out[:0], pageB); err != nil {
			t.Fatal(err)
		}
		checkJSON(t, fmt.Sprintf("round %d, page B after a failed render", i), out, wantB)
	}
}

func TestEscapedStringsAllocs(t *testing.T) {
	if jsonbridge.RaceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	page := mustPage(t, escapedRows(500, 300, true))
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
