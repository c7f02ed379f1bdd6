package rowpage_test

import (
	"encoding/json"
	"strconv"
	"testing"

	gojson "github.com/goccy/go-json"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

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
	for _, set := range dataset.Sets {
		if !set.HasStructs() {
			continue
		}
		for _, n := range []int{25, 100, 1000, 5000} {
			name := "set=" + set.Name + "/rows=" + strconv.Itoa(n)
			var js, page []byte
			build := func(b *testing.B) {
				if js != nil {
					return
				}
				v := set.Values(n)
				var err error
				if js, err = json.Marshal(v); err != nil {
					b.Fatal(err)
				}
				if page, err = rowpage.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
			for _, c := range []struct {
				codec  string
				decode func(v any) error
			}{
				{"rowpage", func(v any) error { return rowpage.Unmarshal(page, v) }},
				{"json", func(v any) error { return json.Unmarshal(js, v) }},
				{"goccy", func(v any) error { return gojson.Unmarshal(js, v) }},
				{"sonic", func(v any) error { return sonicUnmarshal(js, v) }},
			} {
				if c.codec == "sonic" && sonicUnmarshal == nil {
					continue
				}
				b.Run(name+"/codec="+c.codec, func(b *testing.B) {
					build(b)
					b.SetBytes(int64(len(js)))
					b.ReportAllocs()
					for b.Loop() {
						if err := c.decode(set.New()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
