//go:build !purego

package jsonwire

import (
	"slices"
	"unsafe"
)

// quoteStopsAVX2 writes the n bytes at p (n >= 32) from i on into dst,
// escaping the ASCII bytes that need it (escapeWords' escapes), until the
// end, or a stop (a byte an escape replaces) after a run that holds a byte
// from 0x80, or a stop whose escape would take more than slack bytes past
// the copy: k is where it stopped (n, or such a stop, not written), o the
// bytes it wrote, r the start of the run before k (after the last escape
// it wrote, or i), and high whether that run holds a byte from 0x80. It
// may write up to 31 bytes past o: dst must have room for n-i+32+slack
// bytes. Only call it when hasAVX2.
//
//go:noescape
func quoteStopsAVX2(dst, p unsafe.Pointer, i, n, slack int, html bool) (k, o, r int, high bool)

// quoteStopsFast reports whether quoteStops has a vector form here.
var quoteStopsFast = hasAVX2

// quoteStops appends s[i:] to dst as AppendQuoted writes it within the
// quotes, up to the end of s or a stop (a byte an escape replaces) it
// leaves to the caller, as quoteStopsAVX2 does: it returns dst, k (len(s)
// or that stop), r and whether the run s[r:k] holds a byte from 0x80,
// which the caller checks. For a string of 32 bytes or more on a processor
// with AVX2, quoteStopsAVX2, after growing dst to the room it needs;
// otherwise quoteStopsBytes.
func quoteStops(dst, s []byte, i int, escapeHTML bool) ([]byte, int, int, bool) {
	if !hasAVX2 || len(s) < 32 {
		return quoteStopsBytes(dst, s, i, escapeHTML)
	}
	need := len(s) - i + 32
	if cap(dst)-len(dst) < need+quoteStopsSlack {
		dst = slices.Grow(dst, need+quoteStopsSlack)
	}
	k, o, r, high := quoteStopsAVX2(unsafe.Pointer(unsafe.SliceData(dst[len(dst):cap(dst)])), unsafe.Pointer(unsafe.SliceData(s)),
		i, len(s), cap(dst)-len(dst)-need, escapeHTML)
	return dst[:len(dst)+o], k, r, high
}
