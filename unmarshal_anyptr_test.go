package rowpage_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
)

// apRow is a row that the tests below decode into through an interface.
type apRow struct {
	ID   int      `json:"id"`
	Name string   `json:"name"`
	Tags []string `json:"tags"`
	Old  string   `json:"old"` // no column: what a pointee held stays
}

// apHolder is a one-object page's target with an interface field.
type apHolder struct {
	ID  int `json:"id"`
	Row any `json:"row"`
	Nil any `json:"nil"`
}

// apNest and apNestP hold an apHolder, as an object cell decodes into it.
type apNest struct {
	In apHolder `json:"in"`
}

type apNestP struct {
	In *apHolder `json:"in"`
}

// apLists has lists of interfaces, as array cells decode into them.
type apLists struct {
	A []any  `json:"a"`
	B [3]any `json:"b"`
	C []any  `json:"c"`
}

// TestUnmarshalAnyPointers decodes rows into destinations whose interface
// elements already hold values (pointers to structs, to maps, to pointers,
// nil pointers, values that are not pointers) and compares each result
// with json.Unmarshal of the same rows' JSON into an equal destination:
// json.Unmarshal decodes into the pointee of a non-nil pointer that an
// interface holds, keeps the elements of a slice it grows, and replaces
// anything else an interface holds.
func TestUnmarshalAnyPointers(t *testing.T) {
	rows := []any{
		map[string]any{"id": 1, "name": "a", "tags": []string{"x", "y"}},
		map[string]any{"id": 2, "name": "b"},
		nil,
		map[string]any{"id": 4, "name": "d", "tags": []string{}},
	}
	compat, err := rowpage.DecOptions{JSONCompatible: true}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	pp := func() **apRow { p := &apRow{Old: "pp"}; return &p }
	ppNil := func() **apRow { return new(*apRow) }
	m := func() *map[string]any { m := map[string]any{"old": "m"}; return &m }
	cases := []struct {
		name string
		dst  func() any // a fresh destination, a pointer
	}{
		{"ptrs", func() any { return &[]any{&apRow{Old: "a"}, &apRow{Old: "b"}, &apRow{Old: "c"}, &apRow{Old: "d"}} }},
		{"ptrs/fewer", func() any { return &[]any{&apRow{Old: "a"}} }},
		{"ptrs/spare-cap", func() any { s := make([]any, 1, 8); s[0] = &apRow{Old: "a"}; return &s }},
		{"ptrs/more", func() any {
			return &[]any{&apRow{Old: "a"}, &apRow{Old: "b"}, &apRow{Old: "c"}, &apRow{Old: "d"}, &apRow{Old: "e"}}
		}},
		{"ptrs/array", func() any {
			return &[5]any{&apRow{Old: "a"}, nil, &apRow{Old: "c"}, &apRow{Old: "d"}, &apRow{Old: "e"}}
		}},
		{"ptrs/in-any", func() any { var v any = []any{&apRow{Old: "a"}, &apRow{Old: "b"}}; return &v }},
		{"maps", func() any { return &[]any{map[string]any{"old": "m"}, map[string]any{"id": 9.0}} }},
		{"map-ptrs", func() any { return &[]any{m(), m(), m(), m()} }},
		{"nil-ptrs", func() any { return &[]any{(*apRow)(nil), (*apRow)(nil)} }},
		{"values", func() any { return &[]any{apRow{Old: "v"}, apRow{Old: "w"}} }},
		{"ptr-ptrs", func() any { return &[]any{pp(), pp(), pp(), pp()} }},
		{"ptr-nil-ptrs", func() any { return &[]any{ppNil(), ppNil(), ppNil(), ppNil()} }},
		{"mixed", func() any { return &[]any{&apRow{Old: "a"}, m(), pp(), "s"} }},
		{"ptr-slice", func() any { var s []any; return &s }},
	}
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sameUnmarshalAsJSON(t, compat, text, page, c.dst)
		})
	}

	// One object: the page's top level and a struct field of type any.
	objs := []struct {
		name string
		v    any
		dst  func() any
	}{
		{"object/ptr", map[string]any{"id": 1, "name": "a"}, func() any { var v any = &apRow{Old: "o"}; return &v }},
		{"object/ptr-ptr", map[string]any{"id": 1}, func() any { var v any = pp(); return &v }},
		{"object/field", map[string]any{"id": 1, "row": map[string]any{"id": 2, "name": "n"}, "nil": nil},
			func() any { return &apHolder{Row: &apRow{Old: "f"}, Nil: pp()} }},
		{"object/field-value", map[string]any{"id": 1, "row": map[string]any{"id": 2}},
			func() any { return &apHolder{Row: apRow{Old: "f"}} }},
		{"object/field-null", map[string]any{"row": nil, "nil": nil},
			func() any { return &apHolder{Row: &apRow{Old: "f"}, Nil: pp()} }},
		{"object/nested", map[string]any{"in": map[string]any{"row": map[string]any{"id": 2}, "nil": nil}},
			func() any { return &apNest{In: apHolder{Row: &apRow{Old: "f"}, Nil: pp()}} }},
		{"object/nested-ptr", map[string]any{"in": map[string]any{"row": map[string]any{"id": 2}, "nil": nil}},
			func() any { return &apNestP{In: &apHolder{Row: &apRow{Old: "f"}, Nil: pp()}} }},
		{"value/ptr", 5, func() any { var v any = new(int); return &v }},
		{"value/list", []any{[]any{1, 2}}, func() any { return &[]any{&[]int{7, 8, 9}} }},
		{"object/lists", map[string]any{"a": []any{1, nil, 3}, "b": []any{4, 5}, "c": []any{6}},
			func() any {
				pp := pp()
				return &apLists{A: []any{new(int), pp, new(float64)}, B: [3]any{new(int), "x", new(int)}, C: []any{}}
			}},
		{"object/lists-grow", map[string]any{"a": []any{1, 2, 3}},
			func() any { return &apLists{A: []any{new(int)}} }},
		{"object/self", map[string]any{"id": 1}, func() any { var v any; v = &v; return &v }},
	}
	for _, o := range objs {
		t.Run(o.name, func(t *testing.T) {
			text, err := json.Marshal(o.v)
			if err != nil {
				t.Fatal(err)
			}
			page, err := rowpage.Marshal(o.v)
			if err != nil {
				t.Fatal(err)
			}
			sameUnmarshalAsJSON(t, compat, text, page, o.dst)
		})
	}
}

// sameUnmarshalAsJSON unmarshals text with json.Unmarshal and page, its
// rowpage form, with m's Unmarshal, each into a new value from dst (which
// may hold values already), and requires both to fail or both to give the
// same value.
func sameUnmarshalAsJSON(t *testing.T, m *rowpage.DecMode, text, page []byte, dst func() any) {
	t.Helper()
	viaJSON, viaPage := dst(), dst()
	errJSON := json.Unmarshal(text, viaJSON)
	errPage := m.Unmarshal(page, viaPage)
	if (errJSON == nil) != (errPage == nil) {
		t.Fatalf("json.Unmarshal: %v; rowpage: %v", errJSON, errPage)
	}
	if d := cmp.Diff(viaJSON, viaPage); d != "" {
		t.Errorf("rowpage differs from json.Unmarshal (-json +rowpage):\n%s", d)
	}
}
