//go:build !(amd64 || arm64) || purego

package rowpage

import "github.com/rowpage/rowpage/internal/pagebuild"

// keyLoads returns the bytes of k, of up to 16 bytes, as two words: its
// first 8 and last 8 bytes, or first 4 and last 4, or its first, middle
// and last bytes, as strHash reads them. With len(k) they tell such keys
// apart; of a longer key they are its first and last 8 bytes. The safe
// twin of walk_keyloads_unsafe.go, read byte by byte (little-endian): too
// costly for the inliner, so its callers call it once a key.
func keyLoads(k string) (a, b uint64) {
	switch n := len(k); {
	case n >= 8:
		return pagebuild.Load64(k, 0), pagebuild.Load64(k, n-8)
	case n >= 4:
		return uint64(pagebuild.Load32(k, 0)), uint64(pagebuild.Load32(k, n-4))
	case n > 0:
		return uint64(k[0]) | uint64(k[n>>1])<<8 | uint64(k[n-1])<<16, 0
	}
	return 0, 0
}
