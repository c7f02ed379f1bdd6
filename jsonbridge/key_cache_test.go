package jsonbridge_test

import (
	"encoding/json"
	"testing"

	"github.com/rowpage/rowpage/jsonbridge"
)

// TestKeysAcrossPages renders pages one after another with one mode, whose
// transcoder keeps the last page's rendered keys for a page of the same
// names: pages whose names differ in one byte, in length, only in where
// one name ends and the next starts ("a","b" and "ab",""), in kind, or in
// escaping, each after the other and again, must each render as
// encoding/json writes their values.
func TestKeysAcrossPages(t *testing.T) {
	vals := []any{
		[]map[string]any{{"a": 1, "b": 2}},
		[]map[string]any{{"a": 1, "c": 2}},
		[]map[string]any{{"a": 1, "bb": 2}},
		[]map[string]any{{"": 1, "ab": 2}},
		[]map[string]any{{"a": 1, "b": 2}},
		[]map[string]any{{"a": 3, "b": 4}, {"a": 5, "b": 6}},
		map[string]any{"a": 1, "b": 2},
		[]map[string]any{{"a": 1, "b": 2}},
		5,
		"x",
		[]map[string]any{{"": 1}},
		[]int{7},
		[]map[string]any{{"<a>": 1, "b&": 2}},
		[]map[string]any{{"<a>": 1, "b&": 2}},
		[]map[string]any{{"<a>": 1, "b>": 2}},
		[]map[string]any{{"a": 1, "b": 2, "c": 3}},
		[]map[string]any{{"a": 1, "b": 2}},
		[]map[string]any{{"a": 1, "b": 2, "c": 3}},
	}
	for _, o := range []jsonbridge.Options{{}, {NoEscapeHTML: true}} {
		m := mustMode(t, o)
		for round := 0; round < 2; round++ {
			for i, v := range vals {
				want, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				if o.NoEscapeHTML {
					want = unescapeHTML(want)
				}
				got, err := m.AppendJSON(nil, mustPage(t, v))
				if err != nil || string(got) != string(want) {
					t.Fatalf("NoEscapeHTML %v, round %d, value %d: got %s, %v; want %s", o.NoEscapeHTML, round, i, got, err, want)
				}
			}
		}
	}
}

// unescapeHTML undoes encoding/json's escaping of <, > and & in b, which
// holds no other \u escapes.
func unescapeHTML(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+5 < len(b) && b[i+1] == 'u' {
			switch string(b[i+2 : i+6]) {
			case "003c":
				out, i = append(out, '<'), i+5
				continue
			case "003e":
				out, i = append(out, '>'), i+5
				continue
			case "0026":
				out, i = append(out, '&'), i+5
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}
