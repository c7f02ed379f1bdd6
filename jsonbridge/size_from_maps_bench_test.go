package jsonbridge

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// BenchmarkSizeFromMaps reports, for each generated dataset and page size,
// the page Marshal builds from the rows as json.Unmarshal gives them
// (generic maps: RFC 3339 text as strings, every number a float64) beside
// the page AppendPage builds from their JSON text (issue 15): maps-%text is
// the first's size as a percentage of the second's, and fast-%s2 and
// small-%zstd the maps page compressed as CompressFast and CompressSmall
// against the JSON compressed by S2 and by zstd (SpeedDefault). It times
// nothing meaningful. Run:
//
//	go test -run '^$' -bench SizeFromMaps -benchtime 1x ./jsonbridge
func BenchmarkSizeFromMaps(b *testing.B) {
	zenc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault))
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range dataset.Sets {
		for _, n := range []int{25, 100, 1000, 5000} {
			b.Run("set="+s.Name+"/rows="+strconv.Itoa(n), func(b *testing.B) {
				maps := s.Generic(n)
				text, err := json.Marshal(maps)
				if err != nil {
					b.Fatal(err)
				}
				fromMaps, err := rowpage.Marshal(maps)
				if err != nil {
					b.Fatal(err)
				}
				fromText, err := AppendPage(nil, text)
				if err != nil {
					b.Fatal(err)
				}
				var c pagebuild.Compressor
				fast := c.Compress(append([]byte(nil), fromMaps...), 0, pagebuild.CompressFast)
				small := c.Compress(append([]byte(nil), fromMaps...), 0, pagebuild.CompressSmall)
				for b.Loop() {
				}
				b.ReportMetric(100*float64(len(fromMaps))/float64(len(fromText)), "maps-%text")
				b.ReportMetric(100*float64(len(fromMaps))/float64(len(text)), "maps-%json")
				b.ReportMetric(100*float64(len(fast))/float64(len(s2.Encode(nil, text))), "fast-%s2")
				b.ReportMetric(100*float64(len(small))/float64(len(zenc.EncodeAll(text, nil))), "small-%zstd")
			})
		}
	}
}

// BenchmarkHitFromMaps times a cache hit (AppendJSON into a reused buffer)
// on the pages BenchmarkSizeFromMaps measures, Marshal of the rows as
// json.Unmarshal gives them, where every number is a float64, at 100 and
// 1,000 rows; and on set=counts, 1,000 rows of two float64 columns of
// integers (small counts, ids near 10^9), alone. With format 1.3 their
// integer columns and nested integers are integral floats (SPEC.md 5.2):
// run it on an older tree too to compare with the float cells they were.
//
//	go test -run '^$' -bench HitFromMaps -benchtime 200ms -count 3 ./jsonbridge
func BenchmarkHitFromMaps(b *testing.B) {
	type set struct {
		name string
		rows []map[string]any
	}
	var sets []set
	for _, s := range dataset.Sets {
		for _, n := range []int{100, 1000} {
			sets = append(sets, set{"set=" + s.Name + "/rows=" + strconv.Itoa(n), s.Generic(n)})
		}
	}
	counts := make([]map[string]any, 1000)
	for i := range counts {
		counts[i] = map[string]any{"n": float64(i * 37 % 1000), "id": float64(1_000_000_000 + 3*i)}
	}
	sets = append(sets, set{"set=counts/rows=1000", counts})
	for _, s := range sets {
		page, err := rowpage.Marshal(s.rows)
		if err != nil {
			b.Fatal(err)
		}
		want, err := json.Marshal(s.rows)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(s.name, func(b *testing.B) {
			hit(b, want, page, func(dst []byte) ([]byte, error) { return AppendJSON(dst[:0], page) })
		})
	}
}
