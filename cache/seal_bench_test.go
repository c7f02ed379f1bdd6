package cache_test

import (
	"fmt"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/rowpage/rowpage/seal"
)

// BenchmarkSealedHit is the cost of sealing on a hit: opening the entry
// (into a reused buffer) and rendering its JSON, against rendering alone.
// The target is a sealed hit within 1.25 times the plain one at 1,000 rows.
func BenchmarkSealedHit(b *testing.B) {
	kr, err := seal.NewKeyring(seal.NewKey(1))
	if err != nil {
		b.Fatal(err)
	}
	aad := []byte("app:v1:acme:0123456789abcdef0123456789abcdef")
	for _, n := range []int{25, 1000, 5000} {
		page, err := rowpage.Marshal(dataset.Rows(n))
		if err != nil {
			b.Fatal(err)
		}
		sealed, err := kr.Seal(nil, page, aad)
		if err != nil {
			b.Fatal(err)
		}
		var out, opened []byte
		b.Run(fmt.Sprintf("rows=%d/via=plain", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, _ = jsonbridge.AppendJSON(out[:0], page)
			}
			b.SetBytes(int64(len(out)))
		})
		b.Run(fmt.Sprintf("rows=%d/via=sealed", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if opened, err = kr.Open(opened[:0], sealed, aad); err != nil {
					b.Fatal(err)
				}
				out, _ = jsonbridge.AppendJSON(out[:0], opened)
			}
			b.SetBytes(int64(len(out)))
		})
	}
}
