package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/jsonbridge"
)

// TestRowFirstKey covers how a row is written: every key after its comma,
// the first one's overwritten by the opening brace. Rows with no members,
// rows of one member, rows whose every member a column subset drops, a
// first column that is dropped, and single objects, through AppendJSON
// (into a buffer with bytes before the JSON) and WriteJSON, must equal
// encoding/json.
func TestRowFirstKey(t *testing.T) {
	long := strings.Repeat("k", 40)
	rows := []map[string]any{
		{}, {"a": 1}, {"b": "x"}, {}, {"a": 2, "b": "y", long: true}, {long: nil}, {"c": []any{}}, {},
	}
	objects := []any{map[string]any{}, map[string]any{"a": 1, "b": 2}, map[string]any{long: 1}}
	subsets := [][]string{nil, {}, {"b"}, {"a"}, {long}, {"b", long}, {"zz"}}
	pick := func(r map[string]any, keep []string) map[string]any {
		if keep == nil {
			return r
		}
		f := map[string]any{}
		for _, k := range keep {
			if v, ok := r[k]; ok {
				f[k] = v
			}
		}
		return f
	}
	check := func(m *jsonbridge.Mode, page []byte, want []byte, what string) {
		t.Helper()
		got, err := m.AppendJSON([]byte("prefix"), page)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if string(got[:6]) != "prefix" || !bytes.Equal(got[6:], want) {
			t.Fatalf("%s: AppendJSON\n got %s\nwant %s", what, got[6:], want)
		}
		var w bytes.Buffer
		if err := m.WriteJSON(&w, page); err != nil {
			t.Fatalf("%s: WriteJSON: %v", what, err)
		}
		if !bytes.Equal(w.Bytes(), want) {
			t.Fatalf("%s: WriteJSON\n got %s\nwant %s", what, w.Bytes(), want)
		}
	}
	for _, keep := range subsets {
		m := mustMode(t, jsonbridge.Options{Columns: keep})
		for n := 1; n <= len(rows); n++ {
			var sub []map[string]any
			for _, r := range rows[:n] {
				sub = append(sub, pick(r, keep))
			}
			want, _ := json.Marshal(sub)
			check(m, mustPage(t, rows[:n]), want, "rows")
		}
		for _, o := range objects {
			want, _ := json.Marshal(pick(o.(map[string]any), keep))
			check(m, mustPage(t, o), want, "object")
		}
	}
}
