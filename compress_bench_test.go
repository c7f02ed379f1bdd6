package rowpage_test

import (
	"encoding/json"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// BenchmarkEncodeCompressed times writing a compressed entry: Marshal at
// each level against json.Marshal followed by s2.Encode or zstd
// (SpeedDefault) of the JSON, the encoding target. b.SetBytes is
// the JSON's length. Run a subset with -bench
// 'EncodeCompressed/dataset=rows/rows=1000/'.
func BenchmarkEncodeCompressed(b *testing.B) {
	zenc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	modes := map[string]*rowpage.EncMode{}
	for name, c := range map[string]rowpage.Compression{"plain": rowpage.CompressNone, "fast": rowpage.CompressFast, "small": rowpage.CompressSmall} {
		modes[name], _ = rowpage.EncOptions{Compression: c}.EncMode()
	}
	for _, set := range dataset.Sets {
		for _, n := range []int{25, 1000} {
			v := set.Values(n)
			js, _ := json.Marshal(v)
			prefix := "dataset=" + set.Name + "/rows=" + itoa(n)
			for _, name := range []string{"plain", "fast", "small"} {
				m := modes[name]
				b.Run(prefix+"/via="+name, func(b *testing.B) {
					b.SetBytes(int64(len(js)))
					b.ReportAllocs()
					var out []byte
					for b.Loop() {
						out, _ = m.Append(out[:0], v)
					}
					b.ReportMetric(100*float64(len(out))/float64(len(js)), "%json")
				})
			}
			b.Run(prefix+"/via=json+s2", func(b *testing.B) {
				b.SetBytes(int64(len(js)))
				b.ReportAllocs()
				var out []byte
				for b.Loop() {
					j, _ := json.Marshal(v)
					out = s2.Encode(out[:cap(out)], j)
				}
				b.ReportMetric(100*float64(len(out))/float64(len(js)), "%json")
			})
			b.Run(prefix+"/via=json+zstd", func(b *testing.B) {
				b.SetBytes(int64(len(js)))
				b.ReportAllocs()
				var out []byte
				for b.Loop() {
					j, _ := json.Marshal(v)
					out = zenc.EncodeAll(j, out[:0])
				}
				b.ReportMetric(100*float64(len(out))/float64(len(js)), "%json")
			})
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
