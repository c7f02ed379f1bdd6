package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

func TestInspectText(t *testing.T) {
	page := encode(t, builtinJSON(t, "rows", 100))
	out, _, err := runCmd(t, page, "inspect")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"kind rows", "CRC-32C present and verified", "100 (0 null), 18 columns, 1 shapes",
		"per distinct string", "string table", "column payloads", "owner", "string-ref", "time", "shape"} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out)
		}
	}
}

func TestInspectJSON(t *testing.T) {
	for _, s := range dataset.Sets {
		page := encode(t, builtinJSON(t, s.Name, 250))
		out, _, err := runCmd(t, page, "inspect", "-json")
		if err != nil {
			t.Fatal(err)
		}
		var r inspectReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%s: -json output does not parse: %v", s.Name, err)
		}
		if r.Bytes != len(page) || r.Rows != 250 || r.Kind != "rows" || r.Version != "1."+strconv.Itoa(int(page[5])) || r.Checksum != "verified" {
			t.Errorf("%s: header fields %+v", s.Name, r)
		}
		total := 0
		for _, sec := range r.Sections {
			total += sec.Bytes
		}
		if total != len(page) {
			t.Errorf("%s: sections add up to %d bytes of %d", s.Name, total, len(page))
		}
		if r.Strings.PerString <= 1 || r.Strings.UnsharedBytes <= r.Strings.DataBytes {
			t.Errorf("%s: the string table shares nothing? %+v", s.Name, r.Strings)
		}
		cells := 0
		for _, sh := range r.Shapes {
			cells += sh.Rows
		}
		if cells+r.NullRows != r.Rows || len(r.Cols) != r.Columns {
			t.Errorf("%s: shapes cover %d rows, %d columns listed", s.Name, cells, len(r.Cols))
		}
	}
}

func TestInspectShapesLimit(t *testing.T) {
	page := encode(t, builtinJSON(t, "sparse", 300))
	out, _, err := runCmd(t, page, "inspect", "-shapes", "3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "the 3 most common") {
		t.Errorf("output:\n%s", out)
	}
}

func TestInspectDamaged(t *testing.T) {
	_, _, err := runCmd(t, []byte(`[{"id":1}]`), "inspect")
	if err == nil || !strings.Contains(err.Error(), "unsupported") {
		t.Errorf("a JSON entry: %v", err)
	}
}

// TestInspectFloatInt checks that inspect names integral-float columns
// (SPEC.md 5.2) and the 1.3 version of a page that holds them: the page
// of float64s as json.Unmarshal gives them.
func TestInspectFloatInt(t *testing.T) {
	page, err := rowpage.Marshal([]map[string]any{{"n": 1000.0, "f": 1.5, "a": []any{2.0, "x"}}, {"n": nil, "f": 2.0, "a": nil}})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := runCmd(t, page, "inspect")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format 1.3", "float-int+nulls", "float", "any"} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out)
		}
	}
}

// TestInspectIntFloat checks that inspect names int-or-float columns
// (SPEC.md 5.2) and the 1.4 version of a page that holds them: the page of
// JSON text whose column writes 14 and 9.8.
func TestInspectIntFloat(t *testing.T) {
	page, err := rowpage.Marshal([]map[string]any{{"a": 14, "b": 1}, {"a": 9.8, "b": nil}, {"a": nil, "b": 2.5}})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := runCmd(t, page, "inspect")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format 1.4", "int-or-float+nulls"} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out)
		}
	}
}
