package jsonbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
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
			rows := roomRows(pad, n)
			for _, cols := range roomColumns(pad) {
				want := any(rows)
				if cols != nil {
					want = keepKeys(rows, cols)
				}
				spareSweep(t, fmt.Sprintf("keys of %d bytes, %d rows, columns %q", l+5, n, cols),
					columnsMode(t, cols), marshalPage(t, rows), want)
			}
			spareSweep(t, fmt.Sprintf("object, keys of %d bytes", l+5), columnsMode(t, nil), marshalPage(t, rows[n-1]), rows[n-1])
		}
	}
	for _, v := range []any{7, 1234567, true, false, nil, 2.5, "text"} {
		spareSweep(t, fmt.Sprintf("value %v", v), columnsMode(t, nil), marshalPage(t, v), v)
	}
}

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
			rows := roomRows(pad, n)
			for i, r := range rows {
				// A key set a row: without column i%8, and from row 8 on
				// without column (i+3)%8 as well.
				delete(r, string(rune('a'+i%8))+pad)
				if i >= 8 {
					delete(r, string(rune('a'+(i+3)%8))+pad)
				}
			}
			if n == 12 {
				rows[5] = nil // a null row
			}
			page, varied := variedPage(t, rows)
			if !varied {
				t.Fatalf("keys of %d bytes, %d rows: not varied", l+5, n)
			}
			for _, cols := range roomColumns(pad) {
				want := any(rows)
				if cols != nil {
					want = keepKeys(rows, cols)
				}
				spareSweep(t, fmt.Sprintf("keys of %d bytes, %d rows, columns %q", l+5, n, cols), columnsMode(t, cols), page, want)
			}
		}
	}
}

// roomRows returns n rows of every kind of scalar, under the keys "a" to
// "h" each followed by pad: one digit, longer integers, true and false,
// floats, strings, null in every row, null in some rows, and true or null.
func roomRows(pad string, n int) []map[string]any {
	rows := make([]map[string]any, n)
	for i := range rows {
		rows[i] = map[string]any{
			"a" + pad: i % 10,                // one digit
			"b" + pad: i*1237 - 500,          // longer integers
			"c" + pad: i%3 == 0,              // true and false
			"d" + pad: float64(i)/4 + 0.5,    // floats
			"e" + pad: fmt.Sprint("s", i),    // strings
			"f" + pad: nil,                   // null in every row
			"g" + pad: []any{nil, i}[i%2],    // null in some rows
			"h" + pad: []any{nil, true}[i%2], // true or null
		}
	}
	return rows
}

// roomColumns returns the column lists the room tests render roomRows
// with: all (nil), and two of three columns each, nulls among them.
func roomColumns(pad string) [][]string {
	return [][]string{nil, {"a" + pad, "c" + pad, "f" + pad}, {"b" + pad, "g" + pad, "h" + pad}}
}

// marshalPage returns rowpage.Marshal's page of v.
func marshalPage(t *testing.T, v any) []byte {
	t.Helper()
	page, err := rowpage.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// columnsMode returns the Mode that renders only the columns cols (all of
// them if cols is nil).
func columnsMode(t *testing.T, cols []string) *Mode {
	t.Helper()
	m, err := Options{Columns: cols}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// spareSweep appends page's JSON under m after a prefix, into buffers of
// every spare capacity from none to past the JSON, and requires the JSON
// encoding/json writes for want.
func spareSweep(t *testing.T, what string, m *Mode, page []byte, want any) {
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
