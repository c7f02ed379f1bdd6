//go:build !purego

package pageread

import (
	"encoding/binary"
	"unsafe"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// word8 reads b[i:i+8] as a little-endian word without bounds checks: the
// integer renderers have checked 0 <= i and i+8 <= len(b) already, in the
// form their slow path needs, which the compiler cannot carry over to
// jsonwire.Load64's own two checks (a fifth of a one-byte member's read).
func word8(b []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))[:])
}

// spare24 returns the 24 bytes of dst's spare room from index n, without
// bounds checks: the caller has checked 0 <= n and n+24 <= cap(dst).
func spare24(dst []byte, n int) *[24]byte {
	return (*[24]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), n))
}

// spareTime returns the jsonwire.TimestampWindow bytes of dst's spare room
// from index n, without bounds checks: the caller has checked 0 <= n and
// n+TimestampWindow <= cap(dst).
func spareTime(dst []byte, n int) *[jsonwire.TimestampWindow]byte {
	return (*[jsonwire.TimestampWindow]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), n))
}
