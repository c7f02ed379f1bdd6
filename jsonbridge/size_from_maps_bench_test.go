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
