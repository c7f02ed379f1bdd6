package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/jsonbridge"
)

// expandingPage is a legitimate page whose JSON is far larger than the
// page: every row refers to one long interned string, in a plain column, in
// a string list and inside a nested object.
func expandingPage(t *testing.T, rows, strLen int) (page, want []byte) {
	t.Helper()
	long := strings.Repeat("x", strLen)
	type row struct {
		S string         `json:"s"`
		L []string       `json:"l"`
		M map[string]any `json:"m"`
	}
	v := make([]row, rows)
	for i := range v {
		v[i] = row{S: long, L: []string{long, long}, M: map[string]any{"k": []any{long}}}
	}
	page, err := rowpage.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if want, err = json.Marshal(v); err != nil {
		t.Fatal(err)
	}
	return page, want
}

// TestMaxJSONBytes: output past Limits.MaxJSONBytes is an ErrLimit error
// from every entry point, with dst unchanged; up to it, the output is whole.
func TestMaxJSONBytes(t *testing.T) {
	page, want := expandingPage(t, 500, 4<<10)
	if def := format.JSONBytesPerByte*len(page) + format.JSONBytesFree; len(want) <= def {
		t.Fatalf("the test page expands to %d bytes, within the default cap %d", len(want), def)
	}
	mode := func(max int) *jsonbridge.Mode {
		m, err := jsonbridge.Options{Limits: rowpage.Limits{MaxJSONBytes: max}}.Mode()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	prefix := []byte("prefix")
	for _, c := range []struct {
		name string
		m    *jsonbridge.Mode
		ok   bool
	}{
		{"default", mode(0), false},
		{"uncapped", mode(format.NoJSONCap), true},
		{"exactly the JSON", mode(len(want)), true},
		{"one byte short", mode(len(want) - 1), false},
		{"1 KiB", mode(1 << 10), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := c.m.AppendJSON(prefix, page)
			var buf bytes.Buffer
			werr := c.m.WriteJSON(&buf, page)
			if c.ok {
				if err != nil || werr != nil {
					t.Fatalf("AppendJSON: %v; WriteJSON: %v", err, werr)
				}
				if !bytes.Equal(out[len(prefix):], want) || !bytes.Equal(buf.Bytes(), want) {
					t.Fatal("output differs from json.Marshal")
				}
				return
			}
			if !errors.Is(err, rowpage.ErrLimit) || !errors.Is(werr, rowpage.ErrLimit) {
				t.Fatalf("AppendJSON: %v; WriteJSON: %v; want ErrLimit", err, werr)
			}
			if string(out) != string(prefix) {
				t.Errorf("AppendJSON changed dst on error: %d bytes", len(out))
			}
			if !strings.Contains(err.Error(), "MaxJSONBytes") {
				t.Errorf("the error does not name the option: %v", err)
			}
		})
	}
	if _, err := (jsonbridge.Options{Limits: rowpage.Limits{MaxJSONBytes: -2}}).Mode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("MaxJSONBytes -2: got %v, want ErrLimit", err)
	}
}

