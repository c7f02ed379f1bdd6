//go:build purego

package pageread

import "github.com/rowpage/rowpage/internal/jsonwire"

// word8 reads b[i:i+8] as a little-endian word: the checked twin of the
// unsafe read, for an i the caller has checked (0 <= i, i+8 <= len(b)).
func word8(b []byte, i int) uint64 { return jsonwire.Load64(b, i) }

// spare24 returns the 24 bytes of dst's spare room from index n: the
// checked twin of the unsafe view, for n+24 <= cap(dst).
func spare24(dst []byte, n int) *[24]byte { return (*[24]byte)(dst[n : n+24]) }

// spareTime returns the jsonwire.TimestampWindow bytes of dst's spare room
// from index n: the checked twin of the unsafe view, for
// n+TimestampWindow <= cap(dst).
func spareTime(dst []byte, n int) *[jsonwire.TimestampWindow]byte {
	return (*[jsonwire.TimestampWindow]byte)(dst[n : n+jsonwire.TimestampWindow])
}
