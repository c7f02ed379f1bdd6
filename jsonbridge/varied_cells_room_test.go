package jsonbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestVariedCellsKeyAndWordRoom is TestCellsKeyAndWordRoom for pages of a
// shape a row (variedObjects): rows of every kind of scalar under keys of
// 5 to 37 bytes (the bound of a key a step holds at 32 inside), each row
// without one or two of the columns, some columns null in some rows or in
// all, a null row among them, rendered whole and with columns left out,
// into buffers with every amount of spare capacity up to past the JSON,
// must give encoding/json's text.
func TestVariedCellsKeyAndWordRoom(t *testing.T) {
	for l := 0; l <= 32; l++ {
		pad := strings.Repeat("x", l)
		for _, n := range []int{2, 3, 12} {
			rows := make([]map[string]any, n)
			for i := range rows {
				r := map[string]any{
					"a" + pad: i % 10,                // one digit
					"b" + pad: i*1237 - 500,          // longer integers
					"c" + pad: i%3 == 0,              // true and false
					"d" + pad: float64(i)/4 + 0.5,    // floats
					"e" + pad: fmt.Sprint("s", i),    // strings
					"f" + pad: nil,                   // null in every row
					"g" + pad: []any{nil, i}[i%2],    // null in some rows
					"h" + pad: []any{nil, true}[i%2], // true or null
				}
				// A key set a row: without column i%8, and from row 8 on
				// without column (i+3)%8 as well.
				delete(r, string(rune('a'+i%8))+pad)
				if i >= 8 {
					delete(r, string(rune('a'+(i+3)%8))+pad)
				}
				rows[i] = r
			}
			if n == 12 {
				rows[5] = nil // a null row
			}
			page, varied := variedPage(t, rows)
			if !varied {
				t.Fatalf("keys of %d bytes, %d rows: not varied", l+5, n)
			}
			for _, cols := range [][]string{nil, {"a" + pad, "c" + pad, "f" + pad}, {"b" + pad, "g" + pad, "h" + pad}} {
				want := any(rows)
				if cols != nil {
					want = keepVariedColumns(rows, cols)
				}
				m, err := Options{Columns: cols}.Mode()
				if err != nil {
					t.Fatal(err)
				}
				variedSpareSweep(t, fmt.Sprintf("keys of %d bytes, %d rows, columns %q", l+5, n, cols), m, page, want)
			}
		}
	}
}

// keepVariedColumns is rows with only the columns cols, null rows kept.
func keepVariedColumns(rows []map[string]any, cols []string) []map[string]any {
	out := make([]map[string]any, len(rows))
	for i, r := range rows {
		if r == nil {
			continue
		}
		out[i] = map[string]any{}
		for _, c := range cols {
			if v, ok := r[c]; ok {
				out[i][c] = v
			}
		}
	}
	return out
}

// variedSpareSweep appends page's JSON under m after a prefix, into
// buffers of every spare capacity from none to past the JSON, and requires
// the JSON encoding/json writes for want.
func variedSpareSweep(t *testing.T, what string, m *Mode, page []byte, want any) {
	t.Helper()
	text, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	for spare := 0; spare <= len(text)+48; spare++ {
		dst := make([]byte, 3, 3+spare)
		copy(dst, "pre")
		got, err := m.AppendJSON(dst, page)
		if err != nil {
			t.Fatalf("%s, spare %d: %v", what, spare, err)
		}
		if string(got[:3]) != "pre" || !bytes.Equal(got[3:], text) {
			t.Fatalf("%s, spare %d:\n got %s\nwant pre%s", what, spare, got, text)
		}
	}
}
