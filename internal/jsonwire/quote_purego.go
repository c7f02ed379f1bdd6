//go:build !(amd64 || arm64) || purego

package jsonwire

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// quoteASCII writes s[i:] into out from o on, as quoteRoom does, a word at
// a time: each word is stored whole, and the first byte of it that is not
// plain, if any, is written over with its escape from t (quoteTables).
// It returns where it stopped in out and in s: at the end of s, at a byte
// from 0x80, or when out has too little room (16 bytes for a word, 64 for
// the last few bytes). Its loops make no calls, so that they keep their
// state in registers. This is the safe twin of quote_unsafe.go's, which
// reads and writes through pointers: the same steps, bounds-checked.
//
//go:noinline
func quoteASCII[S ~string | ~[]byte](out []byte, o int, s S, i int, t *quoteTable) (int, int) {
	esc := &t.esc
	n := len(s)
	for i+8 <= n {
		if len(out)-o < 16 {
			return o, i
		}
		w := Load64(s, i)
		m := stopLanes(w)
		binary.LittleEndian.PutUint64(out[o:o+8], w)
		if m == 0 {
			o += 8
			i += 8
			continue
		}
		// The bytes before the first mark are plain, and stored.
		k := bits.TrailingZeros64(m) >> 3
		o += k
		i += k
		c := s[i]
		if c >= utf8.RuneSelf {
			return o, i
		}
		if e := esc[c]; e == 0 { // < > & without HTML escaping: stored already
			o++
		} else {
			binary.LittleEndian.PutUint64(out[o:], e)
			o += int(e >> 56)
		}
		i++
	}
	if i == n || len(out)-o < 64 {
		return o, i
	}
	// The last 1 to 7 bytes: the last word of s shifted down over the
	// bytes already done (or, when s is shorter than a word, gathered),
	// stored whole when they are all plain, else written byte by byte.
	r := uint(n - i)
	var w uint64
	if n >= 8 {
		w = Load64(s, n-8) >> ((64 - 8*r) & 63)
	} else {
		for k := n - 1; k >= i; k-- {
			w = w<<8 | uint64(s[k])
		}
	}
	if stopLanes(w)&(1<<(8*r&63)-1) == 0 {
		binary.LittleEndian.PutUint64(out[o:], w)
		return o + int(r), n
	}
	for ; i < n; i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return o, i
		}
		if e := esc[c]; e == 0 { // plain, or < > & without HTML escaping
			out[o] = c
			o++
		} else {
			binary.LittleEndian.PutUint64(out[o:], e)
			o += int(e >> 56)
		}
	}
	return o, i
}

// QuoteWordsInto writes s, of at most QuoteWordsMax bytes, into the room
// of dst after len(dst) with the escapes of t (quoteASCII), and returns
// the length of dst with what it wrote and the index of s it reached: the
// safe twin of quote_unsafe.go's.
func QuoteWordsInto(dst, s []byte, t *QuoteTable) (int, int) {
	return quoteASCII(dst[:cap(dst)], len(dst), s, 0, t)
}
