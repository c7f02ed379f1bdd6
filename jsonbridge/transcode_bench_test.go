package jsonbridge

import (
	"fmt"
	"io"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// BenchmarkTranscode compares the ways a page becomes JSON: AppendJSON
// with a reused buffer (cells validated while rendered), WriteJSON to
// io.Discard (the whole page validated first, then 32 KiB chunks), and
// AppendJSON under a mode with a row limit that still writes every row
// (validated first, as every mode with an offset, limit or column subset).
func BenchmarkTranscode(b *testing.B) {
	for _, n := range []int{100, 1000} {
		page, err := rowpage.Marshal(dataset.Rows(n))
		if err != nil {
			b.Fatal(err)
		}
		limited, err := Options{Limit: n}.Mode()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("via=appendjson/rows=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var out []byte
			for b.Loop() {
				if out, err = AppendJSON(out[:0], page); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(len(out)))
		})
		b.Run(fmt.Sprintf("via=writejson/rows=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteJSON(io.Discard, page); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("via=appendjson-limit/rows=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var out []byte
			for b.Loop() {
				if out, err = limited.AppendJSON(out[:0], page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
