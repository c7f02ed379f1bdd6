package seal

import "testing"

// benchSizes is the ladder of plaintext sizes the benchmarks seal and open.
var benchSizes = []struct {
	name string
	n    int
}{{"1KiB", 1 << 10}, {"64KiB", 64 << 10}, {"1MiB", 1 << 20}, {"16MiB", 16 << 20}}

// BenchmarkSeal seals into a reused dst, as a cache writing entries does.
func BenchmarkSeal(b *testing.B) {
	kr := testKeyring(b, 1)
	aad := []byte("rowpage:v1:orders?customer=1234&page=1")
	for _, size := range benchSizes {
		b.Run(size.name, func(b *testing.B) {
			plain := pattern(size.n)
			dst := make([]byte, 0, size.n+Overhead(size.n))
			b.SetBytes(int64(size.n))
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if dst, err = kr.Seal(dst[:0], plain, aad); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpen opens into a reused dst, as a cache serving hits does.
func BenchmarkOpen(b *testing.B) {
	kr := testKeyring(b, 1)
	aad := []byte("rowpage:v1:orders?customer=1234&page=1")
	for _, size := range benchSizes {
		b.Run(size.name, func(b *testing.B) {
			sealed, err := kr.Seal(nil, pattern(size.n), aad)
			if err != nil {
				b.Fatal(err)
			}
			dst := make([]byte, 0, size.n)
			b.SetBytes(int64(size.n))
			b.ReportAllocs()
			for b.Loop() {
				if dst, err = kr.Open(dst[:0], sealed, aad); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
