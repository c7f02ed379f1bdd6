package jsonbridge

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/realdata"
)

// dictSizes are the page sizes dictionaries are measured at: the small
// pages they are for.
var dictSizes = []int{25, 100}

// dictSource is a run of rows cut into pages of one size: the pages a
// dictionary is trained on come before the pages it is measured on.
type dictSource struct {
	name string
	rows []map[string]any
}

// dictSources are the generated sets (100 training and 10 measured pages
// of every size) and the real ones (as many pages as they hold).
func dictSources(tb testing.TB) []dictSource {
	var out []dictSource
	for _, s := range dataset.Sets {
		out = append(out, dictSource{s.Name, s.NativeMaps(110 * dictSizes[len(dictSizes)-1])})
	}
	sets, err := realdata.Load(realdata.Dir(".."))
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range sets {
		out = append(out, dictSource{s.Name, s.Rows})
	}
	return out
}

// dictSplit cuts rows into pages of n rows and says how many of the first
// train on (up to 100) and how many after them are measured (up to 10):
// at least 4 to train on and 1 to measure, else ok is false.
func dictSplit(rows []map[string]any, n int) (pages [][]map[string]any, train int, ok bool) {
	for i := 0; i+n <= len(rows); i += n {
		pages = append(pages, rows[i:i+n])
	}
	test := min(10, len(pages)/5)
	train = min(100, len(pages)-test)
	if test < 1 || train < 4 {
		return nil, 0, false
	}
	return pages[:train+test], train, true
}

// BenchmarkSizeDictionary reports what a dictionary (rowpage.Dictionary,
// trained on the earlier pages of the same rows, never on a page it
// measures) does to the size of compressed pages of 25 and 100 rows, on
// every generated and real dataset: fast-%s2 and small-%zstd are the pages
// without one against the JSON compressed by S2 and zstd (SpeedDefault),
// fastdict-%s2 and smalldict-%zstd with one, summed over the measured
// pages; dict-bytes is the dictionary's size. It times nothing
// meaningful. Run:
//
//	go test -run '^$' -bench SizeDictionary -benchtime 1x ./jsonbridge
func BenchmarkSizeDictionary(b *testing.B) {
	zenc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	fast, _ := rowpage.EncOptions{Compression: rowpage.CompressFast}.EncMode()
	small, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall}.EncMode()
	for _, src := range dictSources(b) {
		for _, n := range dictSizes {
			pages, train, ok := dictSplit(src.rows, n)
			if !ok {
				continue
			}
			b.Run("set="+src.name+"/rows="+strconv.Itoa(n), func(b *testing.B) {
				var samples [][]byte
				for _, p := range pages[:train] {
					samples = append(samples, marshalWith(b, rowpage.Marshal, p))
				}
				d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{})
				if err != nil {
					b.Fatal(err)
				}
				fastDict, err := rowpage.EncOptions{Compression: rowpage.CompressFast, Dictionary: d}.EncMode()
				if err != nil {
					b.Fatal(err)
				}
				smallDict, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: d}.EncMode()
				var js2, jzd, f, fd, s, sd int
				for _, p := range pages[train:] {
					text, err := json.Marshal(p)
					if err != nil {
						b.Fatal(err)
					}
					js2 += len(s2.Encode(nil, text))
					jzd += len(zenc.EncodeAll(text, nil))
					f += len(marshalWith(b, fast.Marshal, p))
					fd += len(marshalWith(b, fastDict.Marshal, p))
					s += len(marshalWith(b, small.Marshal, p))
					sd += len(marshalWith(b, smallDict.Marshal, p))
				}
				for b.Loop() {
				}
				b.ReportMetric(100*float64(f)/float64(js2), "fast-%s2")
				b.ReportMetric(100*float64(fd)/float64(js2), "fastdict-%s2")
				b.ReportMetric(100*float64(s)/float64(jzd), "small-%zstd")
				b.ReportMetric(100*float64(sd)/float64(jzd), "smalldict-%zstd")
				b.ReportMetric(float64(len(d.Bytes())), "dict-bytes")
			})
		}
	}
}

func marshalWith(tb testing.TB, marshal func(any) ([]byte, error), v any) []byte {
	page, err := marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return page
}

// BenchmarkHitDictionary times a hit (AppendJSON into a reused buffer) on
// compressed pages of 25 and 100 rows with and without a dictionary
// (trained on the earlier pages of the same rows), on every generated
// dataset: via=fast and via=small without, via=fast-dict and
// via=small-dict with. Run:
//
//	go test -run '^$' -bench HitDictionary -benchtime 20ms -count 6 ./jsonbridge
func BenchmarkHitDictionary(b *testing.B) {
	for _, s := range dataset.Sets {
		for _, n := range dictSizes {
			pages, train, ok := dictSplit(s.NativeMaps(110*n), n)
			if !ok {
				b.Fatal("too few rows")
			}
			var samples [][]byte
			for _, p := range pages[:train] {
				samples = append(samples, marshalWith(b, rowpage.Marshal, p))
			}
			d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{})
			if err != nil {
				b.Fatal(err)
			}
			mode, _ := Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
			v := pages[train]
			for _, via := range []struct {
				name string
				opts rowpage.EncOptions
			}{
				{"fast", rowpage.EncOptions{Compression: rowpage.CompressFast}},
				{"fast-dict", rowpage.EncOptions{Compression: rowpage.CompressFast, Dictionary: d}},
				{"small", rowpage.EncOptions{Compression: rowpage.CompressSmall}},
				{"small-dict", rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: d}},
			} {
				b.Run("set="+s.Name+"/rows="+strconv.Itoa(n)+"/via="+via.name, func(b *testing.B) {
					m, err := via.opts.EncMode()
					if err != nil {
						b.Fatal(err)
					}
					page := marshalWith(b, m.Marshal, v)
					buf, err := mode.AppendJSON(nil, page)
					if err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(buf)))
					b.ReportAllocs()
					for b.Loop() {
						buf, _ = mode.AppendJSON(buf[:0], page)
					}
					b.ReportMetric(float64(len(page)), "page-bytes")
				})
			}
		}
	}
}
