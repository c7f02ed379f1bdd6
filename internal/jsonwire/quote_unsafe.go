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
	if i >= len(str) {
		return o, i
	}
	o, k := quoteWords(unsafe.Pointer(unsafe.SliceData(out)), o, len(out), unsafe.Pointer(unsafe.StringData(str[i:])), len(str)-i, t)
	return o, i + k
}

// word returns the 8 bytes at p as a little-endian word: one load.
func word(p unsafe.Pointer) uint64 { return binary.LittleEndian.Uint64((*[8]byte)(p)[:]) }

// putWord stores w at p as 8 little-endian bytes: one store.
func putWord(p unsafe.Pointer, w uint64) { binary.LittleEndian.PutUint64((*[8]byte)(p)[:], w) }

// quoteWords is quoteASCII on the room bytes at dst and the n bytes at
// src, from the first: it has no parameter for where in src to start,
// which keeps QuoteWordsInto within the inliner's budget (quoteASCII
// passes the rest of s instead, whose last bytes, when fewer than 8
// remain, it then gathers one by one). The word loop's every access is
// within them: a
// word is read at i only when i+8 <= n (the last few bytes as the word
// ending at n, or one by one when n < 8),
// and written at o only when o+16 <= room (o+64 for the last few bytes,
// whose escapes may take 42). Its word test is stopLanes with the
// constants read from t (stopConsts.lanes). A string of up to
// quoteShortMax bytes with the room of every escape goes instead to
// quoteShortAVX2 where it runs, which tests 32 bytes at once (about 90
// instructions for strings of 1 to 8 bytes, where the words take 73 to
// 88, and fewer from 12 bytes on: the baas-25 hit's 66 permission
// strings of about 34 bytes cost 8.4k instructions less), when the 32
// bytes after src+n, which it may read, lie in the page of its last byte
// (shortReadable).
//
//go:noinline
func quoteWords(dst unsafe.Pointer, o, room int, src unsafe.Pointer, n int, t *quoteTable) (int, int) {
	esc, sw := &t.esc, &t.stop
	if quoteShortFast && n <= quoteShortMax && room-o >= quoteShortRoom(n) && shortReadable(src, n) {
		return quoteShortAVX2(dst, o, src, n, esc, t == &quoteTables[1])
	}
	i := 0
	if n >= 8 && room-o >= quoteRoomFor(n) {
		// Room for the escapes of every byte: no room test in the loop,
		// and the last few bytes go through it too.
		for {
			var w, m uint64
			r := 8
			if i+8 <= n {
				w = *(*uint64)(unsafe.Add(src, i))
				m = sw.lanes(w)
			} else {
				if i == n {
					return o, i
				}
				// The word ending at n, shifted down over the bytes done;
				// the zero lanes above it are no stops.
				r = n - i
				w = *(*uint64)(unsafe.Add(src, n-8)) >> ((64 - 8*uint(r)) & 63)
				m = sw.lanes(w) & (1<<(8*uint(r)&63) - 1)
			}
			*(*uint64)(unsafe.Add(dst, o)) = w
			// Each stop's escape is written over its byte and the rest of
			// the word stored again after it (a shift by 64 for the last
			// lane stores the word again past it, bytes the next store or
			// the caller's length leave out), with no new word test.
			for m != 0 {
				k := bits.TrailingZeros64(m) >> 3
				c := *(*byte)(unsafe.Add(src, i+k))
				if c >= utf8.RuneSelf {
					return o + k, i + k
				}
				if e := esc[c]; e != 0 { // else < > & without HTML escaping: stored already
					*(*uint64)(unsafe.Add(dst, o+k)) = e
					o += int(e>>56) - 1
					*(*uint64)(unsafe.Add(dst, o+k+1)) = w >> (8 * uint(k+1) & 63)
				}
				m &= m - 1
			}
			o += r
			i += r
		}
	}
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

// shortReadable reports whether the 32 bytes after the n bytes at src
// (n >= 1) lie in the same 4 KiB page as its last byte, so that
// quoteShortAVX2 may read them: memory is mapped a page at a time, so a
// read that stays within the page of a byte of src cannot fault. False
// for 32 of every 4,096 ends.
func shortReadable(src unsafe.Pointer, n int) bool {
	return (uintptr(src)+uintptr(n)-1)&4095 < 4096-32
}

// quoteRoomFor returns the room in bytes quoteWords' loop without room
// tests needs for n bytes of input: 6 output bytes a byte at most (\u00XX)
// and a word's store past the last.
func quoteRoomFor(n int) int { return 6*n + 8 }

// QuoteWordsInto writes s, of at most QuoteWordsMax bytes, into the room
// of dst after len(dst) with the escapes of t, as AppendQuoted does but
// without quotes, a word at a time (quoteWords, entered directly: no call
// between the caller and the loop). It returns the length of dst with
// what it wrote, and the index of s it reached: len(s) when it wrote all
// of s, or where it stopped at a byte from 0x80 or for want of room (see
// quoteASCII); AppendQuotedRest takes it from there. It may write up to 8
// bytes past the returned length (32 where quoteShortAVX2 runs), within
// cap(dst). See quote_into.go for
// the whole sequence. Inlines.
func QuoteWordsInto(dst, s []byte, t *QuoteTable) (int, int) {
	return quoteWords(unsafe.Pointer(unsafe.SliceData(dst)), len(dst), cap(dst), unsafe.Pointer(unsafe.SliceData(s)), len(s), t)
}
