package jsonbridge

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// BenchmarkHitEveryShape times a cache hit on every shape (see
// every_shape_test.go) three ways, all writing the same JSON:
//
//	via=appendjson  AppendJSON of the page into a reused buffer
//	via=writejson   WriteJSON of the page to a writer that appends to a
//	                reused buffer
//	via=writediscard WriteJSON of the page to io.Discard, the writer of
//	                issue 14's WriteJSON target: the same render without the
//	                copy of the JSON that via=writejson's writer makes
//	via=fragments   a bound, not a codec: the JSON copied one piece per
//	                scalar (its key, punctuation and text), as a renderer
//	                that did no work per cell but one copy would run
//	via=s2          s2.Decode of the S2 block of the JSON into a reused buffer
//	via=zstd        DecodeAll of the zstd frame of the JSON (default level)
//	                with a reused decoder and buffer
//	via=fast        AppendJSON of the page compressed as CompressFast (S2)
//	via=small       AppendJSON of the page compressed as CompressSmall (zstd)
//
// b.SetBytes is the JSON's length, so MB/s compare as JSON served per
// second; each reports the entry's size as %json. Pages from generic maps
// are left out here (the identity test covers them). Run a subset with, for
// example, -bench 'HitEveryShape/dataset=hetero/rows=1000/'.
func BenchmarkHitEveryShape(b *testing.B) {
	zenc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault))
	if err != nil {
		b.Fatal(err)
	}
	zdec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	defer zdec.Close()
	// Every shape is built before the first sub-benchmark runs, and each
	// sub-benchmark compresses what it serves itself, so that no set-up
	// runs after a sub-benchmark that -bench selects: callgrind
	// (tools/instructions) can lose the return of a measured call and
	// then credits it with whatever the process does next.
	// Only the datasets and sizes -bench can select are built.
	var all []shape
	for _, src := range shapeSources(b, "maps", "structs", "json", "sql") {
		if !benchSelects(b, "dataset="+src.set, "rows="+strconv.Itoa(src.rows)) {
			continue
		}
		shs, err := src.build()
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, shs...)
	}
	for _, sh := range all {
		b.Run(sh.name()+"/via=appendjson", func(b *testing.B) {
			hit(b, sh.json, sh.page, func(dst []byte) ([]byte, error) { return AppendJSON(dst[:0], sh.page) })
		})
		b.Run(sh.name()+"/via=writejson", func(b *testing.B) {
			hit(b, sh.json, sh.page, func(dst []byte) ([]byte, error) {
				w := sliceWriter(dst[:0])
				err := WriteJSON(&w, sh.page)
				return w, err
			})
		})
		b.Run(sh.name()+"/via=writediscard", func(b *testing.B) {
			hitDiscard(b, sh.json, sh.page)
		})
		b.Run(sh.name()+"/via=fragments", func(b *testing.B) {
			frags := scalarFragments(b, sh.json)
			hit(b, sh.json, sh.json, func(dst []byte) ([]byte, error) {
				dst = dst[:0]
				for _, f := range frags {
					dst = append(dst, sh.json[f[0]:f[1]]...)
				}
				return dst, nil
			})
		})
		b.Run(sh.name()+"/via=s2", func(b *testing.B) {
			sz := s2.Encode(nil, sh.json)
			hit(b, sh.json, sz, func(dst []byte) ([]byte, error) { return s2.Decode(dst, sz) })
		})
		b.Run(sh.name()+"/via=zstd", func(b *testing.B) {
			zs := zenc.EncodeAll(sh.json, nil)
			hit(b, sh.json, zs, func(dst []byte) ([]byte, error) { return zdec.DecodeAll(zs, dst[:0]) })
		})
		b.Run(sh.name()+"/via=fast", func(b *testing.B) {
			var c pagebuild.Compressor
			fast := c.Compress(append([]byte(nil), sh.page...), 0, pagebuild.CompressFast)
			hit(b, sh.json, fast, func(dst []byte) ([]byte, error) { return AppendJSON(dst[:0], fast) })
		})
		b.Run(sh.name()+"/via=small", func(b *testing.B) {
			var c pagebuild.Compressor
			small := c.Compress(append([]byte(nil), sh.page...), 0, pagebuild.CompressSmall)
			hit(b, sh.json, small, func(dst []byte) ([]byte, error) { return AppendJSON(dst[:0], small) })
		})
	}
}

// hit runs one hit benchmark: serve writes the JSON for entry into a
// buffer it may reuse, and must write exactly want.
func hit(b *testing.B, want, entry []byte, serve func(dst []byte) ([]byte, error)) {
	b.SetBytes(int64(len(want)))
	b.ReportAllocs()
	out, err := serve(nil)
	if err != nil || string(out) != string(want) {
		b.Fatalf("the hit does not serve the JSON (error %v)", err)
	}
	for b.Loop() {
		if out, err = serve(out); err != nil {
			b.Fatal(err)
		}
	}
	// After the loop: b.Loop's first call resets the timer, and with it
	// every metric reported before.
	b.ReportMetric(100*float64(len(entry))/float64(len(want)), "%json")
}

// hitDiscard runs WriteJSON of page to io.Discard, after one call into a
// sliceWriter that must write exactly want.
func hitDiscard(b *testing.B, want, page []byte) {
	b.SetBytes(int64(len(want)))
	b.ReportAllocs()
	var w sliceWriter
	if err := WriteJSON(&w, page); err != nil || string(w) != string(want) {
		b.Fatalf("WriteJSON does not serve the JSON (error %v)", err)
	}
	for b.Loop() {
		if err := WriteJSON(io.Discard, page); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(100*float64(len(page))/float64(len(want)), "%json")
}

// sliceWriter is an io.Writer that appends to itself: WriteJSON's target in
// the hit benchmark, so that its output can be compared like the others'.
type sliceWriter []byte

func (w *sliceWriter) Write(p []byte) (int, error) {
	*w = append(*w, p...)
	return len(p), nil
}

// scalarFragments splits js after every scalar value (string, number,
// true, false, null): each piece holds what precedes the value since the
// last one (brackets, commas, the key) and the value's text. Copying the
// pieces in order rebuilds js with one copy per cell, the least work any
// renderer that writes a cell at a time can do: via=fragments measures
// that bound.
func scalarFragments(b *testing.B, js []byte) [][2]int {
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var out [][2]int
	start := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := tok.(json.Delim); ok {
			continue
		}
		end := int(dec.InputOffset())
		out = append(out, [2]int{start, end})
		start = end
	}
	if start < len(js) {
		out = append(out, [2]int{start, len(js)})
	}
	return out
}