// TestMaxJSONBytesEnvelope counts the envelope against the cap.
func TestMaxJSONBytesEnvelope(t *testing.T) {
	page, err := rowpage.Marshal([]map[string]int{{"a": 1}})
	if err != nil {
		t.Fatal(err)
	}
	env := &jsonbridge.Envelope{Before: []jsonbridge.Field{{Key: "meta", Value: json.RawMessage(`"` + strings.Repeat("m", 100) + `"`)}}}
	full, err := jsonbridge.Options{Envelope: env}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	want, err := full.AppendJSON(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	for _, max := range []int{len(want), len(want) - 1} {
		m, err := jsonbridge.Options{Envelope: env, Limits: rowpage.Limits{MaxJSONBytes: max}}.Mode()
		if err != nil {
			t.Fatal(err)
		}
		_, err = m.AppendJSON(nil, page)
		if (max == len(want)) != (err == nil) || (err != nil && !errors.Is(err, rowpage.ErrLimit)) {
			t.Errorf("cap %d for %d bytes: err %v", max, len(want), err)
		}
	}
}

// TestMaxJSONBytesCell: Row.AppendJSON and Elems.AppendJSON have the same
// cap, per call, and an Unmarshal into json.RawMessage has it for the whole
// call.
func TestMaxJSONBytesCell(t *testing.T) {
	page, want := expandingPage(t, 500, 4<<10)
	var rows []map[string]json.RawMessage
	if err := json.Unmarshal(want, &rows); err != nil {
		t.Fatal(err)
	}
	lm := rowpage.Limits{MaxJSONBytes: 2 * len(rows[0]["l"])}
	p, err := rowpage.DecOptions{Limits: lm}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	opened, err := p.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	for r := range opened.Rows() {
		for c := range opened.NumColumns() {
			out, err := r.AppendJSON([]byte("x"), c)
			name := opened.ColumnName(c)
			if err != nil {
				t.Fatalf("row %d column %s: %v", r.Index(), name, err)
			}
			if string(out[1:]) != string(rows[r.Index()][name]) {
				t.Fatalf("row %d column %s: got %.40s..., want %.40s...", r.Index(), name, out[1:], rows[r.Index()][name])
			}
		}
	}

	tight, err := rowpage.DecOptions{Limits: rowpage.Limits{MaxJSONBytes: len(rows[0]["l"]) - 1}}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	if opened, err = tight.Open(page); err != nil {
		t.Fatal(err)
	}
	for r := range opened.Rows() {
		l, _ := opened.Column("l")
		out, err := r.AppendJSON([]byte("x"), l)
		if !errors.Is(err, rowpage.ErrLimit) || string(out) != "x" {
			t.Fatalf("Row.AppendJSON past the cap: %d bytes, %v", len(out), err)
		}
		e, ok := r.Elems(l)
		if !ok || !e.Next() {
			t.Fatal("no elements")
		}
		if _, err := e.AppendJSON(nil); err != nil {
			t.Fatalf("one element within the cap: %v", err)
		}
		break
	}

	// Elems.AppendJSON has the cap too: the element "k" of column "m" is a
	// list holding one 4 KiB string.
	small, err := rowpage.DecOptions{Limits: rowpage.Limits{MaxJSONBytes: 100}}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	if opened, err = small.Open(page); err != nil {
		t.Fatal(err)
	}
	for r := range opened.Rows() {
		m, _ := opened.Column("m")
		e, ok := r.Elems(m)
		if !ok || !e.Next() {
			t.Fatal("no elements in m")
		}
		if out, err := e.AppendJSON([]byte("x")); !errors.Is(err, rowpage.ErrLimit) || string(out) != "x" {
			t.Fatalf("Elems.AppendJSON past the cap: %d bytes, %v", len(out), err)
		}
		break
	}

	// The cap of an Unmarshal is the whole call's, as the targets keep
	// what they are given: this page's JSON passes the default.
	var raw []json.RawMessage
	if err := rowpage.Unmarshal(page, &raw); !errors.Is(err, rowpage.ErrLimit) {
		t.Fatalf("Unmarshal into RawMessages past the default cap: %v", err)
	}
	free, err := rowpage.DecOptions{Limits: rowpage.Limits{MaxJSONBytes: len(want)}}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	if err := free.Unmarshal(page, &raw); err != nil {
		t.Fatalf("Unmarshal into RawMessages within the cap: %v", err)
	}
	var wantRaw []json.RawMessage
	if err := json.Unmarshal(want, &wantRaw); err != nil {
		t.Fatal(err)
	}
	for i := range raw {
		if !bytes.Equal(raw[i], wantRaw[i]) {
			t.Fatalf("row %d: got %d bytes, want %d", i, len(raw[i]), len(wantRaw[i]))
		}
	}
}
