package rowpage_test

import (
	"encoding/json"
	"flag"
	"strconv"
	"testing"

	"github.com/fxamacker/cbor/v2"
	"github.com/klauspost/compress/zstd"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// scaleSizes are the page sizes of BenchmarkMarshalScale, in rows: from a
// small page to the results a BI tool caches (issue 16).
var scaleSizes = []int{25, 1000, 5000, 10000, 100000}

// scaleMax is the largest size BenchmarkMarshalScale runs unless told
// otherwise: CI's smoke run (-benchtime 1x over every benchmark) would
// spend most of a minute building and encoding 100,000-row pages.
var scaleMax = flag.Int("scale.max", 10000, "BenchmarkMarshalScale: the largest page to run, in rows (100000 for all)")

// scaleCBOR writes times as RFC 3339 text, as internal/peers does, so that
// CBOR keeps what the page keeps.
var scaleCBOR, _ = cbor.EncOptions{Time: cbor.TimeRFC3339Nano}.EncMode()

// scaleInput builds each form of one dataset at one size on first use, so
// that a run narrowed by -bench, or CI's -benchtime 1x smoke run, builds
// only what its sub-benchmarks encode.
type scaleInput struct {
	set      dataset.Set
	n        int
	generic  []map[string]any
	native   []map[string]any
	structs  any
	jsonText []byte
}

func (in *scaleInput) genericMaps() any {
	if in.generic == nil {
		in.generic = in.set.Generic(in.n)
	}
	return in.generic
}

func (in *scaleInput) nativeMaps() any {
	if in.native == nil {
		in.native = in.set.NativeMaps(in.n)
	}
	return in.native
}

func (in *scaleInput) structValues() any {
	if in.structs == nil {
		in.structs = in.set.Values(in.n)
	}
	return in.structs
}

func (in *scaleInput) text() []byte {
	if in.jsonText == nil {
		in.jsonText = in.set.Text(in.n)
	}
	return in.jsonText
}

// BenchmarkMarshalScale times the miss path on every generated dataset at
// every size of scaleSizes, beside its peers on the same values: Marshal
// from generic maps (as json.Unmarshal gives them), from native maps and
// from structs beside fxamacker/cbor Marshal (and json.Marshal for
// structs), and jsonbridge.AppendPage beside zstd SpeedFastest compression
// of the same JSON and json.Unmarshal of it into maps. Each reports ns/row,
// which stays flat as the rows grow when a path is linear. Pages of
// 100,000 rows run only with -scale.max 100000. Run:
//
//	go test -run '^$' -bench 'MarshalScale/set=baas/rows=1000$' -benchtime 200ms -count 6 . -scale.max 100000
func BenchmarkMarshalScale(b *testing.B) {
	zenc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	for _, set := range dataset.Sets {
		b.Run("set="+set.Name, func(b *testing.B) {
			for _, n := range scaleSizes {
				b.Run("rows="+strconv.Itoa(n), func(b *testing.B) {
					if n > *scaleMax {
						b.Skip("larger than -scale.max")
					}
					in := &scaleInput{set: set, n: n}
					scaleCodecs(b, in, zenc)
				})
			}
		})
	}
}

// scaleCodecs runs one sub-benchmark per path and peer on in.
func scaleCodecs(b *testing.B, in *scaleInput, zenc *zstd.Encoder) {
	marshal := func(name string, values func() any, f func(any) ([]byte, error)) {
		b.Run(name, func(b *testing.B) {
			v := values()
			runScale(b, in.n, func() error { _, err := f(v); return err })
		})
	}
	// Each form is dropped once its codecs have run: at 100,000 rows a form
	// is hundreds of megabytes, and every garbage collection while the next
	// form is timed would mark it too.
	marshal("from=generic/codec=rowpage", in.genericMaps, rowpage.Marshal)
	marshal("from=generic/codec=cbor", in.genericMaps, scaleCBOR.Marshal)
	in.generic = nil
	marshal("from=native/codec=rowpage", in.nativeMaps, rowpage.Marshal)
	marshal("from=native/codec=cbor", in.nativeMaps, scaleCBOR.Marshal)
	in.native = nil
	if in.set.HasStructs() {
		marshal("from=structs/codec=rowpage", in.structValues, rowpage.Marshal)
		marshal("from=structs/codec=cbor", in.structValues, scaleCBOR.Marshal)
		marshal("from=structs/codec=json", in.structValues, json.Marshal)
		in.structs = nil
	}
	text := func(name string, f func([]byte) error) {
		b.Run(name, func(b *testing.B) {
			t := in.text()
			b.SetBytes(int64(len(t)))
			runScale(b, in.n, func() error { return f(t) })
		})
	}
	text("from=json/codec=rowpage", func(t []byte) error { _, err := jsonbridge.AppendPage(nil, t); return err })
	text("from=json/codec=zstd-fastest", func(t []byte) error { zenc.EncodeAll(t, nil); return nil })
	text("from=json/codec=json-unmarshal", func(t []byte) error {
		var out []map[string]any
		return json.Unmarshal(t, &out)
	})
}

// runScale times f after one untimed call, and reports ns per row and CPU
// ns per row: the CPU time of the whole process (the garbage collector's
// included) over the loop, which on a shared machine says more than the
// wall clock when other processes take the cores.
func runScale(b *testing.B, rows int, f func() error) {
	b.ReportAllocs()
	// One call before the clock starts, so that every codec is timed in
	// its steady state: pooled encoders and buffers sized for the page.
	if err := f(); err != nil {
		b.Fatal(err)
	}
	var cpu0 int64
	first := true
	for b.Loop() {
		if first {
			cpu0, _ = processCPU()
			first = false
		}
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	per := float64(b.N) * float64(rows)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/row")
	if cpu1, ok := processCPU(); ok {
		b.ReportMetric(float64(cpu1-cpu0)/per, "cpu-ns/row")
	}
}
