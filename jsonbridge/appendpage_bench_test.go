package jsonbridge

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// BenchmarkAppendPageEveryShape times the miss from JSON text (issue 16) on
// every dataset and size of the every-shape tests, beside its two peers on
// the same text:
//
//	via=appendpage    AppendPage of the JSON into a reused buffer
//	via=zstd-fastest  EncodeAll at SpeedFastest into a reused buffer
//	via=unmarshal     json.Unmarshal into []map[string]any
//
// b.SetBytes is the JSON's length. Count one call's instructions with
//
//	tools/instructions ./jsonbridge 'AppendPageEveryShape/dataset=citm-performances/rows=25/via=appendpage$' \
//	    'github.com/rowpage/rowpage/jsonbridge.(*PageMode).AppendPage'
func BenchmarkAppendPageEveryShape(b *testing.B) {
	zenc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	srcs := shapeSources(b, "json")
	for len(srcs) > 0 {
		// Nested runs, so that a pattern naming one dataset and size builds
		// only its page; a dataset's sizes are listed together.
		n := 1
		for n < len(srcs) && srcs[n].set == srcs[0].set {
			n++
		}
		b.Run("dataset="+srcs[0].set, func(b *testing.B) {
			for _, src := range srcs[:n] {
				b.Run("rows="+strconv.Itoa(src.rows), func(b *testing.B) {
					shs, err := src.build()
					if err != nil {
						b.Fatal(err)
					}
					for _, sh := range shs {
						missPeers(b, sh.json, zenc)
					}
				})
			}
		})
		srcs = srcs[n:]
	}
}

// missPeers runs AppendPage and its peers on text.
func missPeers(b *testing.B, text []byte, zenc *zstd.Encoder) {
	b.Run("via=appendpage", func(b *testing.B) {
		miss(b, text, func(dst []byte) ([]byte, error) { return AppendPage(dst[:0], text) })
	})
	b.Run("via=zstd-fastest", func(b *testing.B) {
		miss(b, text, func(dst []byte) ([]byte, error) { return zenc.EncodeAll(text, dst[:0]), nil })
	})
	b.Run("via=unmarshal", func(b *testing.B) {
		miss(b, text, func([]byte) ([]byte, error) {
			var v []map[string]any
			return nil, json.Unmarshal(text, &v)
		})
	})
}

// miss runs one miss benchmark over text: build writes the entry for text
// into a buffer it may reuse.
func miss(b *testing.B, text []byte, build func(dst []byte) ([]byte, error)) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	out, err := build(nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if out, err = build(out); err != nil {
			b.Fatal(err)
		}
	}
}
