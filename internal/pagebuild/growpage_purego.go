//go:build purego

package pagebuild

import "slices"

// growPage returns dst with room for n more bytes: slices.Grow, which
// clears the room it allocates (growpage_unsafe.go does not).
func growPage(dst []byte, n int) []byte { return slices.Grow(dst, n) }
