//go:build !purego && (amd64 || arm64)

package pageread

import "unsafe"

// load8 returns the eight bytes at b[i:], little-endian, without bounds
// checks, for quickRun, which has checked 0 <= i <= len(b)-8. It is one
// move where jsonwire.Load64 and word8 cost a bounds check or the no-op
// marks of their nested inlined calls: quickRun loads once or twice an
// element. Only where a word is little-endian in memory.
func load8(b []byte, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

// load1 returns b[i] without a bounds check, for quickRun, which has
// checked 0 <= i < len(b): so that its loop keeps no register for len(b).
func load1(b []byte, i int) byte {
	return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}
