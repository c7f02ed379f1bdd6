package rowpage_test

import (
	"encoding/json"
	"strconv"
	"testing"

	gojson "github.com/goccy/go-json"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// structFixture is one built-in dataset that has a struct type, at one
// size: its rows' JSON and their page, built on first use so that a run
// filtered to other cells pays nothing for it.
type structFixture struct {
	set      dataset.Set
	n        int
	js, page []byte
}

// structFixtures lists every dataset with a struct type (rows, events,
// baas, analytics) at 25, 100, 1,000 and 5,000 rows.
func structFixtures() []*structFixture {
	var out []*structFixture
	for _, set := range dataset.Sets {
		if !set.HasStructs() {
			continue
		}
		for _, n := range []int{25, 100, 1000, 5000} {
			out = append(out, &structFixture{set: set, n: n})
		}
	}
	return out
}

// name is the fixture's sub-benchmark name.
func (f *structFixture) name() string { return "set=" + f.set.Name + "/rows=" + strconv.Itoa(f.n) }

// build makes the JSON and the page, once.
func (f *structFixture) build(b *testing.B) {
	if f.js != nil {
		return
	}
	v := f.set.Values(f.n)
	var err error
	if f.js, err = json.Marshal(v); err != nil {
		b.Fatal(err)
	}
	if f.page, err = rowpage.Marshal(v); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkUnmarshalEveryShape decodes every built-in dataset that has a
// struct type (rows, events, baas, analytics: flat rows, nested structs,
// pointers, slices and maps) into a fresh []T, four ways:
//
//	codec=rowpage  Unmarshal of the page built from the structs
//	codec=json     encoding/json Unmarshal of the same rows' JSON
//	codec=goccy    goccy/go-json Unmarshal of that JSON
//	codec=sonic    bytedance/sonic Unmarshal of that JSON (64-bit targets)
//
// b.SetBytes is the JSON's length, so MB/s compare as rows decoded per
// second. Run one set with, for example,
// -bench 'UnmarshalEveryShape/set=analytics/'.
func BenchmarkUnmarshalEveryShape(b *testing.B) {
	for _, f := range structFixtures() {
		for _, c := range []struct {
			codec  string
			decode func(v any) error
		}{
			{"rowpage", func(v any) error { return rowpage.Unmarshal(f.page, v) }},
			{"json", func(v any) error { return json.Unmarshal(f.js, v) }},
			{"goccy", func(v any) error { return gojson.Unmarshal(f.js, v) }},
			{"sonic", func(v any) error { return sonicUnmarshal(f.js, v) }},
		} {
			if c.codec == "sonic" && sonicUnmarshal == nil {
				continue
			}
			b.Run(f.name()+"/codec="+c.codec, func(b *testing.B) {
				f.build(b)
				b.SetBytes(int64(len(f.js)))
				b.ReportAllocs()
				for b.Loop() {
					if err := c.decode(f.set.New()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
