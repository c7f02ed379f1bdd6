package rowpage_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// BenchmarkMarshalShapes times Marshal of small pages (25 and 100 rows, the
// sizes a list endpoint caches) of every generated dataset, from generic
// maps, native maps and structs, beside fxamacker/cbor Marshal of the same
// values (and json.Marshal of the structs). A sub-benchmark builds only its
// own input, once, before its first call, so that a run narrowed by -bench
// (and an instruction count of one, which runs the binary under valgrind)
// builds no other:
//
//	tools/instructions . 'MarshalShapes/set=hetero/rows=25/from=generic/codec=rowpage$' \
//		'github.com/rowpage/rowpage.(*EncMode).Append' 50
func BenchmarkMarshalShapes(b *testing.B) {
	for _, set := range dataset.Sets {
		for _, n := range []int{25, 100} {
			forms := []struct {
				name   string
				values func() any
			}{
				{"generic", func() any { return set.Generic(n) }},
				{"native", func() any { return set.NativeMaps(n) }},
			}
			if set.HasStructs() {
				forms = append(forms, struct {
					name   string
					values func() any
				}{"structs", func() any { return set.Values(n) }})
			}
			for _, f := range forms {
				prefix := "set=" + set.Name + "/rows=" + strconv.Itoa(n) + "/from=" + f.name
				b.Run(prefix+"/codec=rowpage", func(b *testing.B) {
					v := f.values()
					var buf []byte
					runScale(b, n, func() (err error) { buf, err = rowpage.Append(buf[:0], v); return err })
				})
				b.Run(prefix+"/codec=cbor", func(b *testing.B) {
					v := f.values()
					runScale(b, n, func() error { _, err := scaleCBOR.Marshal(v); return err })
				})
				if f.name == "structs" {
					b.Run(prefix+"/codec=json", func(b *testing.B) {
						v := f.values()
						runScale(b, n, func() error { _, err := json.Marshal(v); return err })
					})
				}
			}
		}
	}
}
