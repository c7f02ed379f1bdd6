//go:build (amd64 || arm64) && !purego

package jsonwire

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// quoteASCII writes s[i:] into out from o on, as quoteRoom does, a word at
// a time: each word is stored whole, and the first byte of it that is not
// plain, if any, is written over with its escape from t (quoteTables).
// It returns where it stopped in out and in s: at the end of s, at a byte
// from 0x80, or when out has too little room (16 bytes for a word, 64 for
// the last few bytes). quoteWords does the work through pointers, on
// processors that load and store unaligned words (quote_purego.go is its
// bounds-checked twin): with slices, their bounds and capacities, its
// loop had more values live than registers and spilled them, at about
// twice the instructions a word.
func quoteASCII[S ~string | ~[]byte](out []byte, o int, s S, i int, t *quoteTable) (int, int) {
	// A string header and the first two words of a slice header agree.
	str := *(*string)(unsafe.Pointer(&s))
	return quoteWords(unsafe.Pointer(unsafe.SliceData(out)), o, len(out), unsafe.Pointer(unsafe.StringData(str)), i, len(str), t)
}

// word returns the 8 bytes at p as a little-endian word: one load.
func word(p unsafe.Pointer) uint64 { return binary.LittleEndian.Uint64((*[8]byte)(p)[:]) }

// putWord stores w at p as 8 little-endian bytes: one store.
func putWord(p unsafe.Pointer, w uint64) { binary.LittleEndian.PutUint64((*[8]byte)(p)[:], w) }

// quoteWords is quoteASCII on the room bytes at dst and the n bytes at
// src. Every access is within them: a word is read at i only when i+8 <= n
// (the last few bytes as the word ending at n, or one by one when n < 8),
// and written at o only when o+16 <= room (o+64 for the last few bytes,
// whose escapes may take 42). Its word test is stopLanes with the
// constants read from t (stopConsts.lanes).
//
//go:noinline
func quoteWords(dst unsafe.Pointer, o, room int, src unsafe.Pointer, i, n int, t *quoteTable) (int, int) {
	esc, sw := &t.esc, &t.stop
	for i+8 <= n {
		if room-o < 16 {
			return o, i
		}
		w := word(unsafe.Add(src, i))
		m := sw.lanes(w)
		putWord(unsafe.Add(dst, o), w)
		if m == 0 {
			o += 8
			i += 8
			continue
		}
		// The bytes before the first mark are plain, and stored.
		k := bits.TrailingZeros64(m) >> 3
		o += k
		i += k
		c := *(*byte)(unsafe.Add(src, i))
		if c >= utf8.RuneSelf {
			return o, i
		}
		if e := esc[c]; e == 0 { // < > & without HTML escaping: stored already
			o++
		} else {
			putWord(unsafe.Add(dst, o), e)
			o += int(e >> 56)
		}
		i++
	}
	if i == n || room-o < 64 {
		return o, i
	}
	// The last 1 to 7 bytes: the last word of s shifted down over the
	// bytes already done (or, when s is shorter than a word, gathered),
	// stored whole when they are all plain, else written byte by byte.
	r := uint(n - i)
	var w uint64
	if n >= 8 {
		w = word(unsafe.Add(src, n-8)) >> ((64 - 8*r) & 63)
	} else {
		for k := n - 1; k >= i; k-- {
			w = w<<8 | uint64(*(*byte)(unsafe.Add(src, k)))
		}
	}
	if sw.lanes(w)&(1<<(8*r&63)-1) == 0 {
		putWord(unsafe.Add(dst, o), w)
		return o + int(r), n
	}
	for ; i < n; i++ {
		c := *(*byte)(unsafe.Add(src, i))
		if c >= utf8.RuneSelf {
			return o, i
		}
		if e := esc[c]; e == 0 { // plain, or < > & without HTML escaping
			*(*byte)(unsafe.Add(dst, o)) = c
			o++
		} else {
			putWord(unsafe.Add(dst, o), e)
			o += int(e >> 56)
		}
	}
	return o, i
}
