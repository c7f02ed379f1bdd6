package jsonbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/realdata"
)

// Every shape: each generated set of internal/dataset and each real set of
// internal/realdata (when ../shared is present), at every size of
// shapeSizes the set can fill, with pages built every way the set allows:
//
//	from=maps     rowpage.Marshal of native-form maps (real sets: generic)
//	from=generic  rowpage.Marshal of generic-form maps (generated sets)
//	from=structs  rowpage.Marshal of structs, where the set has them
//	from=json     AppendPage of the JSON text
//	from=sql      sqlpage.AppendSQL of the query (SQL sets)
//
// The JSON each page must render is json.Marshal of the same values, or
// the text itself for from=json.

// shapeSizes are the page sizes, in rows, of every shape.
var shapeSizes = []int{25, 100, 1000, 5000}

// shape is one page and the JSON it must render.
type shape struct {
	set, from string
	rows      int
	page      []byte
	json      []byte
}

// name is the shape's sub-test and sub-benchmark name.
func (s *shape) name() string {
	return "dataset=" + s.set + "/rows=" + strconv.Itoa(s.rows) + "/from=" + s.from
}

// shapeSource is one dataset at one size: a function that builds its
// shapes, so that callers build one size at a time.
type shapeSource struct {
	set   string
	rows  int
	build func() ([]shape, error)
}

// shapeSources lists every dataset at every size, generated sets first.
// Real sets load once per call (about a second); pass froms to keep only
// some ways of building pages (nil keeps all).
func shapeSources(t testing.TB, froms ...string) []shapeSource {
	keep := func(from string) bool {
		if len(froms) == 0 {
			return true
		}
		for _, f := range froms {
			if f == from {
				return true
			}
		}
		return false
	}
	var out []shapeSource
	for _, s := range dataset.Sets {
		for _, n := range shapeSizes {
			out = append(out, shapeSource{s.Name, n, func() ([]shape, error) {
				var shs []shape
				add := func(from string, values any) error {
					if !keep(from) {
						return nil
					}
					sh, err := marshalShape(s.Name, from, n, values)
					shs = append(shs, sh)
					return err
				}
				if err := add("maps", s.NativeMaps(n)); err != nil {
					return shs, err
				}
				if err := add("generic", s.Generic(n)); err != nil {
					return shs, err
				}
				if s.HasStructs() {
					if err := add("structs", s.Values(n)); err != nil {
						return shs, err
					}
				}
				if keep("json") {
					sh, err := textShape(s.Name, n, s.Text(n))
					shs = append(shs, sh)
					return shs, err
				}
				return shs, nil
			}})
		}
	}
	sets, err := realdata.Load(realdata.Dir(".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		for _, n := range s.Sizes(shapeSizes) {
			out = append(out, shapeSource{s.Name, n, func() ([]shape, error) {
				var shs []shape
				rows := s.Rows[:n]
				if keep("maps") {
					sh, err := marshalShape(s.Name, "maps", n, rows)
					if shs = append(shs, sh); err != nil {
						return shs, err
					}
				}
				want, err := json.Marshal(rows)
				if err != nil {
					return shs, err
				}
				if s.Page != nil && keep("sql") {
					page, err := s.Page(n)
					if shs = append(shs, shape{s.Name, "sql", n, page, want}); err != nil {
						return shs, err
					}
				}
				if keep("json") {
					sh, err := textShape(s.Name, n, want)
					shs = append(shs, sh)
					return shs, err
				}
				return shs, nil
			}})
		}
	}
	return out
}

// marshalShape builds the page of values with rowpage.Marshal.
func marshalShape(set, from string, n int, values any) (shape, error) {
	sh := shape{set: set, from: from, rows: n}
	var err error
	if sh.json, err = json.Marshal(values); err != nil {
		return sh, err
	}
	sh.page, err = rowpage.Marshal(values)
	return sh, err
}

// textShape builds the page of JSON text with AppendPage.
func textShape(set string, n int, text []byte) (shape, error) {
	page, err := AppendPage(nil, text)
	return shape{set, "json", n, page, text}, err
}

// knownBugs are shapes whose JSON is not yet byte-identical, by name, with
// the issue that tracks each. Empty: every shape renders exactly.
var knownBugs = map[string]string{}

// TestEveryShapeIdentity is the byte-identity target: AppendJSON of every
// page of every dataset and size equals the JSON of the same rows, byte
// for byte.
func TestEveryShapeIdentity(t *testing.T) {
	sizes := shapeSizes
	if testing.Short() {
		shapeSizes = []int{25, 100}
		defer func() { shapeSizes = sizes }()
	}
	for _, src := range shapeSources(t) {
		shs, err := src.build()
		if err != nil {
			t.Errorf("dataset=%s/rows=%d: building the pages: %v", src.set, src.rows, err)
		}
		for _, sh := range shs {
			t.Run(sh.name(), func(t *testing.T) {
				if bug, ok := knownBugs[sh.name()]; ok {
					t.Skip(bug)
				}
				if sh.page == nil {
					t.Fatal("no page")
				}
				got, err := AppendJSON(nil, sh.page)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, sh.json) {
					t.Fatal(firstMismatch(got, sh.json))
				}
			})
		}
	}
}

// firstMismatch describes where got first differs from want.
func firstMismatch(got, want []byte) string {
	i := 0
	for i < min(len(got), len(want)) && got[i] == want[i] {
		i++
	}
	from := max(i-60, 0)
	return fmt.Sprintf("JSON differs at byte %d of %d (got %d bytes):\n got …%.120s\nwant …%.120s", i, len(want), len(got), got[from:], want[from:])
}
