//go:build !purego

package jsonwire

import (
	"unicode/utf8"
	"unsafe"
)

// quoteShortFast reports whether quoteShortAVX2 can run here: not on
// this processor, where quoteWords goes a word at a time.
const quoteShortFast = false

// quoteShortAVX2 has no vector form here; quoteShortFast keeps
// quoteWords from calling it.
func quoteShortAVX2(dst unsafe.Pointer, o int, src unsafe.Pointer, n int, esc *[utf8.RuneSelf]uint64, html bool) (out, in int) {
	panic("jsonwire: quoteShortAVX2 without AVX2")
}
