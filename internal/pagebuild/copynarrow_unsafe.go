//go:build !purego && (amd64 || arm64)

package pagebuild

import "unsafe"

// copyNarrow is copyRun for tables of width 1 or 2: it copies the strings
// of order into data from data[end], writes their end offsets to ends
// (len(order) offsets of width bytes) and offs, and returns the last end.
// A string of up to 32 bytes, most of a page's, is copied with loads and
// stores that overlap in the middle (two of 16 bytes, as two words each,
// two of 8 bytes, 4, or single bytes for up to 3), which write nothing
// past it; a longer one by copy (whose call of memmove cost about 36
// instructions a string of 17 to 32 bytes: a text of a few words).
// The stores go through pointers, each string's checked to end within
// data first (and each end offset within ends), where copy's call of
// memmove and the slicing of data and ends for each string cost about 50
// instructions a string more. Only where words may be unaligned and are
// stored little-endian (amd64, arm64); copynarrow_purego.go is the twin.
func copyNarrow(ends, data []byte, end, width int, strs []string, order, offs []uint32) int {
	if len(ends) < width*len(order) || len(offs) < len(order) {
		panic("pagebuild: copyNarrow: short ends or offs")
	}
	d := unsafe.Pointer(unsafe.SliceData(data))
	e := unsafe.Pointer(unsafe.SliceData(ends))
	for i, id := range order {
		s := strs[id]
		n := len(s)
		if uint(len(data)-end) < uint(n) {
			panic("pagebuild: copyNarrow: strings longer than their table")
		}
		p := unsafe.Add(d, end)
		q := unsafe.Pointer(unsafe.StringData(s))
		switch {
		case n > 16: // one test for the shorter strings, most of a page's
			if n > 32 {
				copy(unsafe.Slice((*byte)(p), n), s)
				break
			}
			a0, a1 := *(*uint64)(q), *(*uint64)(unsafe.Add(q, 8))
			b0, b1 := *(*uint64)(unsafe.Add(q, n-16)), *(*uint64)(unsafe.Add(q, n-8))
			*(*uint64)(unsafe.Add(p, n-16)), *(*uint64)(unsafe.Add(p, n-8)) = b0, b1
			*(*uint64)(p), *(*uint64)(unsafe.Add(p, 8)) = a0, a1
		case n >= 8:
			a, b := *(*uint64)(q), *(*uint64)(unsafe.Add(q, n-8))
			*(*uint64)(unsafe.Add(p, n-8)) = b
			*(*uint64)(p) = a
		case n >= 4:
			a, b := *(*uint32)(q), *(*uint32)(unsafe.Add(q, n-4))
			*(*uint32)(unsafe.Add(p, n-4)) = b
			*(*uint32)(p) = a
		case n > 0:
			a, b, c := *(*byte)(q), *(*byte)(unsafe.Add(q, n>>1)), *(*byte)(unsafe.Add(q, n-1))
			*(*byte)(unsafe.Add(p, n-1)) = c
			*(*byte)(unsafe.Add(p, n>>1)) = b
			*(*byte)(p) = a
		}
		end += n
		if width == 1 {
			*(*byte)(unsafe.Add(e, i)) = byte(end)
		} else {
			*(*uint16)(unsafe.Add(e, 2*i)) = uint16(end) // little-endian: amd64 and arm64
		}
		offs[i] = uint32(end)
	}
	return end
}
