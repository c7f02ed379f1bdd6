package seal

import (
	"bytes"
	"io"
	"testing"
)

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

// BenchmarkOpen opens one entry again and again into a reused dst, as a
// cache serving hits on a hot entry does: after the first, every open finds
// the entry's AES-GCM state in the keyring's memo.
func BenchmarkOpen(b *testing.B) {
	benchOpen(b, false)
}

// BenchmarkOpenCold opens an entry whose state is not in the memo each time:
// the first hit on an entry, or a working set larger than the memo.
func BenchmarkOpenCold(b *testing.B) {
	benchOpen(b, true)
}

func benchOpen(b *testing.B, cold bool) {
	kr := testKeyring(b, 1)
	aad := []byte("rowpage:v1:orders?customer=1234&page=1")
	for _, size := range benchSizes {
		b.Run(size.name, func(b *testing.B) {
			sealed, err := kr.Seal(nil, pattern(size.n), aad)
			if err != nil {
				b.Fatal(err)
			}
			dst := make([]byte, 0, size.n)
			slot := &kr.memo.slots[memoSlot(sealed)]
			b.SetBytes(int64(size.n))
			b.ReportAllocs()
			for b.Loop() {
				if cold {
					slot.Store(nil)
				}
				if dst, err = kr.Open(dst[:0], sealed, aad); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStream seals through a Writer and opens through a Reader, 16 MiB
// at a time, with one segment held in memory.
func BenchmarkStream(b *testing.B) {
	kr := testKeyring(b, 1)
	aad := []byte("rowpage:v1:report")
	plain := pattern(16 << 20)
	sealed, _ := kr.Seal(nil, plain, aad)
	b.Run("Writer", func(b *testing.B) {
		b.SetBytes(int64(len(plain)))
		b.ReportAllocs()
		for b.Loop() {
			w, _ := kr.NewWriter(io.Discard, aad)
			w.Write(plain)
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Reader", func(b *testing.B) {
		b.SetBytes(int64(len(plain)))
		b.ReportAllocs()
		for b.Loop() {
			r, _ := kr.NewReader(bytes.NewReader(sealed), aad)
			if _, err := io.Copy(io.Discard, r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
