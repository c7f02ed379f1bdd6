package jsonbridge

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// BenchmarkCheckTableFlags times, alone, the string-flag check a JSON hit
// makes in Open (pageread.CheckTableFlags, SPEC.md section 3) on the string
// table of each dataset's page built from maps, so that its share of a hit
// (BenchmarkHitEveryShape) can be counted apart, for example with
//
//	tools/instructions ./jsonbridge 'CheckTableFlags/dataset=baas$/rows=25$/from=maps$' \
//		'github.com/rowpage/rowpage/internal/pageread.CheckTableFlags' 20
//
// The table is copied out of the page once (flags, data and ends as Parse
// reads them); only the check runs in the loop. As in
// BenchmarkHitEveryShape, only the datasets and sizes -bench selects are
// built, all before the first sub-benchmark runs.
func BenchmarkCheckTableFlags(b *testing.B) {
	type table struct {
		name        string
		flags, data []byte
		ends        []uint32
	}
	var all []table
	for _, src := range shapeSources(b, "maps") {
		if !benchSelects(b, "dataset="+src.set, "rows="+strconv.Itoa(src.rows)) {
			continue
		}
		shs, err := src.build()
		if err != nil {
			b.Fatal(err)
		}
		for _, sh := range shs {
			l, err := pageread.Parse(sh.page, format.Limits{})
			if err != nil {
				b.Fatal(err)
			}
			st := &l.Strings
			n := st.Len()
			t := table{name: sh.name(), flags: make([]byte, (n+3)/4), ends: make([]uint32, n)}
			for i := range n {
				t.flags[i>>2] |= st.Flags(i) << ((i & 3) * 2)
				t.data = append(t.data, st.Bytes(i)...)
				t.ends[i] = uint32(len(t.data))
			}
			all = append(all, t)
		}
	}
	for _, t := range all {
		b.Run(t.name, func(b *testing.B) {
			b.SetBytes(int64(len(t.data)))
			for b.Loop() {
				if i := pageread.CheckTableFlags(t.flags, t.data, t.ends); i >= 0 {
					b.Fatalf("string %d: wrong flags", i)
				}
			}
		})
	}
}
