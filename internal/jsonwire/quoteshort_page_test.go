//go:build linux

package jsonwire

import (
	"strings"
	"syscall"
	"testing"
)

// TestQuoteShortPageEnd quotes strings that end at every place of the
// last 48 bytes before an unmapped page: quoteShortAVX2 reads up to 32
// bytes past a string's end, which shortReadable allows only within the
// page of its last byte, so a wrong bound faults here. Each string holds
// escapes throughout and ends in one, whose store of the bytes after it
// reads the furthest.
func TestQuoteShortPageEnd(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	text := strings.Repeat("ab\"c\\d\ne", quoteShortMax/8+1) + "\""
	for n := 1; n <= quoteShortMax; n++ {
		for gap := 0; gap <= 48; gap++ {
			end := page - gap
			s := mem[end-n : end : end]
			copy(s, text[len(text)-n:])
			for _, html := range []bool{true, false} {
				want := refQuoted(string(s), html)
				if got := quoteIntoSeq(t, s, html, 1+quoteShortRoom(n)); string(got) != want {
					t.Fatalf("%q ending %d bytes before the page end: %s, want %s", s, gap, got, want)
				}
			}
		}
	}
}
