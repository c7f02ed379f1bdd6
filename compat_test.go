package rowpage_test

import (
	"encoding/json"
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
