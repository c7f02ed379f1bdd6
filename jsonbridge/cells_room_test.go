package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/jsonbridge"
)

// TestCellsKeyAndWordRoom: the cell loop moves a key of up to 32 bytes
// (`,"name":`) from its step in one fixed move when dst has the room for
// it and for a word after it, writes digits and the literals true, false
// and null into that word's room, and takes a slower path for longer keys,
// for columns that may hold nulls or are not written, and when dst lacks
// the room. Rows of every kind of scalar under keys of 5 to 37 bytes (the
// bound at 32 inside), some columns null in some rows or in all, rendered
// whole and with columns left out, into buffers with every amount of spare
// capacity up to past the JSON, must give encoding/json's text; so must a
// page of one value and one of one object.
func TestCellsKeyAndWordRoom(t *testing.T) {
	for l := 0; l <= 32; l++ {
		pad := strings.Repeat("x", l)
		for _, n := range []int{1, 3, 12} {
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
				rows[i] = r
			}
			for _, cols := range [][]string{nil, {"a" + pad, "c" + pad, "f" + pad}, {"b" + pad, "g" + pad, "h" + pad}} {
				want := any(rows)
				if cols != nil {
					want = keepColumns(rows, cols)
				}
				spareSweep(t, fmt.Sprintf("keys of %d bytes, %d rows, columns %q", l+5, n, cols),
					mustMode(t, jsonbridge.Options{Columns: cols}), mustPage(t, rows), want)
			}
			spareSweep(t, fmt.Sprintf("object, keys of %d bytes", l+5), mustMode(t, jsonbridge.Options{}), mustPage(t, rows[n-1]), rows[n-1])
		}
	}
	for _, v := range []any{7, 1234567, true, false, nil, 2.5, "text"} {
		spareSweep(t, fmt.Sprintf("value %v", v), mustMode(t, jsonbridge.Options{}), mustPage(t, v), v)
	}
}

// spareSweep appends page's JSON under m after a prefix, into buffers of
// every spare capacity from none to past the JSON, and requires the JSON
// encoding/json writes for want.
func spareSweep(t *testing.T, what string, m *jsonbridge.Mode, page []byte, want any) {
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
