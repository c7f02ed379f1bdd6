//go:build !purego

package jsonwire

import (
	"unicode/utf8"
	"unsafe"
)

// quoteShortAVX2 writes the n bytes at src into dst from o on as
// AppendQuoted writes them within the quotes, up to the end or the first
// byte from 0x80, with the escapes of esc (escapeWords[1] when html,
// else escapeWords[0]), and returns o plus the bytes it wrote and the
// index of src it reached: quoteWords' work, thirty-two bytes a step
// (quoteshort_amd64.s). It reads up to 31 bytes past src+n (shortReadable
// says when that stays within src's page) and writes up to dst+o+6n+32
// (quoteShortRoom). Only call it when hasAVX2.
//
//go:noescape
func quoteShortAVX2(dst unsafe.Pointer, o int, src unsafe.Pointer, n int, esc *[utf8.RuneSelf]uint64, html bool) (out, in int)

// quoteShortFast reports whether quoteShortAVX2 can run here.
var quoteShortFast = hasAVX2
