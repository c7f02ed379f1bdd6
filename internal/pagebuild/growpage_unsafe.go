//go:build !purego

package pagebuild

import (
	"strings"
	"unsafe"
)

// growPage returns dst with room for n more bytes, as slices.Grow does,
// for a page that Finish then writes byte by byte. Where it allocates, it
// does not clear the new room: slices.Grow writes zeros over all of it
// first, and on a page bigger than the last-level cache (50 MB for
// 100,000 BaaS rows) those zeros leave the cache before the page's bytes
// replace them, so the page was written to memory twice (cachegrind: 8.7
// of 64 last-level misses a row). The allocation is a strings.Builder's,
// which the runtime makes without clearing it; its bytes are reached
// through the builder's one-byte string. Cost: one allocation and a copy
// of dst, as slices.Grow, and no clear.
func growPage(dst []byte, n int) []byte {
	if n <= cap(dst)-len(dst) {
		return dst
	}
	var sb strings.Builder
	sb.Grow(max(len(dst)+n, 2*cap(dst)))
	sb.WriteByte(0) // so that the string has bytes, and an address
	buf := unsafe.Slice(unsafe.StringData(sb.String()), sb.Cap())
	return buf[:copy(buf, dst)]
}
