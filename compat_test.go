package rowpage_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
)

// ctText records the text UnmarshalText was given.
type ctText struct{ S string }

func (x *ctText) UnmarshalText(b []byte) error { x.S = string(b); return nil }
func (x ctText) MarshalText() ([]byte, error)  { return []byte(x.S), nil }

// ctRow has a string field of every way Decode fills one.
type ctRow struct {
	Uniq string            `json:"uniq"` // a string-seq column
	Rep  string            `json:"rep"`  // a string-ref column
	L    []string          `json:"l"`
	M    map[string]string `json:"m"`
	T    ctText            `json:"t"`
	A    any               `json:"a"`
	P    *string           `json:"p"`
}

// TestCompatInvalidUTF8 decodes strings that are not valid UTF-8 with a
// JSON-compatible mode, into typed values, into any and through Row.Value,
// and compares each with json.Unmarshal of json.Marshal's text: one U+FFFD
// per invalid byte, and keys that then collide become one.
func TestCompatInvalidUTF8(t *testing.T) {
	bad := []string{"a\xffb", "\xed\xa0\x80", "\xc3", "ok", "\xff\xfe<\u2028", "x\xe2\x82"}
	rows := make([]ctRow, 40)
	for i := range rows {
		s := bad[i%len(bad)]
		rows[i] = ctRow{Uniq: s + "#" + strconv.Itoa(i), Rep: s, L: []string{s, "z", bad[(i+1)%len(bad)]},
			M: map[string]string{"\xff": s, "\xfe": "v", "k" + s: s}, T: ctText{s}, A: []any{s, map[string]any{s: s}}, P: &s}
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	compat, err := rowpage.DecOptions{JSONCompatible: true}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	// ctPlain takes the decode plan's fast path, which ctRow's methods rule out.
	type ctPlain struct {
		Uniq string            `json:"uniq"`
		Rep  string            `json:"rep"`
		L    []string          `json:"l"`
		M    map[string]string `json:"m"`
		P    *string           `json:"p"`
	}
	for _, target := range []any{new([]ctRow), new([]ctPlain), new([]map[string]any), new(any), new([]map[string]json.RawMessage)} {
		viaJSON := reflect.New(reflect.TypeOf(target).Elem())
		viaPage := reflect.New(reflect.TypeOf(target).Elem())
		if err := json.Unmarshal(text, viaJSON.Interface()); err != nil {
			t.Fatal(err)
		}
		if err := compat.Unmarshal(page, viaPage.Interface()); err != nil {
			t.Fatalf("Unmarshal into %T: %v", target, err)
		}
		if d := cmp.Diff(viaJSON.Elem().Interface(), viaPage.Elem().Interface()); d != "" {
			t.Errorf("Unmarshal into %T (-json +page):\n%s", target, d)
		}
	}
	var generic []map[string]any
	if err := json.Unmarshal(text, &generic); err != nil {
		t.Fatal(err)
	}
	p, err := compat.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	for r := range p.Rows() {
		for c := range p.NumColumns() {
			v, _ := r.Value(c)
			if d := cmp.Diff(generic[r.Index()][p.ColumnName(c)], v); d != "" {
				t.Fatalf("row %d: Row.Value of %q (-json +page):\n%s", r.Index(), p.ColumnName(c), d)
			}
		}
	}
}

// TestCompatNumberOutOfRange decodes numbers beyond float64's range with a
// JSON-compatible mode: like json.Unmarshal, Unmarshal fails (ErrDecode,
// saying where), leaves that value nil and decodes the rest.
func TestCompatNumberOutOfRange(t *testing.T) {
	compat, err := rowpage.DecOptions{JSONCompatible: true}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	useNumber, err := rowpage.DecOptions{JSONCompatible: true, UseNumber: true}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		v      any
		target func() any
		row    int
		col    string
	}{
		{"value", []any{json.Number("1e400"), 1, "x", json.Number("-1e999")}, func() any { return new(any) }, 0, ""},
		{"rows into any", []map[string]any{{"b": 1}, {"a": json.Number("1e400"), "b": 2}, {"a": 3}}, func() any { return new(any) }, 1, "a"},
		{"rows into maps", []map[string]any{{"a": []any{json.Number("-1e400")}, "b": 1}, {"a": 3}}, func() any { return new([]map[string]any) }, 0, "a"},
		{"nested in an object page", map[string]any{"o": map[string]any{"n": json.Number("1e309")}}, func() any { return new(map[string]any) }, 0, "o"},
		{"raw JSON", []any{json.RawMessage(`{"n":[1e400]}`)}, func() any { return new(any) }, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			page, err := rowpage.Marshal(c.v)
			if err != nil {
				t.Fatal(err)
			}
			text, _ := json.Marshal(c.v)
			viaJSON, viaPage := c.target(), c.target()
			jerr := json.Unmarshal(text, viaJSON)
			err = compat.Unmarshal(page, viaPage)
			if jerr == nil {
				t.Fatalf("json.Unmarshal accepted %s", text)
			}
			var e *rowpage.Error
			if !errors.Is(err, rowpage.ErrDecode) || !errors.As(err, &e) {
				t.Fatalf("Unmarshal: got %v, want ErrDecode", err)
			}
			if e.Row != c.row || e.ColumnName != c.col {
				t.Errorf("error at row %d column %q, want row %d column %q: %v", e.Row, e.ColumnName, c.row, c.col, err)
			}
			if d := cmp.Diff(viaJSON, viaPage); d != "" {
				t.Errorf("decoded value (-json +page):\n%s", d)
			}
			// UseNumber keeps the text, as json.Decoder.UseNumber does.
			if err := useNumber.Unmarshal(page, c.target()); err != nil {
				t.Errorf("UseNumber: %v", err)
			}
		})
	}
}
